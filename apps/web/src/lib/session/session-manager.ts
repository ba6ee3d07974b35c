import type { ConfirmationPending } from '@arena/shared/account.schema';
import type { Session } from '@arena/shared/auth.schema';
import { TOKEN_LIFETIMES } from '@arena/shared/limits';

import { ApiRequestError } from '../http/api-error.ts';
import { request } from '../http/request.ts';
import { requestRefresh, sessionSchema, withRefreshLock } from './refresh-request.ts';
import { clearSessionFlags, hasSessionFlag, markSession } from './session-flags.ts';
import type { FlagStores } from './session-flags.ts';
import type {
  AuthState,
  OidcCompleteSignUpValues,
  SignedOutReason,
  SignInValues,
  SignUpValues,
} from './session-state.ts';

/**
 * A sign-up's answer: a session, or (REQUIRE_EMAIL_CONFIRMATION) a link sent first. Never
 * `import('zod')` here: a dynamic import keeps the whole module namespace, locales and all.
 */
const signUpAnswerSchema = () =>
  import('@arena/shared/account.schema').then((m) => m.signUpAnswerSchema);

export interface SessionManagerOptions {
  fetch?: typeof fetch;
  storage: FlagStores;
  /** Web Locks, to run one refresh at a time across tabs; null where unsupported. */
  locks?: Pick<LockManager, 'request'> | null;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Attempts per refresh before giving up for now on a network or server failure. */
  maxRefreshAttempts?: number;
  /** Tells this browser's other tabs of a sign-out (a BroadcastChannel); null where unsupported. */
  channel?: SessionChannel | null;
}

/** The part of a BroadcastChannel the manager uses. */
export type SessionChannel = Pick<
  BroadcastChannel,
  'postMessage' | 'addEventListener' | 'removeEventListener'
>;

/** What a tab that signs out tells the others. */
const SIGNED_OUT_MESSAGE = 'signed-out';

const DEFAULT_REFRESH_ATTEMPTS = 5;
/** After a refresh gave up on a transient failure, when to try again. */
const RETRY_LATER_MS = 30_000;
/** Floor for the refresh timer, so a skewed clock cannot turn it into a busy loop. */
const MIN_REFRESH_DELAY_MS = 5_000;

/**
 * Owns the signed-in session: the access token lives here, in memory only; the refresh token is
 * an HttpOnly cookie the browser sends to /api/auth. Refresh tokens rotate on every use and the
 * server revokes a whole family when a spent one comes back, so refreshes are serialized within
 * the tab (one in flight) and across tabs (a Web Lock).
 */
export class SessionManager {
  private state: AuthState = { status: 'loading', session: null };
  private readonly listeners = new Set<() => void>();
  private starting: Promise<void> | null = null;
  /**
   * The start-up's revocation of a session nobody asked to keep, while it is in flight. Its answer
   * clears the refresh cookie, so every call that sets a new one waits for it first.
   */
  private revoking: Promise<void> = Promise.resolve();
  private refreshing: Promise<Session | null> | null = null;
  /** Settles once the start-up's request (the refresh, or the revocation) has been sent. */
  private readonly startupSent: Promise<void>;
  private markStartupSent: () => void = () => undefined;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by sign-in and sign-out, so a refresh that started before either is ignored. */
  private epoch = 0;

  private readonly fetchImpl: typeof fetch | undefined;
  private readonly storage: FlagStores;
  private readonly locks: Pick<LockManager, 'request'> | null;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRefreshAttempts: number;
  private readonly channel: SessionChannel | null;

  constructor(options: SessionManagerOptions) {
    this.fetchImpl = options.fetch;
    this.storage = options.storage;
    this.locks = options.locks ?? null;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.maxRefreshAttempts = options.maxRefreshAttempts ?? DEFAULT_REFRESH_ATTEMPTS;
    this.channel = options.channel ?? null;
    this.startupSent = new Promise((resolve) => (this.markStartupSent = resolve));
    // The server revoked the session for every tab at once: the others leave now, not at their
    // next refresh.
    this.channel?.addEventListener('message', this.onChannelMessage);
  }

