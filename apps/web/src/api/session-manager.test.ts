// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { apiError } from '../test/fake-api.ts';
import {
  noContent,
  offline,
  REFRESH,
  session,
  setupManager,
  SIGN_IN,
  SIGN_OUT,
  unauthorized,
} from '../test/session-harness.ts';
import { REMEMBER_FLAG, SESSION_FLAG } from './session-flags.ts';

describe('start-up', () => {
  it('without either flag, revokes whatever session the browser kept and is signed out', async () => {
    const { api, manager } = setupManager({ [SIGN_OUT]: [noContent], [REFRESH]: [session('a')] });
    expect(manager.getState().status).toBe('loading');

    await manager.start();

    expect(api.callsTo(SIGN_OUT)).toHaveLength(1);
    expect(api.callsTo(REFRESH)).toHaveLength(0);
    expect(manager.getState()).toEqual({ status: 'signed-out', session: null, reason: 'none' });
  });

  it('stays signed out when that revocation fails (server unreachable)', async () => {
    const { manager } = setupManager({ [SIGN_OUT]: [offline] });
    await manager.start();
    expect(manager.getState().status).toBe('signed-out');
  });

  it.each([
    ['the remember flag in localStorage', { local: { [REMEMBER_FLAG]: '1' } }],
    ['the session flag in sessionStorage', { session: { [SESSION_FLAG]: '1' } }],
  ])('with %s, restores the session through a refresh', async (_, flags) => {
    const { api, manager } = setupManager({ [REFRESH]: [session('restored')] }, flags);

    await manager.start();

    expect(api.callsTo(SIGN_OUT)).toHaveLength(0);
    expect(api.callsTo(REFRESH)).toHaveLength(1);
    expect(manager.getState().status).toBe('signed-in');
    expect(manager.getAccessToken()).toBe('restored');
  });

  it('runs once however often it is called', async () => {
    const { api, manager } = setupManager(
      { [REFRESH]: [session('a')] },
      { local: { [REMEMBER_FLAG]: '1' } },
    );
    await Promise.all([manager.start(), manager.start()]);
    expect(api.callsTo(REFRESH)).toHaveLength(1);
  });

  it('signs out and drops both flags when the server no longer knows the session', async () => {
    const { manager, local, sessionStore } = setupManager(
      { [REFRESH]: [unauthorized] },
      { local: { [REMEMBER_FLAG]: '1' }, session: { [SESSION_FLAG]: '1' } },
    );

    await manager.start();

    expect(manager.getState()).toEqual({ status: 'signed-out', session: null, reason: 'none' });
    expect(local.has(REMEMBER_FLAG)).toBe(false);
    expect(sessionStore.has(SESSION_FLAG)).toBe(false);
  });
});

