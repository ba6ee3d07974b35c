import { request } from '../../lib/http/request.ts';
import type { Answer, RequestOptions } from '../../lib/http/request.ts';
import type { SessionManager } from '../../lib/session/session-manager.ts';

/** An early answer older than this is not used: the page asks again. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

interface EarlyAnswer {
  accessToken: string;
  sentAt: number;
  /** Null when the request failed: the page then asks itself, and handles the failure. */
  answer: Promise<Answer | null>;
}

const sent = new Map<string, EarlyAnswer>();

/**
 * Sends the GET a page is known to make first, as soon as the session is restored and before
 * the page's code has loaded (boot.ts); the page's own first call takes its answer
 * (`request(…, { earlyAnswer: (token) => takeEarlyAnswer(path, token) })`) instead of asking again. Only `accessToken`'s
 * holder may take it.
 */
export function sendEarly(
  path: string,
  accessToken: string,
  options: Pick<RequestOptions, 'fetch'> & { now?: () => number } = {},
): Promise<Answer | null> {
  const answer = request(path, { accessToken, fetch: options.fetch }).catch(() => null);
  sent.set(path, { accessToken, sentAt: (options.now ?? Date.now)(), answer });
  return answer;
}

/**
 * The early answer to a GET of `path`, once: null when none was sent, when it was sent with
 * another access token (someone signed out and in since), or when it is too old to show.
 */
export function takeEarlyAnswer(
  path: string,
  accessToken: string | null,
  now: () => number = Date.now,
): Promise<Answer | null> | null {
  const early = sent.get(path);
  if (!early) return null;
  sent.delete(path);
  if (early.accessToken !== accessToken) return null;
  if (now() - early.sentAt > EARLY_ANSWER_MAX_AGE_MS) return null;
  return early.answer;
}

/** The GETs a page opened afresh makes first for a signed-in member, by its path. */
const FIRST_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  '/feed': ['/api/feed', '/api/me/home'],
};

/**
 * Sends the first requests of the page opened at `location` the moment the start-up restores a
 * session: from the session manager's own notification, before anything rendered for the new
 * state can ask. Call it before `manager.start()`. Nothing is sent for a page with a query
 * string (it asks for something else) or when nobody is signed in.
 */
export function sendFirstRequests(
  manager: Pick<SessionManager, 'getState' | 'subscribe'>,
  location: Pick<Location, 'pathname' | 'search'>,
  send: typeof sendEarly = sendEarly,
): void {
  const paths = location.search ? undefined : FIRST_REQUESTS[location.pathname];
  if (!paths) return;
  const unsubscribe = manager.subscribe(() => {
    const state = manager.getState();
    if (state.status === 'loading') return;
    unsubscribe();
    if (state.status === 'signed-in')
      for (const path of paths) void send(path, state.session.accessToken);
  });
}
