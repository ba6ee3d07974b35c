import { withProvider } from '@arena/shared/identity.schema';
import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { TX } from '../../../test/unit/fake-of.ts';
import { claims, flowRow, hashOf, issued, oidcWith } from '../../../test/unit/oidc-fakes.ts';

const client = { ip: '192.0.2.7', userAgent: null };
const answer = new URLSearchParams({ state: 'state-1', code: 'code-1' });
const identityOf = (userId: string) => ({
  id: 'i-1',
  userId,
  provider: 'google',
  subject: 'g-123',
  email: claims.email,
  createdAt: new Date(),
});
const linkFlow = (userId: string | null = 'u-1') =>
  vi.fn(() => Promise.resolve(flowRow({ purpose: 'link', userId, redirectTo: '/settings' })));
const violation = (constraint: string) =>
  Object.assign(new Error('duplicate key'), { code: '23505', constraint });

describe('oidc service: linking', () => {
  it('links the provider account to the member', async () => {
    const { repo, service } = oidcWith({
      spendState: linkFlow(),
      findIdentity: vi.fn(() => Promise.resolve(undefined)),
      insertIdentity: vi.fn(() => Promise.resolve(identityOf('u-1'))),
    });
    await expect(service.callback('google', answer, 'browser-secret', client)).resolves.toEqual({
      kind: 'linked',
      provider: 'google',
    });
    expect(repo.insertIdentity).toHaveBeenCalledWith({
      userId: 'u-1',
      provider: 'google',
      subject: 'g-123',
      email: 'ana@example.com',
    });
  });

  it('answers linked again when it already is, and refuses one linked to someone else', async () => {
    const own = oidcWith({
      spendState: linkFlow(),
      findIdentity: vi.fn(() => Promise.resolve(identityOf('u-1'))),
      insertIdentity: vi.fn(),
    });
    await expect(own.service.callback('google', answer, 'browser-secret', client)).resolves.toEqual(
      { kind: 'linked', provider: 'google' },
    );
    expect(own.repo.insertIdentity).not.toHaveBeenCalled();

    const other = oidcWith({
      spendState: linkFlow(),
      findIdentity: vi.fn(() => Promise.resolve(identityOf('u-2'))),
      insertIdentity: vi.fn(),
    });
    await expect(
      other.service.callback('google', answer, 'browser-secret', client),
    ).resolves.toEqual({
      kind: 'refused',
      purpose: 'link',
      provider: 'google',
      code: 'linkedElsewhere',
    });
    expect(other.repo.insertIdentity).not.toHaveBeenCalled();
  });

  it('turns a race lost on the unique indexes into the right refusal, and lets anything else through', async () => {
    for (const [constraint, code] of [
      ['identities_user_provider_key', 'providerAlreadyLinked'],
      ['identities_provider_subject_key', 'linkedElsewhere'],
    ] as const) {
      const { service } = oidcWith({
        spendState: linkFlow(),
        findIdentity: vi.fn(() => Promise.resolve(undefined)),
        insertIdentity: vi.fn(() => Promise.reject(violation(constraint))),
      });
      await expect(service.callback('google', answer, 'browser-secret', client)).resolves.toEqual({
        kind: 'refused',
        purpose: 'link',
        provider: 'google',
        code,
      });
    }
    const failure = violation('some_other_key');
    const { service } = oidcWith({
      spendState: linkFlow(),
      findIdentity: vi.fn(() => Promise.resolve(undefined)),
      insertIdentity: vi.fn(() => Promise.reject(failure)),
    });
    await expect(service.callback('google', answer, 'browser-secret', client)).rejects.toBe(
      failure,
    );
  });

  it('refuses a link flow that names no member as expired', async () => {
    const { repo, service } = oidcWith({ spendState: linkFlow(null), findIdentity: vi.fn() });
    await expect(service.callback('google', answer, 'browser-secret', client)).resolves.toEqual({
      kind: 'refused',
      purpose: 'link',
      provider: 'google',
      code: 'expired',
    });
    expect(repo.findIdentity).not.toHaveBeenCalled();
  });
});

