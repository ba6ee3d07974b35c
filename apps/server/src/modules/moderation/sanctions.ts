import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';

const m = MESSAGES.moderation;

/** "27 November 2026": the day a suspension ends, as the refusal and the notice say it. */
export function dayOf(date: Date): string {
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Refuses a signed-out member's way back in while a suspension or ban is in force (403,
 * `account_suspended`). A suspension ends by itself: its time is compared, nothing has to run.
 */
export function refuseSanctioned(
  sanction: { suspendedUntil: Date | null; bannedAt: Date | null },
  now = new Date(),
): void {
  if (sanction.bannedAt) throw new AppError('account_suspended', m.banned);
  if (sanction.suspendedUntil && sanction.suspendedUntil > now) {
    throw new AppError(
      'account_suspended',
      m.suspended.replace('{date}', dayOf(sanction.suspendedUntil)),
    );
  }
}