  private readonly onChannelMessage = (event: MessageEvent<unknown>) => {
    if (event.data === SIGNED_OUT_MESSAGE && this.state.status !== 'signed-out') {
      this.epoch += 1;
      this.setSignedOut('signed-out');
    }
  };

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getAccessToken(): string | null {
    return this.state.session?.accessToken ?? null;
  }

  /**
   * Restores the session the user asked to keep. Without either flag, any session the browser
   * still holds (a restored session cookie) is revoked: it is not one the user chose to keep.
   * Nobody is signed in here either way, so the pages do not wait for that revocation (the state
   * is 'signed-out' at once); a new session waits for it instead (`readyForNewSession`).
   * Resolves when the start-up has finished, the revocation included.
   */
  start(): Promise<void> {
    this.starting ??= this.restore();
    return this.starting;
  }

  /**
   * Resolves once the start-up's request is on its way. The entry (boot.ts) runs the app's code
   * after this: the app's first render takes the main thread for a while, and the request would
   * otherwise wait for it (the refresh is sent from a Web Lock's callback, a task of its own).
   */
  whenStartupSent(): Promise<void> {
    return this.startupSent;
  }

  private async restore(): Promise<void> {
    if (hasSessionFlag(this.storage)) {
      await this.refresh();
      return;
    }
    this.revoking = request('/api/auth/sign-out', {
      method: 'POST',
      fetch: this.fetchImpl,
    }).then(
      () => undefined,
      () => {
        // Nothing to revoke, or the server is unreachable: either way nobody is signed in here.
      },
    );
    this.markStartupSent();
    this.setSignedOut('none');
    await this.revoking;
  }

  /**
   * Resolves when a call that sets the refresh cookie may be sent: once the start-up's
   * revocation has been answered, since that answer clears the cookie and must not clear a new
   * session's. Every way in here waits for it; a call made elsewhere (a passkey) awaits it.
   */
  readyForNewSession(): Promise<void> {
    return this.revoking;
  }

  async signIn(values: SignInValues): Promise<Session> {
    await this.readyForNewSession();
    const session = await request('/api/auth/sign-in', {
      schema: sessionSchema,
      method: 'POST',
      body: values,
      fetch: this.fetchImpl,
    });
    this.acceptNewSession(session, values.remember);
    return session;
  }

  /** Signs in, unless the server first wants the email confirmed (REQUIRE_EMAIL_CONFIRMATION). */
  async signUp(values: SignUpValues): Promise<Session | ConfirmationPending> {
    await this.readyForNewSession();
    const result = await request('/api/auth/sign-up', {
      schema: signUpAnswerSchema,
      method: 'POST',
      body: values,
      fetch: this.fetchImpl,
    });
    if ('accessToken' in result) this.acceptNewSession(result, values.remember);
    return result;
  }

  /** Any other call that answers with a new session: an emailed link's page, say. */
  async startSessionWith(path: string, body: unknown, remember: boolean): Promise<Session> {
    await this.readyForNewSession();
    const session = await request(path, {
      schema: sessionSchema,
      method: 'POST',
      body,
      fetch: this.fetchImpl,
    });
    this.acceptNewSession(session, remember);
    return session;
  }

  /**
   * Before leaving for a third-party provider: the server sets the refresh cookie when the
   * browser comes back, and the flag recorded now makes that start-up restore the session (an
   * abandoned attempt leaves no cookie, so that start-up finds none and clears the flag).
   * Resolves when the browser may leave: not before the start-up's revocation has been answered.
   */
  async prepareRedirectSignIn(remember: boolean): Promise<void> {
    await this.readyForNewSession();
    markSession(this.storage, remember);
  }

  /** Finishes an account started with a third-party provider (its sign-up cookie) and signs in. */
  async completeOidcSignUp(values: OidcCompleteSignUpValues, remember: boolean): Promise<Session> {
    await this.readyForNewSession();
    const session = await request('/api/auth/oidc/sign-up', {
      schema: sessionSchema,
      method: 'POST',
      body: values,
      fetch: this.fetchImpl,
    });
    this.acceptNewSession(session, remember);
    return session;
  }

  /** A session from another way in (a passkey): the same as a sign-in with a password. */
  acceptNewSession(session: Session, remember: boolean): void {
    this.epoch += 1;
    markSession(this.storage, remember);
    this.setSignedIn(session);
  }

