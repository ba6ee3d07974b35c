// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

import { fakeApi } from '../../test/fake-api.ts';
import { noContent, REFRESH, session, setupManager, SIGN_OUT } from '../../test/session-harness.ts';
import {
  EARLY_ANSWER_MAX_AGE_MS,
  sendEarly,
  sendFirstRequests,
  takeEarlyAnswer,
} from './early-answers.ts';
import { REMEMBER_FLAG } from '../../lib/session/session-flags.ts';

const FEED = { status: 200, body: { items: [], nextCursor: null } };

describe('sendFirstRequests', () => {
  /** A member with a session to restore, on /feed, whose first requests go to a fake API. */
  function restoringOnFeed() {
    const { manager } = setupManager(
      { [REFRESH]: [session('restored')] },
      { local: { [REMEMBER_FLAG]: '1' } },
    );
    const api = fakeApi({ '/api/feed': [FEED], '/api/me/home': [{ status: 200, body: {} }] });
    sendFirstRequests(manager, { pathname: '/feed', search: '' }, (path, token) =>
      sendEarly(path, token, { fetch: api.fetch }),
    );
    return { manager, api };
  }

  it('on /feed, once the session is restored, sends the feed’s first requests with its token', async () => {
    const { manager, api } = restoringOnFeed();
    await manager.start();
    expect(api.calls.map((call) => [call.path, call.authorization])).toEqual([
      ['/api/feed', 'Bearer restored'],
      ['/api/me/home', 'Bearer restored'],
    ]);
    expect(await takeEarlyAnswer('/api/feed', 'restored')).toEqual({
      status: 200,
      body: FEED.body,
    });
    expect(await takeEarlyAnswer('/api/me/home', 'restored')).toEqual({ status: 200, body: {} });
  });

  it('sends them before the manager’s other listeners hear of the session', async () => {
    const { manager, api } = restoringOnFeed();
    const seen: number[] = [];
    manager.subscribe(() => {
      if (manager.getState().status === 'signed-in') seen.push(api.callsTo('/api/feed').length);
    });
    await manager.start();
    expect(seen).toEqual([1]);
    await takeEarlyAnswer('/api/feed', 'restored');
    await takeEarlyAnswer('/api/me/home', 'restored');
  });

  it.each([
    ['another page', '/discover', ''],
    ['the feed with a filter', '/feed', '?sport=football'],
  ])('sends nothing for %s', async (_, pathname, search) => {
    const { manager } = setupManager(
      { [REFRESH]: [session('restored')] },
      { local: { [REMEMBER_FLAG]: '1' } },
    );
    const send = vi.fn();
    sendFirstRequests(manager, { pathname, search }, send);
    await manager.start();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends nothing for a visitor', async () => {
    const { manager } = setupManager({ [SIGN_OUT]: [noContent] });
    const send = vi.fn();
    sendFirstRequests(manager, { pathname: '/feed', search: '' }, send);
    await manager.start();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('takeEarlyAnswer', () => {
  it('hands an answer over once, and only to the token it was sent with', async () => {
    const api = fakeApi({ '/api/a': [{ status: 200, body: { n: 1 } }] });
    void sendEarly('/api/a', 'token-1', { fetch: api.fetch });
    expect(takeEarlyAnswer('/api/a', 'token-2')).toBeNull();
    expect(takeEarlyAnswer('/api/a', 'token-1')).toBeNull();

    void sendEarly('/api/a', 'token-1', { fetch: api.fetch });
    expect(await takeEarlyAnswer('/api/a', 'token-1')).toEqual({ status: 200, body: { n: 1 } });
    expect(takeEarlyAnswer('/api/a', 'token-1')).toBeNull();
  });

  it('does not hand over an answer too old to show', () => {
    const api = fakeApi({ '/api/a': [{ status: 200, body: {} }] });
    void sendEarly('/api/a', 't', { fetch: api.fetch, now: () => 1_000 });
    expect(takeEarlyAnswer('/api/a', 't', () => 1_000 + EARLY_ANSWER_MAX_AGE_MS + 1)).toBeNull();
  });

  it('answers null for a request that failed, so the page asks itself', async () => {
    const api = fakeApi({ '/api/a': [{ status: 500 }], '/api/b': [{ networkError: true }] });
    void sendEarly('/api/a', 't', { fetch: api.fetch });
    void sendEarly('/api/b', 't', { fetch: api.fetch });
    expect(await takeEarlyAnswer('/api/a', 't')).toBeNull();
    expect(await takeEarlyAnswer('/api/b', 't')).toBeNull();
  });
});