describe('oidc service: finishing a sign-up', () => {
  const pending = {
    subject: 'g-123',
    email: 'ana@example.com',
    name: 'Ana Silva',
    preferredUsername: 'ana.silva',
  };
  const signUpFlow = (overrides = {}) =>
    flowRow({
      signUpTokenHash: hashOf('sign-up-token'),
      signUpClaims: pending,
      signUpExpiresAt: new Date(Date.now() + 60_000),
      remember: false,
      ...overrides,
    });
  const input = { fullName: 'Ana S.', username: 'ana_s', userType: 'player' as const };

  it('shows what the provider told, with a username suggestion', async () => {
    const { repo, service } = oidcWith({ findSignUp: vi.fn(() => Promise.resolve(signUpFlow())) });
    await expect(service.pendingSignUp('sign-up-token')).resolves.toEqual({
      provider: 'google',
      providerLabel: 'Google',
      email: 'ana@example.com',
      fullName: 'Ana Silva',
      username: 'ana_silva',
      remember: false,
      redirectTo: '/home',
    });
    expect(repo.findSignUp).toHaveBeenCalledWith(hashOf('sign-up-token'));
  });

  it('refuses a missing, unknown, finished or expired sign-up alike', async () => {
    const cases = [
      [undefined, signUpFlow()],
      ['sign-up-token', undefined],
      ['sign-up-token', signUpFlow({ completedAt: new Date() })],
      ['sign-up-token', signUpFlow({ signUpExpiresAt: new Date(Date.now() - 1) })],
      ['sign-up-token', signUpFlow({ signUpExpiresAt: null })],
      ['sign-up-token', signUpFlow({ signUpClaims: null })],
    ] as const;
    for (const [token, flow] of cases) {
      const { repo, auth, service } = oidcWith({
        findSignUp: vi.fn(() => Promise.resolve(flow)),
        completeSignUp: vi.fn(),
      });
      await expectRefusal(
        service.pendingSignUp(token),
        'bad_request',
        MESSAGES.identities.signUpExpired,
      );
      await expectRefusal(
        service.completeSignUp(token, input, client),
        'bad_request',
        MESSAGES.identities.signUpExpired,
      );
      expect(repo.completeSignUp).not.toHaveBeenCalled();
      expect(auth.createAccount).not.toHaveBeenCalled();
    }
  });

  it('creates a passwordless account with a confirmed address, links the identity and signs in', async () => {
    const { repo, auth, service } = oidcWith({
      findSignUp: vi.fn(() => Promise.resolve(signUpFlow())),
      completeSignUp: vi.fn(() => Promise.resolve(true)),
      findIdentity: vi.fn(() => Promise.resolve(undefined)),
      insertIdentity: vi.fn(() => Promise.resolve(identityOf('u-new'))),
    });
    await expect(service.completeSignUp('sign-up-token', input, client)).resolves.toBe(issued);
    expect(repo.completeSignUp).toHaveBeenCalledWith(TX, 'flow-1');
    expect(auth.createAccount).toHaveBeenCalledWith(TX, {
      email: 'ana@example.com',
      passwordHash: null,
      emailConfirmedAt: expect.any(Date) as Date,
      ...input,
    });
    expect(repo.insertIdentity).toHaveBeenCalledWith(
      { userId: 'u-new', provider: 'google', subject: 'g-123', email: 'ana@example.com' },
      TX,
    );
    expect(auth.startSession).toHaveBeenCalledWith(
      'u-new',
      { persistent: false, aal: 'aal1' },
      client,
    );
  });

  it('refuses a sign-up spent meanwhile, or whose provider account was linked meanwhile, creating nothing', async () => {
    const spent = oidcWith({
      findSignUp: vi.fn(() => Promise.resolve(signUpFlow())),
      completeSignUp: vi.fn(() => Promise.resolve(false)),
    });
    await expectRefusal(
      spent.service.completeSignUp('sign-up-token', input, client),
      'bad_request',
      MESSAGES.identities.signUpExpired,
    );
    expect(spent.auth.createAccount).not.toHaveBeenCalled();

    const linked = oidcWith({
      findSignUp: vi.fn(() => Promise.resolve(signUpFlow())),
      completeSignUp: vi.fn(() => Promise.resolve(true)),
      findIdentity: vi.fn(() => Promise.resolve(identityOf('u-2'))),
    });
    await expectRefusal(
      linked.service.completeSignUp('sign-up-token', input, client),
      'conflict',
      withProvider(MESSAGES.identities.linkedElsewhere, 'Google'),
    );
    expect(linked.repo.findIdentity).toHaveBeenCalledWith('google', 'g-123', TX);
    expect(linked.auth.createAccount).not.toHaveBeenCalled();
    expect(linked.auth.startSession).not.toHaveBeenCalled();
  });
});