  /**
   * Runs a call that answers with a new session and rotates the refresh cookie (the second step
   * of a sign-in, or a factor just enrolled), then adopts that session. It holds the refresh lock,
   * so no other tab spends the cookie meanwhile.
   */
  async replaceSession<T extends { session: Session }>(
    call: (accessToken: string | null) => Promise<T>,
  ): Promise<T> {
    // The lock is held for the call alone: a renewal after a 401 takes it again in between.
    const result = await this.withAccessToken((token) =>
      withRefreshLock(this.locks, () => call(token)),
    );
    this.epoch += 1;
    this.setSignedIn(result.session);
    return result;
  }

  /** Revokes the session on the server (best effort) and forgets it here (always). */
  async signOut(): Promise<void> {
    this.epoch += 1;
    this.clearTimer();
    // Before the server hears of it: the other tabs leave as signed out, not as expired when
    // the revocation reaches their socket first.
    try {
      this.channel?.postMessage(SIGNED_OUT_MESSAGE);
    } catch {
      // A closed channel: the other tabs learn at their next refresh instead.
    }
    const accessToken = this.getAccessToken();
    try {
      await request('/api/auth/sign-out', {
        method: 'POST',
        accessToken,
        fetch: this.fetchImpl,
      });
    } catch {
      // The cookie may already be gone or the server unreachable; the local sign-out stands.
    }
    clearSessionFlags(this.storage);
    this.setSignedOut('signed-out');
  }

  /**
   * Gets a new access token with the refresh cookie. Resolves to the new session, or to null when
   * there is none: after a 401 the user is signed out; after repeated network or server failures
   * the current state is kept and another attempt is scheduled.
   */
  refresh(): Promise<Session | null> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<Session | null> {
    const epoch = this.epoch;
    const outcome = await requestRefresh(
      {
        fetch: this.fetchImpl,
        locks: this.locks,
        sleep: this.sleep,
        maxAttempts: this.maxRefreshAttempts,
      },
      () => this.markStartupSent(),
    );
    if (epoch !== this.epoch) return this.state.session;
    switch (outcome.kind) {
      case 'session':
        this.setSignedIn(outcome.session);
        return outcome.session;
      case 'unauthorized':
        clearSessionFlags(this.storage);
        // Refused after a sign-out (the realtime socket, closed by it, asks for a fresh token):
        // the member signed out, and that stays the reason.
        if (this.state.status !== 'signed-out')
          this.setSignedOut(this.state.status === 'signed-in' ? 'expired' : 'none');
        return null;
      case 'unavailable':
        if (this.state.session) this.schedule(RETRY_LATER_MS);
        else if (this.state.status !== 'signed-out') this.setSignedOut('none');
        return null;
    }
  }

  /**
   * Runs an authenticated call with the current access token. On a 401 it renews the token
   * once (unless another call already did) and retries once.
   */
  async withAccessToken<T>(call: (accessToken: string | null) => Promise<T>): Promise<T> {
    const token = this.getAccessToken();
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.status !== 401 || token === null)
        throw error;
      const current = this.getAccessToken();
      const renewed =
        current !== null && current !== token ? current : (await this.refresh())?.accessToken;
      if (!renewed) throw error;
      return call(renewed);
    }
  }

  /** Stops the refresh timer (tests, hot reload). */
  dispose(): void {
    this.clearTimer();
    this.listeners.clear();
    this.channel?.removeEventListener('message', this.onChannelMessage);
  }

  private setSignedIn(session: Session): void {
    const expiresAt = Date.parse(session.expiresAt);
    const leewayMs = TOKEN_LIFETIMES.accessTokenRefreshLeewaySeconds * 1000;
    this.schedule(Math.max(MIN_REFRESH_DELAY_MS, expiresAt - this.now() - leewayMs));
    this.setState(
      session.mfaRequired ? { status: 'mfa-required', session } : { status: 'signed-in', session },
    );
  }

  private setSignedOut(reason: SignedOutReason): void {
    this.clearTimer();
    this.setState({ status: 'signed-out', session: null, reason });
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refresh();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(next: AuthState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
