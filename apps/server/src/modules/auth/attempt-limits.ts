import { AppError } from '../../http/app-error.ts';
import type { AccountRepository } from './account.repository.ts';
import type { AccountAttemptKind } from './account.tables.ts';

export interface AttemptLimit {
  max: number;
  windowMs: number;
}

/** Limits counted in the database, so they hold across restarts and instances. */
export function createAttemptLimits(repo: AccountRepository) {
  const since = (limit: AttemptLimit) => new Date(Date.now() - limit.windowMs);

  return {
    /** Refuses with 429 and `message` once `subject` has made `limit.max` attempts in the window. */
    async refuseIfReached(
      kind: AccountAttemptKind,
      subject: string,
      limit: AttemptLimit,
      message: string,
    ) {
      if ((await repo.countAttempts(kind, subject, since(limit))) >= limit.max) {
        throw new AppError('rate_limited', message);
      }
    },

    record(kind: AccountAttemptKind, subject: string, limit: AttemptLimit, ip: string | null) {
      return repo.recordAttempt(kind, subject, ip, since(limit));
    },

    /** Counts this attempt, refusing it (and not counting it) past the limit. */
    async take(
      kind: AccountAttemptKind,
      subject: string,
      limit: AttemptLimit,
      ip: string | null,
      message: string,
    ) {
      await this.refuseIfReached(kind, subject, limit, message);
      await this.record(kind, subject, limit, ip);
    },

    clear: (kind: AccountAttemptKind, subject: string) => repo.clearAttempts(kind, subject),
  };
}

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;