describe('sign-in flags', () => {
  it('Remember me ticked: keeps the persistent flag and removes the session flag', async () => {
    const { api, manager, local, sessionStore } = setupManager(
      { [SIGN_IN]: [session('fresh')] },
      { session: { [SESSION_FLAG]: '1' } },
    );

    await manager.signIn({ email: 'jordan@arena.test', password: 'long-enough', remember: true });

    expect(local.getItem(REMEMBER_FLAG)).toBe('1');
    expect(sessionStore.has(SESSION_FLAG)).toBe(false);
    expect(api.callsTo(SIGN_IN)[0]?.body).toEqual({
      email: 'jordan@arena.test',
      password: 'long-enough',
      remember: true,
    });
    expect(manager.getAccessToken()).toBe('fresh');
  });

  it('Remember me unticked: sets the session flag and removes the persistent flag', async () => {
    const { manager, local, sessionStore } = setupManager(
      { [SIGN_IN]: [session('fresh')] },
      { local: { [REMEMBER_FLAG]: '1' } },
    );

    await manager.signIn({ email: 'jordan@arena.test', password: 'long-enough', remember: false });

    expect(sessionStore.getItem(SESSION_FLAG)).toBe('1');
    expect(local.has(REMEMBER_FLAG)).toBe(false);
  });

  it('a refused sign-in changes neither the flags nor the state', async () => {
    const { manager, local, sessionStore } = setupManager({
      [SIGN_OUT]: [noContent],
      [SIGN_IN]: [apiError(401, 'unauthorized', 'Invalid login credentials')],
    });
    await manager.start();

    await expect(
      manager.signIn({ email: 'jordan@arena.test', password: 'wrong-pass', remember: true }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid login credentials' });
    expect(manager.getState().status).toBe('signed-out');
    expect(local.has(REMEMBER_FLAG)).toBe(false);
    expect(sessionStore.has(SESSION_FLAG)).toBe(false);
  });
});

describe('sign-out', () => {
  it('revokes the session with the access token, clears both flags and forgets the token', async () => {
    const { api, manager, local, sessionStore } = setupManager(
      { [REFRESH]: [session('t1')], [SIGN_OUT]: [noContent] },
      { local: { [REMEMBER_FLAG]: '1' }, session: { [SESSION_FLAG]: '1' } },
    );
    await manager.start();

    await manager.signOut();

    expect(api.callsTo(SIGN_OUT)[0]?.authorization).toBe('Bearer t1');
    expect(local.has(REMEMBER_FLAG)).toBe(false);
    expect(sessionStore.has(SESSION_FLAG)).toBe(false);
    expect(manager.getAccessToken()).toBeNull();
    expect(manager.getState()).toEqual({
      status: 'signed-out',
      session: null,
      reason: 'signed-out',
    });
  });

  it('signs out locally even when the server cannot be reached', async () => {
    const { manager, local } = setupManager(
      { [REFRESH]: [session('t1')], [SIGN_OUT]: [offline] },
      { local: { [REMEMBER_FLAG]: '1' } },
    );
    await manager.start();
    await manager.signOut();
    expect(manager.getState().status).toBe('signed-out');
    expect(local.has(REMEMBER_FLAG)).toBe(false);
  });

  it('ignores a refresh that was already in flight when the user signed out', async () => {
    let release: () => void = () => undefined;
    const { manager } = setupManager(
      { [REFRESH]: [session('t1'), session('t2')], [SIGN_OUT]: [noContent] },
      { local: { [REMEMBER_FLAG]: '1' } },
      {
        locks: {
          request: (async (_name: string, task: () => Promise<unknown>) => {
            await new Promise<void>((resolve) => (release = resolve));
            return task();
          }) as LockManager['request'],
        },
      },
    );
    const starting = manager.start();
    release();
    await starting;

    const refreshing = manager.refresh();
    await manager.signOut();
    release();
    await refreshing;

    expect(manager.getState().status).toBe('signed-out');
  });
});

describe('other tabs', () => {
  /** BroadcastChannels of one name: a message reaches every other end, never its sender. */
  function channelHub() {
    const ends = new Set<EventTarget>();
    return () => {
      const end = new EventTarget();
      ends.add(end);
      return Object.assign(end, {
        postMessage(data: unknown) {
          for (const other of ends) {
            if (other !== end) other.dispatchEvent(new MessageEvent('message', { data }));
          }
        },
      });
    };
  }

  it('a sign-out in one tab signs the others out at once, without a request of their own', async () => {
    const channel = channelHub();
    const flags = { local: { [REMEMBER_FLAG]: '1' } };
    const first = setupManager({ [REFRESH]: [session('t1')], [SIGN_OUT]: [noContent] }, flags, {
      channel: channel(),
    });
    const second = setupManager({ [REFRESH]: [session('t2')] }, flags, { channel: channel() });
    await Promise.all([first.manager.start(), second.manager.start()]);
    expect(second.manager.getState().status).toBe('signed-in');

    await first.manager.signOut();

    expect(second.manager.getState()).toEqual({
      status: 'signed-out',
      session: null,
      reason: 'signed-out',
    });
    expect(second.manager.getAccessToken()).toBeNull();
    expect(second.api.callsTo(SIGN_OUT)).toHaveLength(0);
    expect(second.api.callsTo(REFRESH)).toHaveLength(1);
  });

  it('ignores other messages, and a tab that was disposed hears nothing', async () => {
    const channel = channelHub();
    const flags = { local: { [REMEMBER_FLAG]: '1' } };
    const sender = channel();
    const listening = setupManager({ [REFRESH]: [session('t1')] }, flags, { channel: channel() });
    const disposed = setupManager({ [REFRESH]: [session('t2')] }, flags, { channel: channel() });
    await Promise.all([listening.manager.start(), disposed.manager.start()]);

    sender.postMessage('something else');
    expect(listening.manager.getState().status).toBe('signed-in');

    disposed.manager.dispose();
    sender.postMessage('signed-out');
    expect(listening.manager.getState().status).toBe('signed-out');
    expect(disposed.manager.getState().status).toBe('signed-in');
  });
});
