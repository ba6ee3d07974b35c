// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  offline,
  REFRESH,
  serverDown,
  session,
  setupManager,
  unauthorized,
} from '../../test/session-harness.ts';
import { ApiRequestError } from '../http/api-error.ts';
import { REMEMBER_FLAG } from './session-flags.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('refresh', () => {
  const remembered = { local: { [REMEMBER_FLAG]: '1' } };

  it('retries network and server failures with a backoff starting at 200 ms and doubling', async () => {
    const { api, manager, delays } = setupManager(
      { [REFRESH]: [offline, serverDown, offline, session('late')] },
      remembered,
    );

    await manager.start();

    expect(api.callsTo(REFRESH)).toHaveLength(4);
    expect(delays).toEqual([200, 400, 800]);
    expect(manager.getAccessToken()).toBe('late');
  });

  it('does not retry a 401: the session is gone', async () => {
    const { api, manager, delays } = setupManager({ [REFRESH]: [unauthorized] }, remembered);
    await manager.start();
    expect(api.callsTo(REFRESH)).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('keeps a signed-in user signed in after the attempts run out, and tries again later', async () => {
    vi.useFakeTimers();
    const { api, manager, delays } = setupManager({ [REFRESH]: [session('t1')] }, remembered, {
      maxRefreshAttempts: 3,
    });
    await manager.start();
    api.set(REFRESH, [serverDown, serverDown, serverDown, session('t2')]);

    await expect(manager.refresh()).resolves.toBeNull();

    expect(delays).toEqual([200, 400]);
    expect(manager.getState().status).toBe('signed-in');
    expect(manager.getAccessToken()).toBe('t1');

    await vi.advanceTimersByTimeAsync(30_000);
    expect(manager.getAccessToken()).toBe('t2');
  });

  it('refreshes on its own 60 seconds before the access token expires', async () => {
    vi.useFakeTimers();
    const { api, manager } = setupManager(
      { [REFRESH]: [session('t1'), session('t2')] },
      remembered,
    );
    await manager.start();
    expect(api.callsTo(REFRESH)).toHaveLength(1);

    // makeSession tokens expire 15 minutes after issue.
    await vi.advanceTimersByTimeAsync(14 * 60_000 - 1);
    expect(api.callsTo(REFRESH)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo(REFRESH)).toHaveLength(2);
    expect(manager.getAccessToken()).toBe('t2');
  });

  it('an automatic refresh refused with 401 signs the user out as expired', async () => {
    vi.useFakeTimers();
    const { manager, local } = setupManager(
      { [REFRESH]: [session('t1'), unauthorized] },
      remembered,
    );
    await manager.start();

    await vi.advanceTimersByTimeAsync(14 * 60_000);

    expect(manager.getState()).toEqual({ status: 'signed-out', session: null, reason: 'expired' });
    expect(local.has(REMEMBER_FLAG)).toBe(false);
  });

  it('shares one request between concurrent callers in the same tab', async () => {
    const { api, manager } = setupManager(
      { [REFRESH]: [session('t1'), session('t2')] },
      remembered,
    );
    await manager.start();

    const [a, b] = await Promise.all([manager.refresh(), manager.refresh()]);

    expect(api.callsTo(REFRESH)).toHaveLength(2);
    expect(a?.accessToken).toBe('t2');
    expect(b?.accessToken).toBe('t2');
  });

  it('holds the arena-refresh Web Lock while refreshing', async () => {
    const held: string[] = [];
    const locks = {
      request: (async (name: string, task: () => Promise<unknown>) => {
        held.push(name);
        return task();
      }) as LockManager['request'],
    };
    const { manager } = setupManager({ [REFRESH]: [session('t1')] }, remembered, { locks });
    await manager.start();
    expect(held).toEqual(['arena-refresh']);
  });
});

describe('authenticated calls', () => {
  const remembered = { local: { [REMEMBER_FLAG]: '1' } };
  let calls: (string | null)[];

  beforeEach(() => {
    calls = [];
  });

  /** A call that answers 401 to every token but `valid`. */
  function protectedCall(valid: string) {
    return (token: string | null) => {
      calls.push(token);
      if (token === valid) return Promise.resolve('ok');
      return Promise.reject(new ApiRequestError(401, 'unauthorized', 'Not signed in'));
    };
  }

  it('attach the token, and after a 401 refresh once and retry once', async () => {
    const { manager } = setupManager({ [REFRESH]: [session('old'), session('new')] }, remembered);
    await manager.start();

    await expect(manager.withAccessToken(protectedCall('new'))).resolves.toBe('ok');
    expect(calls).toEqual(['old', 'new']);
  });

  it('give up after the one retry', async () => {
    const { api, manager } = setupManager(
      { [REFRESH]: [session('old'), session('new')] },
      remembered,
    );
    await manager.start();

    await expect(manager.withAccessToken(protectedCall('never'))).rejects.toMatchObject({
      status: 401,
    });
    expect(calls).toEqual(['old', 'new']);
    expect(api.callsTo(REFRESH)).toHaveLength(2);
  });

  it('sign the user out when the refresh after a 401 is refused', async () => {
    const { manager } = setupManager({ [REFRESH]: [session('old'), unauthorized] }, remembered);
    await manager.start();

    await expect(manager.withAccessToken(protectedCall('never'))).rejects.toBeInstanceOf(
      ApiRequestError,
    );
    expect(manager.getState()).toMatchObject({ status: 'signed-out', reason: 'expired' });
  });

  it('do not refresh for errors other than 401', async () => {
    const { api, manager } = setupManager({ [REFRESH]: [session('old')] }, remembered);
    await manager.start();

    await expect(
      manager.withAccessToken(() =>
        Promise.reject(new ApiRequestError(403, 'forbidden', 'Access denied. Admin only.')),
      ),
    ).rejects.toMatchObject({ status: 403 });
    expect(api.callsTo(REFRESH)).toHaveLength(1);
  });
});
