import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { USER_ID, authWith, fakeSigner, sessionUser } from '../../../test/unit/auth-fakes.ts';
import { TX } from '../../../test/unit/fake-of.ts';
import { expectRefusal } from '../../../test/unit/app-errors.ts';
import type { SignIn, SignUp } from './auth.service.ts';

vi.mock('./password.ts', () => import('../../../test/unit/fast-passwords.ts'));

const client = { ip: '192.0.2.7', userAgent: 'Firefox/140.0' };
const signUp: SignUp = {
  fullName: 'Ana Silva',
  username: 'ana',
  email: 'ana@example.com',
  password: 'correct horse',
  userType: 'player',
  remember: true,
};
const signIn: SignIn = { email: 'Ana@Example.com', password: 'correct horse', remember: false };

/** A database error as drizzle wraps it: the driver's unique violation is the cause. */
function uniqueViolation(constraint: string) {
  return new Error('insert failed', {
    cause: Object.assign(new Error('duplicate key'), { code: '23505', constraint }),
  });
}

function signUpRepo(overrides = {}) {
  return {
    emailExists: vi.fn(() => Promise.resolve(false)),
    usernameExists: vi.fn(() => Promise.resolve(false)),
    insertUser: vi.fn(() => Promise.resolve({ id: USER_ID, email: signUp.email })),
    insertProfile: vi.fn(() => Promise.resolve(sessionUser.profile)),
    grantRole: vi.fn(() => Promise.resolve(true)),
    recordAdminAction: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

describe('auth service: sign-up', () => {
  it('creates the account with a hashed password and starts a session at aal1', async () => {
    const { repo, service } = authWith(signUpRepo());
    const result = await service.signUp(signUp, client);
    expect(repo.insertUser).toHaveBeenCalledWith(TX, {
      email: 'ana@example.com',
      passwordHash: 'hashed:correct horse',
      emailConfirmedAt: null,
    });
    expect(repo.insertProfile).toHaveBeenCalledWith(TX, {
      userId: USER_ID,
      username: 'ana',
      fullName: 'Ana Silva',
      userType: 'player',
    });
    expect(result).toMatchObject({
      session: {
        aal: 'aal1',
        roles: [],
        accessToken: expect.stringMatching(/^access:.+:aal1$/) as string,
      },
      persistent: true,
      deviceToken: `device:${USER_ID}`,
    });
    expect(result).not.toHaveProperty('confirmationLink');
    expect(repo.insertRefreshToken).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ userId: USER_ID, persistent: true, aal: 'aal1', ip: '192.0.2.7' }),
    );
  });

  it('refuses a taken email, then a taken username, with a 409 and writes nothing', async () => {
    const email = authWith(signUpRepo({ emailExists: vi.fn(() => Promise.resolve(true)) }));
    await expectRefusal(email.service.signUp(signUp, client), 'conflict', MESSAGES.auth.emailTaken);
    expect(email.repo.insertUser).not.toHaveBeenCalled();

    const username = authWith(signUpRepo({ usernameExists: vi.fn(() => Promise.resolve(true)) }));
    await expectRefusal(
      username.service.signUp(signUp, client),
      'conflict',
      MESSAGES.auth.usernameTaken,
    );
    expect(username.repo.insertUser).not.toHaveBeenCalled();
  });

  it('maps a race lost on the unique indexes to the same 409s', async () => {
    const email = authWith(
      signUpRepo({
        insertUser: vi.fn(() => Promise.reject(uniqueViolation('users_email_lower_key'))),
      }),
    );
    await expectRefusal(email.service.signUp(signUp, client), 'conflict', MESSAGES.auth.emailTaken);

    const username = authWith(
      signUpRepo({
        insertProfile: vi.fn(() => Promise.reject(uniqueViolation('profiles_username_lower_key'))),
      }),
    );
    await expectRefusal(
      username.service.signUp(signUp, client),
      'conflict',
      MESSAGES.auth.usernameTaken,
    );
    expect(username.repo.insertRefreshToken).not.toHaveBeenCalled();
  });

  it('lets any other database failure through as it is (a 500, not a 409)', async () => {
    const failure = uniqueViolation('some_other_key');
    const { service } = authWith(signUpRepo({ insertUser: vi.fn(() => Promise.reject(failure)) }));
    await expect(service.signUp(signUp, client)).rejects.toBe(failure);
  });

  it('with confirmation required, creates the account but starts no session', async () => {
    const { repo, signer, service } = authWith(signUpRepo(), {
      policy: { requireEmailConfirmation: true },
    });
    await expect(service.signUp(signUp, client)).resolves.toEqual({
      confirmationRequired: true,
      account: { id: USER_ID, email: 'ana@example.com', fullName: 'Ana Silva' },
    });
    expect(repo.insertRefreshToken).not.toHaveBeenCalled();
    expect(signer.sign).not.toHaveBeenCalled();
  });

  it('gives an address in ADMIN_EMAILS no admin role until it is confirmed, and asks for the link', async () => {
    const { repo, service } = authWith(
      signUpRepo({
        insertUser: vi.fn(() => Promise.resolve({ id: USER_ID, email: 'Boss@Example.com' })),
      }),
    );
    const result = await service.signUp({ ...signUp, email: 'Boss@Example.com' }, client);
    expect(repo.grantRole).not.toHaveBeenCalled();
    expect(result).toMatchObject({
      session: { roles: [] },
      confirmationLink: { id: USER_ID, email: 'Boss@Example.com', fullName: 'Ana Silva' },
    });
  });

  it('grants the admin role to a confirmed ADMIN_EMAILS address created another way, and records it', async () => {
    const { repo, service } = authWith(
      signUpRepo({
        insertUser: vi.fn(() => Promise.resolve({ id: USER_ID, email: 'boss@example.com' })),
      }),
    );
    await expect(
      service.createAccount(TX, {
        email: 'boss@example.com',
        passwordHash: null,
        emailConfirmedAt: new Date(),
        username: 'boss',
        fullName: 'The Boss',
        userType: 'club',
      }),
    ).resolves.toEqual({ userId: USER_ID });
    expect(repo.emailExists).toHaveBeenCalledWith('boss@example.com', TX);
    expect(repo.grantRole).toHaveBeenCalledWith(TX, USER_ID, 'admin');
    expect(repo.recordAdminAction).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ action: 'role.grant', targetId: USER_ID, actorUserId: null }),
    );
  });

  it('grants nothing to a confirmed address outside ADMIN_EMAILS', async () => {
    const { repo, service } = authWith(signUpRepo());
    await service.createAccount(TX, {
      email: 'ana@example.com',
      passwordHash: null,
      emailConfirmedAt: new Date(),
      username: 'ana',
      fullName: 'Ana Silva',
      userType: 'player',
    });
    expect(repo.grantRole).not.toHaveBeenCalled();
  });
});

