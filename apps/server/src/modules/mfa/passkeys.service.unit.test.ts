import { MFA_LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { TX, fakeOf, fakeTransaction } from '../../../test/unit/fake-of.ts';
import {
  NOW,
  USER_ID,
  challengeRow,
  client,
  factorRow,
  issued,
  relyingParty,
} from '../../../test/unit/mfa-fakes.ts';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CredentialRow, MfaRepository } from './mfa.repository.ts';
import { type PasskeySignIn, createPasskeysService } from './passkeys.service.ts';
import { registrationOptions, verifyRegistration } from './webauthn.ts';

const m = MESSAGES.mfa;
const CHALLENGE = 'c2lnbi1pbi1jaGFsbGVuZ2U';

/** A passkey registered for the member, and its row as the server stores it. */
let authenticator: SoftwareAuthenticator;
let credential: CredentialRow;

beforeAll(async () => {
  authenticator = new SoftwareAuthenticator('https://arena.example', 'arena.example');
  const options = await registrationOptions(
    relyingParty,
    { id: USER_ID, name: 'ana@example.com', displayName: 'Ana' },
    [],
  );
  const created = await verifyRegistration(
    relyingParty,
    options.challenge,
    authenticator.register(options as never) as never,
  );
  if (!created) throw new Error('the software authenticator did not register');
  credential = {
    ...created,
    factorId: 'f-1',
    userId: USER_ID,
    createdAt: NOW,
    lastUsedAt: null,
  };
});

function setUp(overrides: Partial<MfaRepository> = {}) {
  const repo = fakeOf<MfaRepository>({
    transaction: fakeTransaction(),
    findChallenge: vi.fn(() =>
      Promise.resolve(challengeRow({ factorId: null, webauthnChallenge: CHALLENGE })),
    ),
    consumeChallenge: vi.fn(() => Promise.resolve(true)),
    findCredential: vi.fn(() =>
      Promise.resolve({ credential, factor: factorRow({ factorType: 'webauthn' }) }),
    ),
    advanceCounter: vi.fn(() => Promise.resolve(true)),
    touchFactor: vi.fn(() => Promise.resolve(factorRow())),
    ...overrides,
  });
  const auth = fakeOf<AuthService>({ startSession: vi.fn(() => Promise.resolve(issued)) });
  return {
    repo,
    auth,
    service: createPasskeysService({ repo, auth, relyingParty, now: () => NOW }),
  };
}

const signIn = (overrides: { userVerified?: boolean; tamper?: boolean } = {}): PasskeySignIn => ({
  challengeId: 'c-1',
  remember: false,
  credential: authenticator.assert({ challenge: CHALLENGE, rpId: 'arena.example' }, overrides),
});

