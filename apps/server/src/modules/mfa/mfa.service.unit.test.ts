import { MFA_LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { TX } from '../../../test/unit/fake-of.ts';
import {
  NOW,
  USER_ID,
  aal1,
  aal2,
  account,
  client,
  factorRow,
  issued,
  mfaWith,
} from '../../../test/unit/mfa-fakes.ts';
import { hashRecoveryCode } from './recovery-codes.ts';

// Challenging a factor is in mfa-challenges.service.unit.test.ts.
const m = MESSAGES.mfa;
const violation = (constraint: string) =>
  Object.assign(new Error('duplicate key'), { code: '23505', constraint });

describe('mfa service: enrolment', () => {
  const enrolRepo = (overrides = {}) => ({
    account: vi.fn(() => Promise.resolve(account)),
    lockFactors: vi.fn(() => Promise.resolve()),
    deleteUnverifiedNamed: vi.fn(() => Promise.resolve()),
    countFactors: vi.fn(() => Promise.resolve(0)),
    insertFactor: vi.fn(
      (
        _tx: unknown,
        input: { factorType: 'totp' | 'phone' | 'webauthn'; friendlyName: string; phone?: string },
      ) => Promise.resolve(factorRow({ status: 'unverified', ...input })),
    ),
    ...overrides,
  });

  it('starts an authenticator app with its secret, otpauth URI and QR code', async () => {
    const { repo, service } = mfaWith(enrolRepo());
    const result = await service.enrol(aal1, {
      factorType: 'totp',
      friendlyName: 'Phone app',
      issuer: 'Arena Club',
    });
    expect(result.factor).toMatchObject({
      factorType: 'totp',
      status: 'unverified',
      friendlyName: 'Phone app',
    });
    expect(result.totp?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(result.totp?.uri).toContain('otpauth://totp/Arena%20Club:ana%40example.com');
    expect(result.totp?.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(repo.deleteUnverifiedNamed).toHaveBeenCalledWith(TX, USER_ID, 'Phone app');
    expect(repo.insertFactor).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ totpSecret: result.totp?.secret, createdAt: NOW }),
    );
  });

  it('starts a phone factor with its number, and no secret', async () => {
    const { repo, service } = mfaWith(enrolRepo());
    const result = await service.enrol(aal1, {
      factorType: 'phone',
      friendlyName: 'Mobile',
      phone: '+351912345678',
    });
    expect(result).not.toHaveProperty('totp');
    expect(result.factor.phoneHint).toBe('•••• 5678');
    expect(repo.insertFactor).toHaveBeenCalledWith(
      TX,
      expect.not.objectContaining({ totpSecret: expect.anything() as unknown }),
    );
  });

  it('needs aal2 once a factor is verified, and writes nothing without it', async () => {
    const { repo, service } = mfaWith(enrolRepo(), { verified: true });
    await expectRefusal(
      service.enrol(aal1, { factorType: 'phone', friendlyName: 'Mobile', phone: '+351912345678' }),
      'forbidden',
      m.aal2Required,
    );
    expect(repo.insertFactor).not.toHaveBeenCalled();
    await expect(
      service.enrol(aal2, { factorType: 'phone', friendlyName: 'Mobile', phone: '+351912345678' }),
    ).resolves.toHaveProperty('factor');
  });

  it('refuses past the number of factors allowed', async () => {
    const { repo, service } = mfaWith(
      enrolRepo({ countFactors: vi.fn(() => Promise.resolve(MFA_LIMITS.factorsPerUser)) }),
    );
    await expectRefusal(
      service.enrol(aal1, { factorType: 'webauthn', friendlyName: 'Key' }),
      'bad_request',
      m.tooManyFactors,
    );
    expect(repo.insertFactor).not.toHaveBeenCalled();
  });

  it('refuses a name already in use with a 409 on the name, and lets other failures through', async () => {
    const named = mfaWith(
      enrolRepo({
        insertFactor: vi.fn(() => Promise.reject(violation('mfa_factors_user_name_key'))),
      }),
    );
    await expectRefusal(
      named.service.enrol(aal1, { factorType: 'webauthn', friendlyName: 'Key' }),
      'conflict',
      m.nameTaken,
      { friendlyName: m.nameTaken },
    );
    const failure = violation('other_key');
    const other = mfaWith(enrolRepo({ insertFactor: vi.fn(() => Promise.reject(failure)) }));
    await expect(
      other.service.enrol(aal1, { factorType: 'webauthn', friendlyName: 'Key' }),
    ).rejects.toBe(failure);
  });

  it('answers 401 when the account is gone', async () => {
    const { repo, service } = mfaWith(
      enrolRepo({ account: vi.fn(() => Promise.resolve(undefined)) }),
    );
    await expectRefusal(
      service.enrol(aal1, { factorType: 'webauthn', friendlyName: 'Key' }),
      'unauthorized',
      MESSAGES.auth.sessionExpired,
    );
    expect(repo.insertFactor).not.toHaveBeenCalled();
  });
});

