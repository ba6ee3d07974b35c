import type { Redis } from 'ioredis';

/**
 * Every rate limit in one place (README, "Rate limits"). Per-IP limits are multiplied by 100
 * when RATE_LIMITS=relaxed (load tests, browser suites creating many accounts from one machine);
 * the per-account limit on failed sign-ins is never relaxed.
 */
export const RATE_LIMITS = {
  signIn: { max: 20, timeWindow: '1 minute' },
  signUp: { max: 10, timeWindow: '1 hour' },
  refresh: { max: 60, timeWindow: '1 minute' },
  signOut: { max: 60, timeWindow: '1 minute' },
  /** Second-factor challenges and answers, passkey sign-ins, recovery codes. */
  mfa: { max: 30, timeWindow: '1 minute' },
  /** Third-party sign-in: starting, the provider's return, finishing an account. */
  oidc: { max: 30, timeWindow: '1 minute' },
  post: { max: 30, timeWindow: '1 minute' },
  comment: { max: 60, timeWindow: '1 minute' },
  upload: { max: 30, timeWindow: '1 minute' },
  message: { max: 60, timeWindow: '1 minute' },
  passwordResetRequest: { max: 10, timeWindow: '1 hour' },
  confirmationResend: { max: 10, timeWindow: '1 hour' },
  /** Using an emailed link: confirming an email, setting a new password. */
  accountLink: { max: 20, timeWindow: '1 minute' },
  passwordChange: { max: 10, timeWindow: '1 minute' },
  /**
   * One-click unsubscribes: mail providers POST them from their own servers, many members' from
   * one address, so more than an emailed link a person opens.
   */
  unsubscribe: { max: 60, timeWindow: '1 minute' },
  /** Downloading all of one's data reads every table of the member: a few a minute. */
  dataExport: { max: 5, timeWindow: '1 minute' },
  /** A CV's PDF is drawn on each request: a scout's pace, not a crawler's. */
  cvPdf: { max: 30, timeWindow: '1 minute' },
  /**
   * A public profile (issue 24), its JSON and its page at /p/{username}: read without signing in,
   * so a crawler's pace is capped per address.
   */
  publicProfile: { max: 60, timeWindow: '1 minute' },
  /** Default for writes that do not name their own limit. */
  write: { max: 120, timeWindow: '1 minute' },
} as const;

export const FAILED_SIGN_INS_PER_ACCOUNT = { max: 10, windowMs: 15 * 60 * 1000 } as const;

/**
 * Per email address (registered or not, so that reaching a limit reveals nothing) or per
 * account; never relaxed.
 */
export const ACCOUNT_LIMITS = {
  passwordResetRequestsPerEmail: { max: 3, windowMs: 60 * 60 * 1000 },
  confirmationResendsPerEmail: { max: 3, windowMs: 60 * 60 * 1000 },
  wrongCurrentPasswordsPerAccount: { max: 5, windowMs: 15 * 60 * 1000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * With REDIS_URL the per-IP counters live in Redis, so that a limit reached through one instance
 * holds on all of them (docs/decisions/0049-redis-shared-state.md). While Redis cannot be
 * reached, requests go on uncounted (`skipOnError`) rather than fail: these limits slow
 * floods, while every route's answer depends on the database alone, and the limits that guard
 * accounts (failed sign-ins, resets, wrong passwords) are counted in the database.
 */
export function sharedRateLimitCounters(redis: Redis, keyPrefix: string) {
  return { redis, nameSpace: `${keyPrefix}rate-limit:`, skipOnError: true };
}

export function rateLimit(name: RateLimitName, mode: 'strict' | 'relaxed') {
  const limit = RATE_LIMITS[name];
  return { max: mode === 'relaxed' ? limit.max * 100 : limit.max, timeWindow: limit.timeWindow };
}
