import type { NotificationsReport } from './notifications-report.ts';
import type { RunReport } from './report.ts';

/** The smoke check passes when every request and every message went through. */
export function smokeVerdict(
  report: RunReport,
  notifications: NotificationsReport | null,
  fanoutFailures: string[],
): number {
  const failures: string[] = [...fanoutFailures];
  for (const row of report.http) {
    if (row.result.requests === 0) failures.push(`${row.name}: no requests completed`);
    if (row.result.non2xx > 0 || row.result.errors > 0) {
      failures.push(
        `${row.name}: ${row.result.non2xx} non-2xx (${JSON.stringify(row.result.statuses)}), ${row.result.errors} errors`,
      );
    }
  }
  const realtime = report.realtime?.result;
  if (realtime) {
    if (realtime.socketFailures > 0)
      failures.push(`realtime: ${realtime.socketFailures} sockets failed`);
    if (realtime.sendErrors > 0) failures.push(`realtime: ${realtime.sendErrors} sends failed`);
    if (realtime.delivered < realtime.expected) {
      failures.push(`realtime: ${realtime.delivered} of ${realtime.expected} messages delivered`);
    }
  }
  const likes = notifications?.likes;
  if (likes) {
    const r = likes.result;
    if (r.liked === 0 || r.liked < r.sent)
      failures.push(`notifications: ${r.liked} of ${r.sent} likes stored`);
    if (r.socketFailures > 0) failures.push(`notifications: ${r.socketFailures} sockets failed`);
    if (r.matched < r.liked)
      failures.push(`notifications: ${r.matched} of ${r.liked} likes reached the author's socket`);
    // Grouping: at most one new entry per liked post, however many likes.
    if (likes.rowsAfter - likes.rowsBefore > r.posts) {
      failures.push(
        `notifications: ${likes.rowsAfter - likes.rowsBefore} new entries for ${r.posts} posts`,
      );
    }
  }
  const mail = notifications?.mail?.result;
  if (mail && (mail.accepted < mail.requested || mail.written < mail.accepted)) {
    failures.push(`notifications: ${mail.written} of ${mail.requested} mails in the outbox`);
  }
  for (const failure of failures) process.stderr.write(`SMOKE FAILED: ${failure}\n`);
  if (failures.length === 0) process.stdout.write('Smoke check passed.\n');
  return failures.length === 0 ? 0 : 1;
}