describe('mfa service: removing and listing', () => {
  it('removes a factor; the last verified one takes the recovery codes with it', async () => {
    const { repo, auth, service } = mfaWith({
      lockFactors: vi.fn(() => Promise.resolve()),
      deleteFactor: vi.fn(() => Promise.resolve(true)),
      deleteRecoveryCodes: vi.fn(() => Promise.resolve()),
    });
    await service.remove(aal2, 'f-1');
    expect(auth.secondFactorsChanging).toHaveBeenCalledWith(USER_ID);
    expect(repo.deleteFactor).toHaveBeenCalledWith(TX, USER_ID, 'f-1');
    expect(repo.deleteRecoveryCodes).toHaveBeenCalledWith(TX, USER_ID);
  });

  it('keeps the recovery codes while another verified factor remains', async () => {
    const { repo, service } = mfaWith(
      {
        lockFactors: vi.fn(() => Promise.resolve()),
        deleteFactor: vi.fn(() => Promise.resolve(true)),
        deleteRecoveryCodes: vi.fn(),
      },
      { verified: true },
    );
    await service.remove(aal2, 'f-1');
    expect(repo.deleteRecoveryCodes).not.toHaveBeenCalled();
  });

  it('refuses removal at aal1 while a factor is verified, and a factor that is not the member’s', async () => {
    const gated = mfaWith({ deleteFactor: vi.fn() }, { verified: true });
    await expectRefusal(gated.service.remove(aal1, 'f-1'), 'forbidden', m.aal2Required);
    expect(gated.repo.deleteFactor).not.toHaveBeenCalled();
    expect(gated.auth.secondFactorsChanging).not.toHaveBeenCalled();

    const missing = mfaWith({
      lockFactors: vi.fn(() => Promise.resolve()),
      deleteFactor: vi.fn(() => Promise.resolve(false)),
      deleteRecoveryCodes: vi.fn(),
    });
    await expectRefusal(missing.service.remove(aal2, 'f-theirs'), 'not_found', m.factorNotFound);
    expect(missing.repo.deleteRecoveryCodes).not.toHaveBeenCalled();
  });

  it('lists the factors and the recovery codes left', async () => {
    const { service } = mfaWith({
      listFactors: vi.fn(() => Promise.resolve([factorRow()])),
      countUnusedRecoveryCodes: vi.fn(() => Promise.resolve(7)),
    });
    await expect(service.list(USER_ID)).resolves.toEqual({
      factors: [expect.objectContaining({ id: 'f-1', factorType: 'totp' }) as unknown],
      recoveryCodesRemaining: 7,
    });
  });
});

