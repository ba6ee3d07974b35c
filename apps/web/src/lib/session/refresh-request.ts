import type { Session } from '@arena/shared/auth.schema';
import { LIMITS } from '@arena/shared/limits';

import { ApiRequestError } from '../http/api-error.ts';
import { request } from '../http/request.ts';

/** Loaded with the first session request, not with the page (zod stays out of the entry). */
export const sessionSchema = () => import('@arena/shared/auth.schema').then((m) => m.sessionSchema);

const LOCK_NAME = 'arena-refresh';

export type RefreshOutcome =
  { kind: 'session'; session: Session } | { kind: 'unauthorized' } | { kind: 'unavailable' };

/** How the session manager reaches /api/auth/refresh. */
export interface RefreshTransport {
  fetch: typeof fetch | undefined;
  /** Web Locks, to run one refresh at a time across tabs; null where unsupported. */
  locks: Pick<LockManager, 'request'> | null;
  sleep: (ms: number) => Promise<void>;
  /** Attempts before giving up for now on a network or server failure. */
  maxAttempts: number;
}

/** Runs `task` holding this browser's refresh lock (every tab's), where Web Locks exist. */
export function withRefreshLock<T>(
  locks: RefreshTransport['locks'],
  task: () => Promise<T>,
): Promise<T> {
  if (!locks) return task();
  return locks.request(LOCK_NAME, task);
}

/**
 * Spends the refresh cookie for a new session, under the lock, retrying network and server
 * failures with a doubling delay; `onSent` once a request has gone out.
 */
export async function requestRefresh(
  transport: RefreshTransport,
  onSent: () => void,
): Promise<RefreshOutcome> {
  let delay = LIMITS.refreshBackoffStartMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const session = await withRefreshLock(transport.locks, () => {
        const answer = request('/api/auth/refresh', {
          schema: sessionSchema,
          method: 'POST',
          fetch: transport.fetch,
        });
        onSent();
        return answer;
      });
      return { kind: 'session', session };
    } catch (error) {
      if (error instanceof ApiRequestError && !error.transient) return { kind: 'unauthorized' };
      if (attempt >= transport.maxAttempts) return { kind: 'unavailable' };
    }
    await transport.sleep(delay);
    delay *= 2;
  }
}
