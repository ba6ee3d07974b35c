import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { USER_ID, authWith, sessionUser } from '../../../test/unit/auth-fakes.ts';
import { TX } from '../../../test/unit/fake-of.ts';
import { expectRefusal } from '../../../test/unit/app-errors.ts';
import type { AuthRepository } from './auth.repository.ts';
import { hashRefreshToken } from './refresh-token.ts';

type TokenRow = NonNullable<Awaited<ReturnType<AuthRepository['findRefreshTokenForUpdate']>>>;

const client = { ip: '192.0.2.7', userAgent: null };
const HOUR = 60 * 60 * 1000;

function tokenRow(overrides: Partial<TokenRow> = {}): TokenRow {
  return {
    id: 't-1',
    userId: USER_ID,
    familyId: 'family-1',
    tokenHash: hashRefreshToken('presented'),
    persistent: true,
    createdAt: new Date(Date.now() - HOUR),
    expiresAt: new Date(Date.now() + HOUR),
    spentAt: null,
    revokedAt: null,
    userAgent: null,
    ip: null,
    aal: 'aal2',
    ...overrides,
  };
}

function refreshRepo(row: TokenRow | undefined) {
  return {
    findRefreshTokenForUpdate: vi.fn(() => Promise.resolve(row)),
    markRefreshTokenSpent: vi.fn(() => Promise.resolve()),
    revokeFamily: vi.fn(() => Promise.resolve()),
  };
}

describe('auth service: refresh', () => {
  it('spends the token and continues its family at its assurance level', async () => {
    const { repo, service } = authWith(refreshRepo(tokenRow()));
    const issued = await service.refresh('presented', client);
    expect(repo.findRefreshTokenForUpdate).toHaveBeenCalledWith(TX, hashRefreshToken('presented'));
    expect(repo.markRefreshTokenSpent).toHaveBeenCalledWith(TX, 't-1');
    expect(issued.session).toMatchObject({ aal: 'aal2', accessToken: 'access:family-1:aal2' });
    expect(issued.persistent).toBe(true);
    expect(issued.refreshToken).not.toBe('presented');
    expect(repo.insertRefreshToken).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({
        familyId: 'family-1',
        aal: 'aal2',
        tokenHash: hashRefreshToken(issued.refreshToken),
      }),
    );
  });

  it('refuses no token, an unknown, revoked or expired one, issuing nothing', async () => {
    const none = authWith(refreshRepo(undefined));
    await expectRefusal(
      none.service.refresh(undefined, client),
      'unauthorized',
      MESSAGES.auth.sessionExpired,
    );
    expect(none.repo.transaction).not.toHaveBeenCalled();

    for (const row of [
      undefined,
      tokenRow({ revokedAt: new Date() }),
      tokenRow({ expiresAt: new Date(Date.now() - 1) }),
    ]) {
      const { repo, revocations, service } = authWith(refreshRepo(row));
      await expectRefusal(
        service.refresh('presented', client),
        'unauthorized',
        MESSAGES.auth.sessionExpired,
      );
      expect(repo.markRefreshTokenSpent).not.toHaveBeenCalled();
      expect(repo.revokeFamily).not.toHaveBeenCalled();
      expect(repo.insertRefreshToken).not.toHaveBeenCalled();
      expect(revocations.announce).not.toHaveBeenCalled();
    }
  });

  it('treats a spent token presented again as stolen: the whole family ends, everywhere', async () => {
    const { repo, revocations, service } = authWith(refreshRepo(tokenRow({ spentAt: new Date() })));
    await expectRefusal(
      service.refresh('presented', client),
      'unauthorized',
      MESSAGES.auth.sessionExpired,
    );
    expect(repo.revokeFamily).toHaveBeenCalledWith(TX, 'family-1');
    expect(revocations.announce).toHaveBeenCalledWith(['family-1']);
    expect(repo.insertRefreshToken).not.toHaveBeenCalled();
  });

  it('refuses when the account is gone', async () => {
    const { repo, service } = authWith({
      ...refreshRepo(tokenRow()),
      findSessionUser: vi.fn(() => Promise.resolve(undefined)),
    });
    await expectRefusal(
      service.refresh('presented', client),
      'unauthorized',
      MESSAGES.auth.sessionExpired,
    );
    expect(repo.insertRefreshToken).not.toHaveBeenCalled();
  });
});

describe('auth service: sign-out', () => {
  it('ends the refresh token’s family and the caller’s session, and announces both', async () => {
    const { repo, revocations, service } = authWith({
      findRefreshToken: vi.fn(() => Promise.resolve(tokenRow())),
      revokeFamily: vi.fn(() => Promise.resolve()),
    });
    await service.signOut('presented', 'family-2');
    expect(repo.findRefreshToken).toHaveBeenCalledWith(hashRefreshToken('presented'));
    expect(vi.mocked(repo.revokeFamily).mock.calls).toEqual([
      [TX, 'family-1'],
      [TX, 'family-2'],
    ]);
    expect(revocations.announce).toHaveBeenCalledWith(['family-1', 'family-2']);
  });

  it('does nothing without a known token or a session', async () => {
    const { repo, revocations, service } = authWith({
      findRefreshToken: vi.fn(() => Promise.resolve(undefined)),
    });
    await service.signOut('unknown', null);
    await service.signOut(undefined, null);
    expect(repo.findRefreshToken).toHaveBeenCalledTimes(1);
    expect(repo.transaction).not.toHaveBeenCalled();
    expect(revocations.announce).not.toHaveBeenCalled();
  });
});

