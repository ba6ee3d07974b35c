import type { SeedConnection } from '../seed/connection.ts';
import type { CpuCost } from './cpu.ts';
import { loadAverage } from './environment.ts';
import { runMailThroughput } from './mail-throughput.ts';
import type { NotificationsReport } from './notifications-report.ts';
import { countLikeNotifications, type NotificationsSample } from './notifications-sample.ts';
import { closeLikes, driveLikes, likePairs, openNotificationSockets } from './notifications.ts';
import { signInAll } from './sessions.ts';

export interface NotificationsSettings {
  rate: number;
  durationSeconds: number;
  mails: number;
  maxInFlight: number;
  mailConcurrency: number;
  /** Likes at the same rate before the measured ones, not counted (0: none). */
  warmupSeconds: number;
}

type Measure = <T>(
  work: () => Promise<T>,
) => Promise<{ result: T; peakRssMb: number | null; load1: number; cpu: CpuCost }>;

export interface NotificationsRunContext {
  url: string;
  sample: NotificationsSample;
  /** PostgreSQL: open while the server runs. PGlite: null (counted before and after the server). */
  db: SeedConnection | null;
  rowsBefore: number;
  outboxDir: string;
  /** The bench started the server: the mails it caused are its own to delete. */
  ownServer: boolean;
  settings: NotificationsSettings;
  measure: Measure;
  log: (line: string) => void;
}

/**
 * The two parts of the notifications scenario, one after the other: likes with the sockets open,
 * then (sockets closed) the email throughput. `rowsAfter` is -1 when the database could not be
 * read while the server ran (PGlite): the caller counts it after stopping the server.
 */
export async function runNotificationsScenario(
  context: NotificationsRunContext,
): Promise<Pick<NotificationsReport, 'likes' | 'mail'>> {
  const { url, sample, db, settings, log } = context;
  log(
    `Notifications: signing in ${sample.authors.length} authors and ${sample.members.length} members…\n`,
  );
  const authorSessions = await signInAll(url, sample.authors);
  const memberSessions = await signInAll(url, sample.members);
  log(`Notifications: opening ${authorSessions.length + memberSessions.length} sockets…\n`);
  const sockets = await openNotificationSockets(url, authorSessions, memberSessions);
  const rowsBefore = db
    ? await countLikeNotifications(db.query.bind(db), sample.authors)
    : context.rowsBefore;
  log(
    `Notifications: ${settings.rate} likes/s for ${settings.durationSeconds} s on ${sample.authors.length} authors' posts…\n`,
  );
  const drive = {
    url,
    sample,
    authorSessions,
    memberSessions,
    ratePerSecond: settings.rate,
    maxInFlight: settings.maxInFlight,
    pairs: likePairs(sample, memberSessions.length),
  };
  // Rows are counted before the warm-up: its likes' entries are the run's too.
  // A server just started runs its first seconds of likes cold (code not yet optimised, every
  // connection new), and their backlog would be counted as the measured seconds' latency.
  if (settings.warmupSeconds > 0) {
    const warm = await driveLikes({ ...drive, durationSeconds: settings.warmupSeconds }, sockets);
    log(
      `  warm-up: ${warm.liked} likes in ${settings.warmupSeconds} s (p99 ${warm.likeP99.toFixed(0)} ms), not counted\n`,
    );
  }
  const likeLoad = loadAverage();
  const likes = await context.measure(() =>
    driveLikes({ ...drive, durationSeconds: settings.durationSeconds }, sockets),
  );
  closeLikes(sockets);
  const rowsAfter = db ? await countLikeNotifications(db.query.bind(db), sample.authors) : -1;
  const r = likes.result;
  log(
    `  ${Math.round(r.perSecond)} likes/s (${r.liked} of ${r.sent}), p50 ${r.likeP50.toFixed(1)} ms, p99 ${r.likeP99.toFixed(1)} ms; delivery p50 ${r.deliveryP50.toFixed(1)} ms, p99 ${r.deliveryP99.toFixed(1)} ms (${r.matched} matched of ${r.frames} frames); rows ${rowsBefore} → ${rowsAfter < 0 ? '(counted once the server stops)' : rowsAfter}\n`,
  );

  log(`Email: ${sample.mailEmails.length} password-reset requests, until the outbox holds them…\n`);
  const mailLoad = loadAverage();
  const mail = await context.measure(() =>
    runMailThroughput({
      url,
      emails: sample.mailEmails,
      outboxDir: context.outboxDir,
      concurrency: settings.mailConcurrency,
      timeoutMs: 300_000,
      cleanUp: context.ownServer,
    }),
  );
  const m = mail.result;
  log(
    `  ${m.written} of ${m.accepted} mails in ${m.seconds.toFixed(1)} s: ${Math.round(m.perSecond)} emails/s (requests answered in ${m.requestSeconds.toFixed(1)} s); the queue alone drained ${m.backlog} at ${Math.round(m.drainPerSecond)}/s\n`,
  );
  return {
    likes: {
      result: r,
      rowsBefore,
      rowsAfter,
      peakRssMb: likes.peakRssMb,
      load: likeLoad,
      cpu: likes.cpu,
    },
    mail: { result: m, peakRssMb: mail.peakRssMb, load: mailLoad, cpu: mail.cpu },
  };
}
