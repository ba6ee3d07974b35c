import type { CpuCost } from './cpu.ts';
import type { Machine } from './environment.ts';
import type { MailThroughputResult } from './mail-throughput.ts';
import type { NotificationsResult } from './notifications.ts';

/** The notifications scenario's run: written to its own section of RESULTS.md. */
export interface NotificationsReport {
  date: string;
  machine: Machine;
  database: { kind: 'pglite' | 'postgres'; version: string };
  preset: string;
  settings: string;
  likes: {
    result: NotificationsResult;
    /** Notification rows of the liked posts' group keys before and after the window. */
    rowsBefore: number;
    rowsAfter: number;
    peakRssMb: number | null;
    load: [number, number, number];
    cpu: CpuCost;
  } | null;
  mail: {
    result: MailThroughputResult;
    peakRssMb: number | null;
    load: [number, number, number];
    cpu: CpuCost;
  } | null;
}

export const GOALS = { deliveryP99Ms: 200, emailsPerSecond: 200, likesPerSecond: 1000 };

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const int = (value: number) => Math.round(value).toLocaleString('en');
const mb = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} MB`);
const yes = (met: boolean) => (met ? 'yes' : '**no**');
const load = (l: [number, number, number]) => l.map((v) => v.toFixed(2)).join(', ');
const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(
      ([code, n]) =>
        `${int(n)}×${code.startsWith('0') ? `no answer (${code.slice(2) || '?'})` : code}`,
    )
    .join(' ') || '0';
const cpuPer = (cpu: CpuCost, n: number) =>
  n === 0
    ? '—'
    : [
        `server ${cpu.serverMs === null ? '—' : (cpu.serverMs / n).toFixed(2)}`,
        `PostgreSQL ${cpu.databaseMs === null ? '—' : (cpu.databaseMs / n).toFixed(2)}`,
        `bench ${(cpu.benchMs / n).toFixed(2)}`,
      ].join(', ');

export function rowsPerLike(likes: NonNullable<NotificationsReport['likes']>): number {
  return likes.result.liked === 0 ? 0 : (likes.rowsAfter - likes.rowsBefore) / likes.result.liked;
}

export function renderNotificationsReport(report: NotificationsReport): string {
  const { machine, database } = report;
  const lines = [
    `### ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, \`${report.preset}\` preset — ${report.date}`,
    '',
    `- Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB RAM, Node.js ${machine.node}; server, database and load generator on the same machine, shared with other work (see the load averages).`,
    `- Database: ${database.version}.`,
    `- Settings: ${report.settings}.`,
    '',
  ];
  const likes = report.likes;
  if (likes) {
    const r = likes.result;
    const perLike = rowsPerLike(likes);
    lines.push(
      `Likes (load average ${load(likes.load)} at the start of the window):`,
      '',
      '| Measure | Value | Goal | Met |',
      '| --- | --: | --- | --- |',
      `| Sockets open (failed); of them the authors' | ${int(r.socketsOpen)} (${int(r.socketFailures)}); ${int(r.authorSockets)} | 2,000 | ${yes(r.socketsOpen >= 2000)} |`,
      `| Likes sent / liked (200) / other answers | ${int(r.sent)} / ${int(r.liked)} / ${statusList(r.statuses)} | all 200 | ${yes(r.liked === r.sent)} |`,
      `| Likes per second achieved | ${int(r.perSecond)} | ${int(GOALS.likesPerSecond)} | ${yes(r.perSecond >= GOALS.likesPerSecond * 0.95)} |`,
      `| Like latency p50 / p99 | ${ms(r.likeP50)} / ${ms(r.likeP99)} ms | — | |`,
      `| Most requests in flight; latest arrival behind schedule | ${int(r.maxInFlight)}; ${ms(r.maxLagMs)} ms | — | |`,
      `| Notification rows of the liked posts, before → after | ${int(likes.rowsBefore)} → ${int(likes.rowsAfter)} | — | |`,
      `| Notification rows written per like | ${perLike.toFixed(4)} | ≪ 1: at most one entry per post | ${yes(likes.rowsAfter - likes.rowsBefore <= r.posts)} |`,
      `| Bell frames on the authors' sockets / likes matched to one | ${int(r.frames)} / ${int(r.matched)} | one per like | ${yes(r.matched === r.liked)} |`,
      `| Delivery to the author's socket p50 / p99 / max (k-th like ↔ k-th frame) | ${ms(r.deliveryP50)} / ${ms(r.deliveryP99)} / ${ms(r.deliveryMax)} ms | p99 ≤ ${GOALS.deliveryP99Ms} ms | ${yes(r.matched > 0 && r.deliveryP99 <= GOALS.deliveryP99Ms)} |`,
      `| Next frame after the send p50 / p99 (a lower bound) | ${ms(r.nextFrameP50)} / ${ms(r.nextFrameP99)} ms | — | |`,
      `| Bench event-loop delay p99 (the measuring error) | ${ms(r.benchLoopDelayP99)} ms | — | |`,
      `| Server peak RSS | ${mb(likes.peakRssMb)} | — | |`,
      `| CPU ms per like | ${cpuPer(likes.cpu, r.liked)} | — | |`,
      '',
    );
  }
  const mail = report.mail;
  if (mail) {
    const r = mail.result;
    lines.push(
      `Email (load average ${load(mail.load)} at the start):`,
      '',
      '| Measure | Value | Goal | Met |',
      '| --- | --: | --- | --- |',
      `| Reset requests / accepted (202) / other answers | ${int(r.requested)} / ${int(r.accepted)} / ${statusList(r.statuses)} | all 202 | ${yes(r.accepted === r.requested)} |`,
      `| Request latency p50 / p99; all answered after | ${ms(r.requestP50)} / ${ms(r.requestP99)} ms; ${r.requestSeconds.toFixed(1)} s | — | |`,
      `| New .eml files in the outbox | ${int(r.written)} | ${int(r.accepted)} | ${yes(r.written >= r.accepted)} |`,
      `| First request → last mail written; of it, after the last answer | ${r.seconds.toFixed(1)} s; ${r.drainSeconds.toFixed(1)} s | — | |`,
      `| Emails per second into the outbox, first request to last mail (requests and queue on the same cores) | ${int(r.perSecond)} | — | |`,
      `| The queue alone: its backlog at the last answer, drained at | ${int(r.backlog)} mails, ${int(r.drainPerSecond)} emails/s | ≥ ${GOALS.emailsPerSecond} | ${yes(r.written >= r.accepted && r.drainPerSecond >= GOALS.emailsPerSecond)} |`,
      `| Server peak RSS | ${mb(mail.peakRssMb)} | — | |`,
      `| CPU ms per email | ${cpuPer(mail.cpu, r.written)} | — | |`,
      '',
    );
  }
  return lines.join('\n');
}