describe('auth service: aal2 and new sessions', () => {
  it('raises the caller’s live session to aal2 within its family', async () => {
    const { repo, service } = authWith(refreshRepo(tokenRow({ aal: 'aal1' })));
    const issued = await service.elevate(USER_ID, 'presented', client);
    expect(repo.markRefreshTokenSpent).toHaveBeenCalledWith(TX, 't-1');
    expect(issued.session).toMatchObject({ aal: 'aal2', accessToken: 'access:family-1:aal2' });
    expect(issued.session).not.toHaveProperty('mfaRequired');
  });

  it('starts a new, non-persistent aal2 session when the token is not the caller’s live one', async () => {
    for (const row of [
      tokenRow({ userId: 'someone-else' }),
      tokenRow({ spentAt: new Date() }),
      tokenRow({ revokedAt: new Date() }),
      tokenRow({ expiresAt: new Date(Date.now() - 1) }),
    ]) {
      const { repo, service } = authWith(refreshRepo(row));
      const issued = await service.elevate(USER_ID, 'presented', client);
      expect(repo.markRefreshTokenSpent).not.toHaveBeenCalled();
      expect(issued.persistent).toBe(false);
      expect(issued.session.accessToken).not.toBe('access:family-1:aal2');
      expect(issued.session.aal).toBe('aal2');
    }
    const none = authWith(refreshRepo(undefined));
    await none.service.elevate(USER_ID, undefined, client);
    expect(none.repo.findRefreshTokenForUpdate).not.toHaveBeenCalled();
  });

  it('refuses to raise or start a session for an account that is gone', async () => {
    const gone = { findSessionUser: vi.fn(() => Promise.resolve(undefined)) };
    const elevate = authWith({ ...refreshRepo(tokenRow()), ...gone });
    await expectRefusal(
      elevate.service.elevate(USER_ID, 'presented', client),
      'unauthorized',
      MESSAGES.auth.sessionExpired,
    );
    const start = authWith(gone);
    await expectRefusal(
      start.service.startSession(USER_ID, { persistent: true, aal: 'aal1' }, client),
      'unauthorized',
      MESSAGES.auth.sessionExpired,
    );
    await expectRefusal(
      start.service.sessionUser(USER_ID),
      'unauthorized',
      MESSAGES.auth.sessionExpired,
    );
    expect(start.repo.insertRefreshToken).not.toHaveBeenCalled();
  });

  it('starts a session as asked and tells who it is for, with their roles', async () => {
    const { service } = authWith({ rolesOf: vi.fn(() => Promise.resolve(['admin' as const])) });
    const issued = await service.startSession(USER_ID, { persistent: false, aal: 'aal2' }, client);
    expect(issued.session).toMatchObject({ aal: 'aal2', roles: ['admin'], user: sessionUser.user });
    expect(issued.persistent).toBe(false);
    await expect(service.sessionUser(USER_ID)).resolves.toEqual({
      ...sessionUser,
      roles: ['admin'],
    });
  });
});

describe('auth service: the admin role by email', () => {
  it('grants and revokes by email, recording only a change, and says when nobody has the address', async () => {
    const { repo, service } = authWith({
      findUserByEmail: vi.fn((email: string) =>
        Promise.resolve(
          email === 'ana@example.com'
            ? { id: USER_ID, email, passwordHash: null, emailConfirmedAt: null }
            : undefined,
        ),
      ),
      grantRole: vi.fn(() => Promise.resolve(true)),
      revokeRole: vi.fn(() => Promise.resolve(false)),
      recordAdminAction: vi.fn(() => Promise.resolve()),
    });
    await expect(service.setAdmin('nobody@example.com', true, null, 'cli')).resolves.toBe(false);
    await expect(service.setAdmin('ana@example.com', true, 'actor', 'cli')).resolves.toBe(true);
    expect(repo.grantRole).toHaveBeenCalledWith(TX, USER_ID, 'admin');
    expect(repo.recordAdminAction).toHaveBeenCalledWith(TX, {
      actorUserId: 'actor',
      action: 'role.grant',
      targetType: 'user',
      targetId: USER_ID,
      details: { role: 'admin', source: 'cli' },
    });
    await expect(service.setAdmin('ana@example.com', false, 'actor', 'cli')).resolves.toBe(true);
    expect(repo.revokeRole).toHaveBeenCalledWith(TX, USER_ID, 'admin');
    expect(repo.recordAdminAction).toHaveBeenCalledTimes(1);
  });

  it('at start, grants the role to each confirmed ADMIN_EMAILS account', async () => {
    const { repo, service } = authWith({
      findConfirmedUsersByEmails: vi.fn(() =>
        Promise.resolve([{ id: USER_ID, email: 'boss@example.com' }]),
      ),
      grantRole: vi.fn(() => Promise.resolve(false)),
    });
    await service.applyAdminEmails();
    expect(repo.findConfirmedUsersByEmails).toHaveBeenCalledWith(['boss@example.com']);
    expect(repo.grantRole).toHaveBeenCalledWith(TX, USER_ID, 'admin');
  });
});
