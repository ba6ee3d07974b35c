import { onTestFinished } from 'vitest';

import { SessionManager } from '../lib/session/session-manager.ts';
import type { SessionManagerOptions } from '../lib/session/session-manager.ts';
import { apiError, fakeApi, makeSession, memoryStorage } from './fake-api.ts';
import type { FakeReply } from './fake-api.ts';

export const REFRESH = '/api/auth/refresh';
export const SIGN_IN = '/api/auth/sign-in';
export const SIGN_OUT = '/api/auth/sign-out';

export const noContent: FakeReply = { status: 204 };
export const unauthorized = apiError(401, 'unauthorized', 'Not signed in');
export const serverDown: FakeReply = { status: 503 };
export const offline: FakeReply = { networkError: true };
export const session = (token: string): FakeReply => ({ status: 200, body: makeSession(token) });

/**
 * A session manager against a fake API and in-memory storage. Backoff sleeps resolve at once and
 * are recorded in `delays`; the manager is disposed when the test ends.
 */
export function setupManager(
  routes: Record<string, FakeReply[]>,
  flags: { local?: Record<string, string>; session?: Record<string, string> } = {},
  options: Partial<SessionManagerOptions> = {},
) {
  const api = fakeApi(routes);
  const local = memoryStorage(flags.local);
  const sessionStore = memoryStorage(flags.session);
  const delays: number[] = [];
  const manager = new SessionManager({
    fetch: api.fetch,
    storage: { local, session: sessionStore },
    sleep: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
    ...options,
  });
  onTestFinished(() => {
    manager.dispose();
  });
  return { api, manager, local, sessionStore, delays };
}