describe('passkeys service', () => {
  it('offers a challenge any passkey of this site may sign, requiring user verification', async () => {
    const { repo, service } = setUp({
      deleteStaleChallenges: vi.fn(() => Promise.resolve()),
      insertChallenge: vi.fn((input: Parameters<MfaRepository['insertChallenge']>[0]) =>
        Promise.resolve(challengeRow({ ...input, id: 'c-new' })),
      ),
    });
    const offered = await service.options(client);
    expect(offered.challengeId).toBe('c-new');
    expect(offered.options).toMatchObject({ rpId: 'arena.example', userVerification: 'required' });
    expect(offered.options).not.toHaveProperty('allowCredentials.0');
    expect(repo.deleteStaleChallenges).toHaveBeenCalledWith(
      null,
      new Date(NOW.getTime() - MFA_LIMITS.failedCodeWindowMs),
    );
    expect(repo.insertChallenge).toHaveBeenCalledWith({
      factorId: null,
      webauthnChallenge: offered.options.challenge,
      ip: '192.0.2.7',
      createdAt: NOW,
      expiresAt: new Date(NOW.getTime() + MFA_LIMITS.challengeSeconds * 1000),
    });
  });

  it('signs the passkey’s owner in at aal2, spending the challenge and advancing the counter', async () => {
    const { repo, auth, service } = setUp();
    await expect(service.signIn(signIn(), client)).resolves.toBe(issued);
    expect(repo.consumeChallenge).toHaveBeenCalledWith(TX, 'c-1', NOW);
    expect(repo.advanceCounter).toHaveBeenCalledWith(
      TX,
      credential.id,
      authenticator.signCount,
      NOW,
    );
    expect(repo.touchFactor).toHaveBeenCalledWith(TX, 'f-1', NOW);
    expect(auth.startSession).toHaveBeenCalledWith(
      USER_ID,
      { persistent: false, aal: 'aal2' },
      client,
    );
  });

  it('refuses an unknown, second-factor, used or expired challenge without spending it', async () => {
    for (const challenge of [
      undefined,
      challengeRow({ factorId: 'f-1', webauthnChallenge: CHALLENGE }),
      challengeRow({ factorId: null, webauthnChallenge: null }),
      challengeRow({ factorId: null, webauthnChallenge: CHALLENGE, usedAt: NOW }),
      challengeRow({ factorId: null, webauthnChallenge: CHALLENGE, expiresAt: NOW }),
    ]) {
      const { repo, auth, service } = setUp({
        findChallenge: vi.fn(() => Promise.resolve(challenge)),
      });
      await expectRefusal(service.signIn(signIn(), client), 'bad_request', m.challengeExpired);
      expect(repo.consumeChallenge).not.toHaveBeenCalled();
      expect(auth.startSession).not.toHaveBeenCalled();
    }
  });

  it('refuses a challenge another answer spent first', async () => {
    const { repo, auth, service } = setUp({
      consumeChallenge: vi.fn(() => Promise.resolve(false)),
    });
    await expectRefusal(service.signIn(signIn(), client), 'bad_request', m.challengeExpired);
    expect(repo.findCredential).not.toHaveBeenCalled();
    expect(auth.startSession).not.toHaveBeenCalled();
  });

  it('refuses a passkey Arena does not know, or whose factor is not set up yet', async () => {
    for (const found of [
      undefined,
      { credential, factor: factorRow({ factorType: 'webauthn', status: 'unverified' }) },
    ]) {
      const { repo, auth, service } = setUp({
        findCredential: vi.fn(() => Promise.resolve(found)),
      });
      await expectRefusal(service.signIn(signIn(), client), 'unauthorized', m.passkeyUnknown);
      expect(repo.advanceCounter).not.toHaveBeenCalled();
      expect(auth.startSession).not.toHaveBeenCalled();
    }
  });

  it('refuses an answer whose user handle names someone else', async () => {
    const { repo, auth, service } = setUp({
      findCredential: vi.fn(() =>
        Promise.resolve({
          credential: { ...credential, userId: 'someone-else' },
          factor: factorRow(),
        }),
      ),
    });
    await expectRefusal(service.signIn(signIn(), client), 'unauthorized', m.passkeyFailed);
    expect(repo.advanceCounter).not.toHaveBeenCalled();
    expect(auth.startSession).not.toHaveBeenCalled();
  });

  it('refuses a forged signature, and one without user verification', async () => {
    for (const overrides of [{ tamper: true }, { userVerified: false }]) {
      const { repo, auth, service } = setUp();
      await expectRefusal(
        service.signIn(signIn(overrides), client),
        'unauthorized',
        m.passkeyFailed,
      );
      expect(repo.advanceCounter).not.toHaveBeenCalled();
      expect(auth.startSession).not.toHaveBeenCalled();
    }
  });

  it('refuses when the counter did not move forward (a cloned authenticator)', async () => {
    const { repo, auth, service } = setUp({ advanceCounter: vi.fn(() => Promise.resolve(false)) });
    await expectRefusal(service.signIn(signIn(), client), 'unauthorized', m.passkeyFailed);
    expect(repo.touchFactor).not.toHaveBeenCalled();
    expect(auth.startSession).not.toHaveBeenCalled();
  });
});
