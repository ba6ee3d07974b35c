// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import {
  noContent,
  offline,
  REFRESH,
  session,
  setupManager,
  SIGN_IN,
  SIGN_OUT,
  unauthorized,
} from '../../test/session-harness.ts';
import { REMEMBER_FLAG, SESSION_FLAG } from './session-flags.ts';
import type { SessionManager } from './session-manager.ts';
import type { OidcCompleteSignUpValues, SignUpValues } from './session-state.ts';

describe('start-up', () => {
  it('without either flag, revokes whatever session the browser kept and is signed out', async () => {
    const { api, manager } = setupManager({ [SIGN_OUT]: [noContent], [REFRESH]: [session('a')] });
    expect(manager.getState().status).toBe('loading');

    await manager.start();

    expect(api.callsTo(SIGN_OUT)).toHaveLength(1);
    expect(api.callsTo(REFRESH)).toHaveLength(0);
    expect(manager.getState()).toEqual({ status: 'signed-out', session: null, reason: 'none' });
  });

  it('is signed out at once, without waiting for that revocation to be answered', async () => {
    const { api, manager } = setupManager({ [SIGN_OUT]: [{ status: 204, delayMs: 50 }] });

    let started = false;
    const starting = manager.start().then(() => (started = true));

    expect(manager.getState()).toEqual({ status: 'signed-out', session: null, reason: 'none' });
    expect(api.callsTo(SIGN_OUT)).toHaveLength(1);
    expect(started).toBe(false);
    await starting;
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

describe('a new session during the start-up revocation', () => {
  const SIGN_UP = '/api/auth/sign-up';
  const OIDC_SIGN_UP = '/api/auth/oidc/sign-up';
  const EMAILED_LINK = '/api/auth/password-reset/confirm';
  const credentials = { email: 'jordan@arena.test', password: 'long-enough', remember: true };
  const signUpValues = {
    ...credentials,
    fullName: 'Jordan Miles',
    username: 'jordan_23',
    userType: 'player',
    acceptTerms: true,
  } as unknown as SignUpValues;
  const oidcValues = { username: 'jordan_23' } as unknown as OidcCompleteSignUpValues;

  /** A revocation answered `delayMs` later, so that the order of the calls can be seen. */
  const revokingSlowly = (delayMs = 40) =>
    setupManager({
      [SIGN_OUT]: [{ status: 204, delayMs }],
      [SIGN_IN]: [session('fresh')],
      [SIGN_UP]: [session('fresh')],
      [OIDC_SIGN_UP]: [session('fresh')],
      [EMAILED_LINK]: [session('fresh')],
    });

  /** Every way of getting a new session, with the path of the call that sets the cookie. */
  const waysIn: [string, string, (manager: SessionManager) => Promise<unknown>][] = [
    ['signIn', SIGN_IN, (manager) => manager.signIn(credentials)],
    ['signUp', SIGN_UP, (manager) => manager.signUp(signUpValues)],
    [
      'startSessionWith',
      EMAILED_LINK,
      (manager) => manager.startSessionWith(EMAILED_LINK, { token: 't' }, true),
    ],
    ['completeOidcSignUp', OIDC_SIGN_UP, (manager) => manager.completeOidcSignUp(oidcValues, true)],
  ];

  it.each(waysIn)(
    '%s is sent only once the revocation has been answered (its answer clears the cookie)',
    async (_, path, wayIn) => {
      const { api, manager } = revokingSlowly();
      void manager.start();

      const signingIn = wayIn(manager);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(api.callsTo(path)).toHaveLength(0);

      await signingIn;
      expect(api.calls.map((call) => call.path)).toEqual([SIGN_OUT, path]);
      expect(manager.getState().status).toBe('signed-in');
    },
  );

  it('a redirect sign-in leaves only once the revocation has been answered', async () => {
    const { manager, local } = revokingSlowly();
    void manager.start();

    let ready = false;
    const preparing = manager.prepareRedirectSignIn(true).then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ready).toBe(false);
    expect(local.has(REMEMBER_FLAG)).toBe(false);

    await preparing;
    expect(local.getItem(REMEMBER_FLAG)).toBe('1');
  });

  it('a call made elsewhere (a passkey) can wait for it too', async () => {
    const { api, manager } = revokingSlowly();
    void manager.start();
    let answered = false;
    const revocation = api.fetch.mock.results[0]?.value as Promise<Response>;
    void revocation.then(() => (answered = true));

    await manager.readyForNewSession();
    expect(answered).toBe(true);
  });

  it('a revocation that fails holds nothing up', async () => {
    const { api, manager } = setupManager({ [SIGN_OUT]: [offline], [SIGN_IN]: [session('fresh')] });
    void manager.start();

    await manager.signIn(credentials);

    expect(api.calls.map((call) => call.path)).toEqual([SIGN_OUT, SIGN_IN]);
    expect(manager.getAccessToken()).toBe('fresh');
  });

  it('with a session to restore, nothing is revoked and a sign-in waits for nothing', async () => {
    const { api, manager } = setupManager(
      { [REFRESH]: [unauthorized], [SIGN_IN]: [session('fresh')] },
      { local: { [REMEMBER_FLAG]: '1' } },
    );
    await manager.start();

    await manager.signIn(credentials);

    expect(api.calls.map((call) => call.path)).toEqual([REFRESH, SIGN_IN]);
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

describe('whenStartupSent', () => {
  it('resolves once the refresh is sent, before it is answered', async () => {
    const { api, manager } = setupManager(
      { [REFRESH]: [{ ...session('restored'), delayMs: 50 }] },
      { local: { [REMEMBER_FLAG]: '1' } },
    );
    let restored = false;
    const starting = manager.start().then(() => (restored = true));
    await manager.whenStartupSent();
    expect(api.callsTo(REFRESH)).toHaveLength(1);
    expect(restored).toBe(false);
    await starting;
  });

  it('resolves once the revocation is sent, for a visitor', async () => {
    const { api, manager } = setupManager({ [SIGN_OUT]: [{ status: 204, delayMs: 50 }] });
    void manager.start();
    await manager.whenStartupSent();
    expect(api.callsTo(SIGN_OUT)).toHaveLength(1);
  });
});

describe('after signing out', () => {
  it('a refresh refused afterwards (the closed socket asking for a token) keeps the reason', async () => {
    const { manager } = setupManager(
      { [REFRESH]: [session('t1'), unauthorized], [SIGN_OUT]: [noContent] },
      { local: { [REMEMBER_FLAG]: '1' } },
    );
    await manager.start();
    await manager.signOut();

    expect(await manager.refresh()).toBeNull();
    expect(manager.getState()).toEqual({
      status: 'signed-out',
      session: null,
      reason: 'signed-out',
    });
  });
});
