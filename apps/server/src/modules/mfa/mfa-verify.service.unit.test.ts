import { createHash } from 'node:crypto';

import { MFA_LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { TX } from '../../../test/unit/fake-of.ts';
import {
  NOW,
  USER_ID,
  aal1,
  challengeRow,
  client,
  factorRow,
  issued,
  mfaWith,
} from '../../../test/unit/mfa-fakes.ts';
import type { MfaRepository } from './mfa.repository.ts';
import { hashRecoveryCode } from './recovery-codes.ts';
import { newTotpSecret } from './totp.ts';

const m = MESSAGES.mfa;
const secret = newTotpSecret();
const codeAt = (at: Date) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: at.getTime() });
const rightCode = codeAt(NOW);
const wrongCode = rightCode === '000000' ? '111111' : '000000';

function verifyRepo(overrides: Partial<MfaRepository> = {}) {
  return {
    findFactor: vi.fn(() => Promise.resolve(factorRow({ totpSecret: secret }))),
    countFailuresSince: vi.fn(() => Promise.resolve(0)),
    findChallenge: vi.fn(() => Promise.resolve(challengeRow())),
    consumeChallenge: vi.fn(() => Promise.resolve(true)),
    acceptTotpStep: vi.fn(() => Promise.resolve(true)),
    clearFailures: vi.fn(() => Promise.resolve()),
    touchFactor: vi.fn(() => Promise.resolve(factorRow({ lastUsedAt: NOW }))),
    markVerified: vi.fn(() => Promise.resolve(factorRow({ verifiedAt: NOW }))),
    replaceRecoveryCodes: vi.fn(() => Promise.resolve()),
    recordFailure: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

/** Nothing about the factor or the session changed: the answer was refused before any of it. */
function expectNothingChanged(
  repo: MfaRepository,
  auth: { elevate: unknown; secondFactorsChanging: unknown },
) {
  expect(repo.markVerified).not.toHaveBeenCalled();
  expect(repo.touchFactor).not.toHaveBeenCalled();
  expect(repo.replaceRecoveryCodes).not.toHaveBeenCalled();
  expect(auth.elevate).not.toHaveBeenCalled();
}

describe('mfa service: answering a challenge', () => {
  it('accepts the authenticator app’s code, spends the challenge and the time step, and raises the session', async () => {
    const { repo, auth, service } = mfaWith(verifyRepo(), { verified: true });
    const result = await service.verify(
      aal1,
      'f-1',
      { challengeId: 'c-1', code: rightCode },
      client,
      'refresh',
    );
    expect(result).toEqual({ issued, factor: factorRow({ lastUsedAt: NOW }), recoveryCodes: null });
    expect(repo.consumeChallenge).toHaveBeenCalledWith(TX, 'c-1', NOW);
    expect(repo.acceptTotpStep).toHaveBeenCalledWith(TX, 'f-1', Math.floor(NOW.getTime() / 30_000));
    expect(repo.clearFailures).toHaveBeenCalledWith(TX, USER_ID, 'f-1');
    expect(repo.markVerified).not.toHaveBeenCalled();
    expect(auth.elevate).toHaveBeenCalledWith(USER_ID, 'refresh', client);
  });

  it('verifies a first factor and hands out recovery codes with it, announcing the change first', async () => {
    const { repo, auth, service } = mfaWith(
      verifyRepo({
        findFactor: vi.fn(() =>
          Promise.resolve(factorRow({ status: 'unverified', totpSecret: secret })),
        ),
      }),
    );
    const result = await service.verify(
      aal1,
      'f-1',
      { challengeId: 'c-1', code: rightCode },
      client,
      undefined,
    );
    expect(auth.secondFactorsChanging).toHaveBeenCalledWith(USER_ID);
    expect(repo.markVerified).toHaveBeenCalledWith(TX, 'f-1', NOW);
    expect(result.recoveryCodes).toHaveLength(MFA_LIMITS.recoveryCodes);
    expect(repo.replaceRecoveryCodes).toHaveBeenCalledWith(
      TX,
      USER_ID,
      result.recoveryCodes?.map(hashRecoveryCode),
      NOW,
    );
  });

  it('verifies a further factor without new recovery codes', async () => {
    const { repo, service } = mfaWith(
      verifyRepo({
        findFactor: vi.fn(() =>
          Promise.resolve(factorRow({ status: 'unverified', totpSecret: secret })),
        ),
      }),
      { verified: true },
    );
    const result = await service.verify(
      { userId: USER_ID, aal: 'aal2' },
      'f-1',
      { challengeId: 'c-1', code: rightCode },
      client,
      undefined,
    );
    expect(result.recoveryCodes).toBeNull();
    expect(repo.replaceRecoveryCodes).not.toHaveBeenCalled();
  });

  it('refuses a factor verified meanwhile with a 409', async () => {
    const { auth, service } = mfaWith(
      verifyRepo({
        findFactor: vi.fn(() =>
          Promise.resolve(factorRow({ status: 'unverified', totpSecret: secret })),
        ),
        markVerified: vi.fn(() => Promise.resolve(undefined)),
      }),
    );
    await expectRefusal(
      service.verify(aal1, 'f-1', { challengeId: 'c-1', code: rightCode }, client, undefined),
      'conflict',
      m.factorAlreadyVerified,
    );
    expect(auth.elevate).not.toHaveBeenCalled();
  });

  it('refuses a wrong code and counts it against the factor', async () => {
    const { repo, auth, service } = mfaWith(verifyRepo(), { verified: true });
    await expectRefusal(
      service.verify(aal1, 'f-1', { challengeId: 'c-1', code: wrongCode }, client, undefined),
      'bad_request',
      m.invalidCode,
    );
    expect(repo.recordFailure).toHaveBeenCalledWith({
      userId: USER_ID,
      factorId: 'f-1',
      ip: '192.0.2.7',
      createdAt: NOW,
      forgetBefore: new Date(NOW.getTime() - MFA_LIMITS.failedCodeWindowMs),
    });
    expect(repo.consumeChallenge).not.toHaveBeenCalled();
    expectNothingChanged(repo, auth);
  });

  it('refuses a code of a time step already accepted', async () => {
    const { repo, auth, service } = mfaWith(
      verifyRepo({ acceptTotpStep: vi.fn(() => Promise.resolve(false)) }),
      { verified: true },
    );
    await expectRefusal(
      service.verify(aal1, 'f-1', { challengeId: 'c-1', code: rightCode }, client, undefined),
      'bad_request',
      m.codeReused,
    );
    expectNothingChanged(repo, auth);
  });

  it('refuses an answer without a code, or for a factor without a secret', async () => {
    const noCode = mfaWith(verifyRepo(), { verified: true });
    await expectRefusal(
      noCode.service.verify(aal1, 'f-1', { challengeId: 'c-1' }, client, undefined),
      'bad_request',
      m.codeFormat,
    );
    const noSecret = mfaWith(
      verifyRepo({ findFactor: vi.fn(() => Promise.resolve(factorRow())) }),
      { verified: true },
    );
    await expectRefusal(
      noSecret.service.verify(
        aal1,
        'f-1',
        { challengeId: 'c-1', code: rightCode },
        client,
        undefined,
      ),
      'bad_request',
      m.codeFormat,
    );
    expectNothingChanged(noSecret.repo, noSecret.auth);
  });

  it('pauses a factor after too many wrong codes, before looking at the answer', async () => {
    const { repo, service } = mfaWith(
      verifyRepo({
        countFailuresSince: vi.fn(() => Promise.resolve(MFA_LIMITS.failedCodesPerFactor)),
      }),
      { verified: true },
    );
    await expectRefusal(
      service.verify(aal1, 'f-1', { challengeId: 'c-1', code: rightCode }, client, undefined),
      'rate_limited',
      m.tooManyAttempts,
    );
    expect(repo.findChallenge).not.toHaveBeenCalled();
  });

  it('refuses an unknown, foreign, used or expired challenge', async () => {
    for (const [challenge, message] of [
      [undefined, m.challengeExpired],
      [challengeRow({ factorId: 'f-other' }), m.challengeExpired],
      [challengeRow({ usedAt: NOW }), m.challengeExpired],
      [challengeRow({ expiresAt: NOW }), m.challengeExpired],
      [challengeRow({ expiresAt: NOW, codeHash: 'texted' }), m.codeExpired],
    ] as const) {
      const { repo, auth, service } = mfaWith(
        verifyRepo({ findChallenge: vi.fn(() => Promise.resolve(challenge)) }),
        { verified: true },
      );
      await expectRefusal(
        service.verify(aal1, 'f-1', { challengeId: 'c-1', code: rightCode }, client, undefined),
        'bad_request',
        message,
      );
      expect(repo.recordFailure).not.toHaveBeenCalled();
      expectNothingChanged(repo, auth);
    }
  });

  it('refuses an answer when another one spent the challenge first', async () => {
    const { repo, auth, service } = mfaWith(
      verifyRepo({ consumeChallenge: vi.fn(() => Promise.resolve(false)) }),
      { verified: true },
    );
    await expectRefusal(
      service.verify(aal1, 'f-1', { challengeId: 'c-1', code: rightCode }, client, undefined),
      'bad_request',
      m.challengeExpired,
    );
    expect(repo.acceptTotpStep).not.toHaveBeenCalled();
    expectNothingChanged(repo, auth);
  });

  it('answers 404 for a factor that is not the member’s, and aal2 for finishing an enrolment once verified', async () => {
    const missing = mfaWith(verifyRepo({ findFactor: vi.fn(() => Promise.resolve(undefined)) }));
    await expectRefusal(
      missing.service.verify(
        aal1,
        'f-x',
        { challengeId: 'c-1', code: rightCode },
        client,
        undefined,
      ),
      'not_found',
      m.factorNotFound,
    );
    const gated = mfaWith(
      verifyRepo({
        findFactor: vi.fn(() =>
          Promise.resolve(factorRow({ status: 'unverified', totpSecret: secret })),
        ),
      }),
      { verified: true },
    );
    await expectRefusal(
      gated.service.verify(aal1, 'f-1', { challengeId: 'c-1', code: rightCode }, client, undefined),
      'forbidden',
      m.aal2Required,
    );
    expectNothingChanged(gated.repo, gated.auth);
  });

  it('checks a texted code against its hash', async () => {
    const hash = (code: string) => createHash('sha256').update(`c-1:${code}`).digest('base64url');
    const phone = factorRow({ factorType: 'phone', phone: '+351912345678' });
    const right = mfaWith(
      verifyRepo({
        findFactor: vi.fn(() => Promise.resolve(phone)),
        findChallenge: vi.fn(() => Promise.resolve(challengeRow({ codeHash: hash('123456') }))),
      }),
      { verified: true },
    );
    await expect(
      right.service.verify(aal1, 'f-1', { challengeId: 'c-1', code: '123456' }, client, undefined),
    ).resolves.toHaveProperty('issued', issued);
    expect(right.repo.consumeChallenge).toHaveBeenCalledWith(TX, 'c-1', NOW);

    const wrong = mfaWith(
      verifyRepo({
        findFactor: vi.fn(() => Promise.resolve(phone)),
        findChallenge: vi.fn(() => Promise.resolve(challengeRow({ codeHash: hash('123456') }))),
      }),
      { verified: true },
    );
    await expectRefusal(
      wrong.service.verify(aal1, 'f-1', { challengeId: 'c-1', code: '654321' }, client, undefined),
      'bad_request',
      m.invalidCode,
    );
    expect(wrong.repo.consumeChallenge).not.toHaveBeenCalled();

    const noHash = mfaWith(verifyRepo({ findFactor: vi.fn(() => Promise.resolve(phone)) }), {
      verified: true,
    });
    await expectRefusal(
      noHash.service.verify(aal1, 'f-1', { challengeId: 'c-1', code: '123456' }, client, undefined),
      'bad_request',
      m.codeFormat,
    );
  });

  it('refuses a passkey step without a passkey answer, and a passkey that is not this factor’s', async () => {
    const passkey = factorRow({ factorType: 'webauthn' });
    const challenge = challengeRow({ webauthnChallenge: 'challenge' });
    const noAnswer = mfaWith(
      verifyRepo({
        findFactor: vi.fn(() => Promise.resolve(passkey)),
        findChallenge: vi.fn(() => Promise.resolve(challenge)),
      }),
      { verified: true },
    );
    await expectRefusal(
      noAnswer.service.verify(
        aal1,
        'f-1',
        { challengeId: 'c-1', code: '123456' },
        client,
        undefined,
      ),
      'bad_request',
      m.wrongFactorType,
    );

    const foreign = mfaWith(
      verifyRepo({
        findFactor: vi.fn(() => Promise.resolve(passkey)),
        findChallenge: vi.fn(() => Promise.resolve(challenge)),
        credentialOfFactor: vi.fn(() => Promise.resolve(undefined)),
      }),
      { verified: true },
    );
    const answer = {
      id: 'cred-x',
      rawId: 'cred-x',
      type: 'public-key',
      response: {},
      clientExtensionResults: {},
    };
    await expectRefusal(
      foreign.service.verify(
        aal1,
        'f-1',
        { challengeId: 'c-1', webauthn: answer } as never,
        client,
        undefined,
      ),
      'bad_request',
      m.passkeyFailed,
    );
    expect(foreign.repo.recordFailure).toHaveBeenCalledWith(
      expect.objectContaining({ factorId: 'f-1' }),
    );
    expectNothingChanged(foreign.repo, foreign.auth);
  });
});
