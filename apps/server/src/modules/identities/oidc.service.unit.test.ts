import { withProvider } from '@arena/shared/identity.schema';
import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { claims, flowRow, hashOf, issued, oidcWith } from '../../../test/unit/oidc-fakes.ts';
import { OidcProviderError } from './oidc-client.ts';
import { FLOW_TTL_MS, SIGN_UP_TTL_MS } from './oidc.service.ts';

const client = { ip: '192.0.2.7', userAgent: null };
const answer = new URLSearchParams({ state: 'state-1', code: 'code-1' });

describe('oidc service: starting', () => {
  it('names the configured providers', () => {
    const { service } = oidcWith({});
    expect(service.providers()).toEqual([{ name: 'google', label: 'Google' }]);
    expect(service.labelOf('google')).toBe('Google');
    expect(service.labelOf('retired')).toBe('retired');
    expect(service.isConfigured('google')).toBe(true);
    expect(service.isConfigured('retired')).toBe(false);
  });

  it('records a sign-in flow bound to the browser’s secret, reusing one it already has', async () => {
    const { repo, service } = oidcWith({ insertFlow: vi.fn(() => Promise.resolve()) });
    const before = Date.now();
    const started = await service.startSignIn(
      'google',
      { redirectTo: '/jobs', remember: false },
      'browser-secret',
    );
    expect(started).toEqual({
      authorizationUrl: 'https://accounts.google.example/authorize?state=state-1',
      browserSecret: 'browser-secret',
    });
    const flow = vi.mocked(repo.insertFlow).mock.calls[0]?.[0];
    expect(flow).toMatchObject({
      provider: 'google',
      purpose: 'sign-in',
      userId: null,
      redirectTo: '/jobs',
      remember: false,
      state: 'state-1',
      nonce: 'nonce',
      codeVerifier: 'verifier',
      browserHash: hashOf('browser-secret'),
    });
    expect(flow?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + FLOW_TTL_MS);
  });

  it('makes a new browser secret when there is none or the cookie is oversized', async () => {
    for (const presented of [undefined, 'x'.repeat(129)]) {
      const { repo, service } = oidcWith({ insertFlow: vi.fn(() => Promise.resolve()) });
      const started = await service.startSignIn(
        'google',
        { redirectTo: '/', remember: true },
        presented,
      );
      expect(started.browserSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(vi.mocked(repo.insertFlow).mock.calls[0]?.[0].browserHash).toBe(
        hashOf(started.browserSecret),
      );
    }
  });

  it('starts linking for the member, returning to Settings', async () => {
    const { repo, service } = oidcWith({ insertFlow: vi.fn(() => Promise.resolve()) });
    await service.startLink('google', 'u-1', 'browser-secret');
    expect(repo.insertFlow).toHaveBeenCalledWith(
      expect.objectContaining({
        purpose: 'link',
        userId: 'u-1',
        redirectTo: '/settings',
        remember: false,
      }),
    );
  });

  it('refuses an unknown provider with a 404, recording nothing', async () => {
    const { repo, client: oidc, service } = oidcWith({ insertFlow: vi.fn() });
    // Thrown as the call is made (not as a rejection): wrapped so that either way is caught.
    await expectRefusal(
      (async () =>
        service.startSignIn('retired', { redirectTo: '/', remember: true }, undefined))(),
      'not_found',
      MESSAGES.identities.unknownProvider,
    );
    await expectRefusal(
      (async () => service.startLink('retired', 'u-1', undefined))(),
      'not_found',
      MESSAGES.identities.unknownProvider,
    );
    expect(oidc.authorizationRequest).not.toHaveBeenCalled();
    expect(repo.insertFlow).not.toHaveBeenCalled();
  });

  it('answers 503 naming the provider when it cannot be reached, and logs why', async () => {
    const failure = new Error('discovery timed out');
    const { repo, logFailure, service } = oidcWith(
      { insertFlow: vi.fn() },
      { authorizationRequest: vi.fn(() => Promise.reject(failure)) },
    );
    await expectRefusal(
      service.startSignIn('google', { redirectTo: '/', remember: true }, undefined),
      'unavailable',
      withProvider(MESSAGES.identities.unavailable, 'Google'),
    );
    expect(logFailure).toHaveBeenCalledWith(failure, 'google');
    expect(repo.insertFlow).not.toHaveBeenCalled();
  });
});

describe('oidc service: the provider’s answer', () => {
  it('refuses as expired an unknown provider, a missing state and a state already spent', async () => {
    const { repo, service } = oidcWith({ spendState: vi.fn(() => Promise.resolve(undefined)) });
    const expired = { kind: 'refused', purpose: 'sign-in', code: 'expired' };
    await expect(service.callback('retired', answer, 'browser-secret', client)).resolves.toEqual({
      ...expired,
      provider: 'retired',
    });
    await expect(
      service.callback('google', new URLSearchParams(), 'browser-secret', client),
    ).resolves.toEqual({ ...expired, provider: 'google' });
    expect(repo.spendState).not.toHaveBeenCalled();
    await expect(service.callback('google', answer, 'browser-secret', client)).resolves.toEqual({
      ...expired,
      provider: 'google',
    });
    expect(repo.spendState).toHaveBeenCalledWith('google', 'state-1');
  });

  it('refuses an answer reaching another browser, or too late, without redeeming the code', async () => {
    for (const [secret, flow] of [
      [undefined, flowRow()],
      ['another-browser', flowRow()],
      ['browser-secret', flowRow({ expiresAt: new Date(Date.now() - 1) })],
    ] as const) {
      const { client: oidc, service } = oidcWith({
        spendState: vi.fn(() =>
          Promise.resolve(flowRow({ ...flow, purpose: 'link', userId: 'u-1' })),
        ),
      });
      await expect(service.callback('google', answer, secret, client)).resolves.toEqual({
        kind: 'refused',
        purpose: 'link',
        provider: 'google',
        code: 'expired',
      });
      expect(oidc.redeem).not.toHaveBeenCalled();
    }
  });

  it('tells a cancelled sign-in from an unreachable provider and from any other failure', async () => {
    for (const [failure, code, logged] of [
      [new OidcProviderError('cancelled', 'access_denied'), 'cancelled', false],
      [new OidcProviderError('unavailable', 'timeout'), 'unavailable', true],
      [new OidcProviderError('failed', 'bad id token'), 'failed', true],
      [new Error('unexpected'), 'failed', true],
    ] as const) {
      const { logFailure, service } = oidcWith(
        { spendState: vi.fn(() => Promise.resolve(flowRow())) },
        { redeem: vi.fn(() => Promise.reject(failure)) },
      );
      await expect(service.callback('google', answer, 'browser-secret', client)).resolves.toEqual({
        kind: 'refused',
        purpose: 'sign-in',
        provider: 'google',
        code,
      });
      expect(logFailure).toHaveBeenCalledTimes(logged ? 1 : 0);
    }
  });

  it('redeems the code at the registered redirect URI with the flow’s secrets', async () => {
    const { client: oidc, service } = oidcWith({
      spendState: vi.fn(() => Promise.resolve(flowRow())),
      findIdentity: vi.fn(() =>
        Promise.resolve({
          id: 'i-1',
          userId: 'u-1',
          provider: 'google',
          subject: 'g-123',
          email: claims.email,
          createdAt: new Date(),
        }),
      ),
    });
    await service.callback('google', answer, 'browser-secret', client);
    const [provider, url, checks] = vi.mocked(oidc.redeem).mock.calls[0] ?? [];
    expect(provider?.name).toBe('google');
    expect(url?.toString()).toBe(
      'https://arena.example/api/auth/oidc/google/callback?state=state-1&code=code-1',
    );
    expect(checks).toEqual({ state: 'state-1', nonce: 'nonce', codeVerifier: 'verifier' });
  });

  it('signs a linked member in at aal1, keeping the identity’s email current', async () => {
    const { repo, auth, service } = oidcWith({
      spendState: vi.fn(() => Promise.resolve(flowRow())),
      findIdentity: vi.fn(() =>
        Promise.resolve({
          id: 'i-1',
          userId: 'u-1',
          provider: 'google',
          subject: 'g-123',
          email: 'old@example.com',
          createdAt: new Date(),
        }),
      ),
      updateIdentityEmail: vi.fn(() => Promise.resolve()),
    });
    await expect(service.callback('google', answer, 'browser-secret', client)).resolves.toEqual({
      kind: 'signed-in',
      issued,
      redirectTo: '/home',
    });
    expect(repo.findIdentity).toHaveBeenCalledWith('google', 'g-123');
    expect(repo.updateIdentityEmail).toHaveBeenCalledWith('i-1', 'ana@example.com');
    expect(auth.startSession).toHaveBeenCalledWith(
      'u-1',
      { persistent: true, aal: 'aal1' },
      client,
    );
  });

  it('refuses a new person without a confirmed email, or with an address an account uses', async () => {
    for (const [given, inUse, code] of [
      [{ ...claims, email: null }, false, 'emailUnverified'],
      [{ ...claims, emailVerified: false }, false, 'emailUnverified'],
      [claims, true, 'emailInUse'],
    ] as const) {
      const { repo, auth, service } = oidcWith(
        {
          spendState: vi.fn(() => Promise.resolve(flowRow())),
          findIdentity: vi.fn(() => Promise.resolve(undefined)),
          emailInUse: vi.fn(() => Promise.resolve(inUse)),
          startSignUp: vi.fn(),
        },
        { redeem: vi.fn(() => Promise.resolve(given)) },
      );
      await expect(service.callback('google', answer, 'browser-secret', client)).resolves.toEqual({
        kind: 'refused',
        purpose: 'sign-in',
        provider: 'google',
        code,
      });
      expect(repo.startSignUp).not.toHaveBeenCalled();
      expect(auth.startSession).not.toHaveBeenCalled();
    }
  });

  it('starts a sign-up for a new person with a confirmed email, storing only the token’s hash', async () => {
    const { repo, service } = oidcWith({
      spendState: vi.fn(() => Promise.resolve(flowRow())),
      findIdentity: vi.fn(() => Promise.resolve(undefined)),
      emailInUse: vi.fn(() => Promise.resolve(false)),
      startSignUp: vi.fn(() => Promise.resolve()),
    });
    const before = Date.now();
    const outcome = await service.callback('google', answer, 'browser-secret', client);
    if (outcome.kind !== 'sign-up') throw new Error(`expected a sign-up, got ${outcome.kind}`);
    const [flowId, stored] = vi.mocked(repo.startSignUp).mock.calls[0] ?? [];
    expect(flowId).toBe('flow-1');
    expect(stored?.tokenHash).toBe(hashOf(outcome.token));
    expect(stored?.claims).toEqual({
      subject: 'g-123',
      email: 'ana@example.com',
      name: 'Ana Silva',
      preferredUsername: 'ana.silva',
    });
    expect(stored?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SIGN_UP_TTL_MS);
  });
});