describe('auth service: sign-in', () => {
  const user = {
    id: USER_ID,
    email: 'ana@example.com',
    passwordHash: 'hashed:correct horse',
    emailConfirmedAt: null as Date | null,
  };

  function signInRepo(failures: number, ...found: [(typeof user | undefined)?]) {
    return {
      findUserByEmail: vi.fn(() => Promise.resolve(found.length > 0 ? found[0] : user)),
      countRecentSignInFailures: vi.fn(() => Promise.resolve(failures)),
      recordSignInFailure: vi.fn(() => Promise.resolve()),
      clearSignInFailures: vi.fn(() => Promise.resolve()),
    };
  }

  it('signs in with the right password, clearing earlier failures', async () => {
    const { repo, service } = authWith(signInRepo(2));
    const result = await service.signIn(signIn, client);
    expect(repo.countRecentSignInFailures).toHaveBeenCalledWith(
      'ana@example.com',
      null,
      expect.any(Date),
    );
    expect(repo.clearSignInFailures).toHaveBeenCalledWith('ana@example.com', null);
    expect(repo.recordSignInFailure).not.toHaveBeenCalled();
    expect(result).toMatchObject({ persistent: false, deviceToken: `device:${USER_ID}` });
  });

  it('does not clear when there was no failure', async () => {
    const { repo, service } = authWith(signInRepo(0));
    await service.signIn(signIn, client);
    expect(repo.clearSignInFailures).not.toHaveBeenCalled();
  });

  it('refuses a wrong password and an unknown address alike, and counts the failure', async () => {
    for (const [password, found] of [
      ['wrong', user],
      ['correct horse', undefined],
    ] as const) {
      const { repo, service } = authWith(signInRepo(0, found));
      await expectRefusal(
        service.signIn({ ...signIn, password }, client),
        'unauthorized',
        MESSAGES.auth.invalidCredentials,
      );
      expect(repo.recordSignInFailure).toHaveBeenCalledWith(
        'ana@example.com',
        '192.0.2.7',
        null,
        expect.any(Date),
      );
      expect(repo.insertRefreshToken).not.toHaveBeenCalled();
    }
  });

  it('pauses the account after too many failures, even for the right password', async () => {
    const { repo, service } = authWith(signInRepo(5));
    await expectRefusal(
      service.signIn(signIn, client),
      'rate_limited',
      MESSAGES.auth.tooManyFailedSignIns,
    );
    expect(repo.recordSignInFailure).not.toHaveBeenCalled();
    expect(repo.insertRefreshToken).not.toHaveBeenCalled();
  });

  it('counts a known browser’s failures apart, only when its device cookie is this account’s', async () => {
    const own = authWith(signInRepo(0), {
      signer: fakeSigner({ userId: USER_ID, deviceId: 'd-1' }),
    });
    await own.service.signIn(signIn, { ...client, deviceToken: 'cookie' });
    expect(own.signer.verifyDevice).toHaveBeenCalledWith('cookie');
    expect(own.repo.countRecentSignInFailures).toHaveBeenCalledWith(
      'ana@example.com',
      'd-1',
      expect.any(Date),
    );

    const other = authWith(signInRepo(0), {
      signer: fakeSigner({ userId: 'someone-else', deviceId: 'd-2' }),
    });
    await other.service.signIn(signIn, { ...client, deviceToken: 'cookie' });
    expect(other.repo.countRecentSignInFailures).toHaveBeenCalledWith(
      'ana@example.com',
      null,
      expect.any(Date),
    );
  });

  it('refuses an unconfirmed address when confirmation is required, only to the right password', async () => {
    const { repo, service } = authWith(signInRepo(0), {
      policy: { requireEmailConfirmation: true },
    });
    await expectRefusal(
      service.signIn(signIn, client),
      'forbidden',
      MESSAGES.account.emailNotConfirmed,
    );
    expect(repo.insertRefreshToken).not.toHaveBeenCalled();

    const confirmed = authWith(signInRepo(0, { ...user, emailConfirmedAt: new Date() }), {
      policy: { requireEmailConfirmation: true },
    });
    await expect(confirmed.service.signIn(signIn, client)).resolves.toHaveProperty('session');
  });

  it('refuses when the account has no profile any more', async () => {
    const { repo, service } = authWith({
      ...signInRepo(0),
      findSessionUser: vi.fn(() => Promise.resolve(undefined)),
    });
    await expectRefusal(
      service.signIn(signIn, client),
      'unauthorized',
      MESSAGES.auth.invalidCredentials,
    );
    expect(repo.insertRefreshToken).not.toHaveBeenCalled();
  });

  it('marks an aal1 session of a member with a verified factor as needing the second step', async () => {
    const factor = {
      id: 'f-1',
      friendlyName: 'Phone',
      factorType: 'totp',
      status: 'verified',
      phoneHint: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      lastUsedAt: null,
    } as const;
    const { signer, service } = authWith(signInRepo(0), { factors: [factor] });
    const result = await service.signIn(signIn, client);
    expect(result.session.mfaRequired).toEqual({ factors: [factor] });
    expect(signer.sign).toHaveBeenCalledWith(
      expect.objectContaining({ aal: 'aal1', hadSecondFactor: true }),
    );
  });
});