describe('mfa service: recovery codes', () => {
  const code = 'k3m9p-x7qtr';

  it('accepts a recovery code once a factor is verified, and raises the session', async () => {
    const { repo, auth, service } = mfaWith(
      {
        countFailuresSince: vi.fn(() => Promise.resolve(0)),
        useRecoveryCode: vi.fn(() => Promise.resolve(true)),
        clearFailures: vi.fn(() => Promise.resolve()),
        countUnusedRecoveryCodes: vi.fn(() => Promise.resolve(9)),
      },
      { verified: true },
    );
    await expect(service.useRecoveryCode(aal1, 'K3M9P X7QTR', client, 'refresh')).resolves.toEqual({
      issued,
      recoveryCodesRemaining: 9,
    });
    expect(repo.useRecoveryCode).toHaveBeenCalledWith(TX, USER_ID, hashRecoveryCode(code), NOW);
    expect(repo.clearFailures).toHaveBeenCalledWith(TX, USER_ID, null);
    expect(auth.elevate).toHaveBeenCalledWith(USER_ID, 'refresh', client);
  });

  it('refuses a wrong or spent code, or any code without a verified factor, and counts the failure', async () => {
    for (const [verified, accepted] of [
      [true, false],
      [false, true],
    ] as const) {
      const { repo, auth, service } = mfaWith(
        {
          countFailuresSince: vi.fn(() => Promise.resolve(0)),
          useRecoveryCode: vi.fn(() => Promise.resolve(accepted)),
          recordFailure: vi.fn(() => Promise.resolve()),
        },
        { verified },
      );
      await expectRefusal(
        service.useRecoveryCode(aal1, code, client, undefined),
        'bad_request',
        m.recoveryCodeInvalid,
      );
      expect(repo.recordFailure).toHaveBeenCalledWith(
        expect.objectContaining({
          userId: USER_ID,
          factorId: null,
          ip: '192.0.2.7',
          createdAt: NOW,
        }),
      );
      expect(auth.elevate).not.toHaveBeenCalled();
      if (!verified) expect(repo.useRecoveryCode).not.toHaveBeenCalled();
    }
  });

  it('pauses recovery codes after too many wrong ones', async () => {
    const { repo, service } = mfaWith(
      {
        countFailuresSince: vi.fn(() => Promise.resolve(MFA_LIMITS.failedCodesPerFactor)),
        useRecoveryCode: vi.fn(),
      },
      { verified: true },
    );
    await expectRefusal(
      service.useRecoveryCode(aal1, code, client, undefined),
      'rate_limited',
      m.tooManyAttempts,
    );
    expect(repo.countFailuresSince).toHaveBeenCalledWith(
      USER_ID,
      null,
      new Date(NOW.getTime() - MFA_LIMITS.failedCodeWindowMs),
    );
    expect(repo.useRecoveryCode).not.toHaveBeenCalled();
  });

  it('renews the codes at aal2 only, and only once a factor is verified', async () => {
    const renewing = mfaWith(
      { replaceRecoveryCodes: vi.fn(() => Promise.resolve()) },
      { verified: true },
    );
    await expectRefusal(renewing.service.renewRecoveryCodes(aal1), 'forbidden', m.aal2Required);
    expect(renewing.repo.replaceRecoveryCodes).not.toHaveBeenCalled();
    const codes = await renewing.service.renewRecoveryCodes(aal2);
    expect(codes).toHaveLength(MFA_LIMITS.recoveryCodes);
    expect(new Set(codes).size).toBe(codes.length);
    expect(renewing.repo.replaceRecoveryCodes).toHaveBeenCalledWith(
      TX,
      USER_ID,
      codes.map(hashRecoveryCode),
      NOW,
    );

    const none = mfaWith({ replaceRecoveryCodes: vi.fn() });
    await expectRefusal(none.service.renewRecoveryCodes(aal2), 'bad_request', m.noRecoveryCodes);
    expect(none.repo.replaceRecoveryCodes).not.toHaveBeenCalled();
  });
});
