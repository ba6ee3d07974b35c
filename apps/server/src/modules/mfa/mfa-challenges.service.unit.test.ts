import { createHash } from 'node:crypto';

import { MFA_LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import {
  NOW,
  aal1,
  account,
  client,
  challengeRow,
  factorRow,
  mfaWith,
} from '../../../test/unit/mfa-fakes.ts';

const m = MESSAGES.mfa;

describe('mfa service: challenges', () => {
  const challengeRepo = (factor = factorRow(), overrides = {}) => ({
    findFactor: vi.fn(() => Promise.resolve(factor)),
    deleteStaleChallenges: vi.fn(() => Promise.resolve()),
    insertChallenge: vi.fn((input: Record<string, unknown>) =>
      Promise.resolve(challengeRow({ id: 'c-new', ...input })),
    ),
    countTextsSince: vi.fn(() => Promise.resolve(0)),
    credentialsOfUser: vi.fn(() => Promise.resolve([])),
    account: vi.fn(() => Promise.resolve(account)),
    ...overrides,
  });

  it('answers 404 for a factor that is not the member’s', async () => {
    const { repo, service } = mfaWith(
      challengeRepo(undefined, { findFactor: vi.fn(() => Promise.resolve(undefined)) }),
    );
    await expectRefusal(service.challenge(aal1, 'f-theirs', client), 'not_found', m.factorNotFound);
    expect(repo.insertChallenge).not.toHaveBeenCalled();
  });

  it('lets an unverified factor be challenged only at aal2 once another is verified', async () => {
    const { repo, service } = mfaWith(challengeRepo(factorRow({ status: 'unverified' })), {
      verified: true,
    });
    await expectRefusal(service.challenge(aal1, 'f-1', client), 'forbidden', m.aal2Required);
    expect(repo.insertChallenge).not.toHaveBeenCalled();
  });

  it('challenges an authenticator app for the challenge lifetime', async () => {
    const { repo, service } = mfaWith(challengeRepo(), { verified: true });
    const challenge = await service.challenge(aal1, 'f-1', client);
    const expiresAt = new Date(NOW.getTime() + MFA_LIMITS.challengeSeconds * 1000);
    expect(challenge).toEqual({
      id: 'c-new',
      factorId: 'f-1',
      factorType: 'totp',
      expiresAt: expiresAt.toISOString(),
    });
    expect(repo.insertChallenge).toHaveBeenCalledWith({
      factorId: 'f-1',
      ip: '192.0.2.7',
      createdAt: NOW,
      expiresAt,
    });
  });

  it('texts a phone a code, storing only its hash', async () => {
    const { repo, sms, service } = mfaWith(
      challengeRepo(factorRow({ factorType: 'phone', phone: '+351912345678' })),
    );
    await service.challenge(aal1, 'f-1', client);
    const [to, text] = vi.mocked(sms.send).mock.calls[0] ?? [];
    expect(to).toBe('+351912345678');
    const code = /^(\d{6}) is your Arena verification code\. It expires in 5 minutes\.$/.exec(
      text ?? '',
    )?.[1];
    expect(code).toBeDefined();
    const stored = vi.mocked(repo.insertChallenge).mock.calls[0]?.[0];
    expect(stored?.codeHash).toBe(
      createHash('sha256')
        .update(`${String(stored?.id)}:${String(code)}`)
        .digest('base64url'),
    );
  });

  it('refuses to text past the limit per phone, or a phone factor without a number', async () => {
    const limited = mfaWith(
      challengeRepo(factorRow({ factorType: 'phone', phone: '+351912345678' }), {
        countTextsSince: vi.fn(() => Promise.resolve(MFA_LIMITS.textsPerFactor)),
      }),
    );
    await expectRefusal(
      limited.service.challenge(aal1, 'f-1', client),
      'rate_limited',
      m.tooManyTexts,
    );
    expect(limited.sms.send).not.toHaveBeenCalled();
    expect(limited.repo.insertChallenge).not.toHaveBeenCalled();

    const noNumber = mfaWith(challengeRepo(factorRow({ factorType: 'phone', phone: null })));
    await expectRefusal(
      noNumber.service.challenge(aal1, 'f-1', client),
      'bad_request',
      m.wrongFactorType,
    );
    expect(noNumber.sms.send).not.toHaveBeenCalled();
  });

  it('asks a new passkey to be created for the account, and a verified one to sign', async () => {
    const create = mfaWith(
      challengeRepo(factorRow({ factorType: 'webauthn', status: 'unverified' })),
    );
    const created = await create.service.challenge(aal1, 'f-1', client);
    expect(created.webauthn?.type).toBe('create');
    expect(created.webauthn?.options).toMatchObject({
      rp: { id: 'arena.example', name: 'Arena' },
      user: { name: 'ana@example.com', displayName: 'Ana Silva' },
    });

    const request = mfaWith(challengeRepo(factorRow({ factorType: 'webauthn' })));
    const requested = await request.service.challenge(aal1, 'f-1', client);
    expect(requested.webauthn?.type).toBe('request');
    expect(request.repo.insertChallenge).toHaveBeenCalledWith(
      expect.objectContaining({ webauthnChallenge: requested.webauthn?.options.challenge }),
    );

    const gone = mfaWith(
      challengeRepo(factorRow({ factorType: 'webauthn', status: 'unverified' }), {
        account: vi.fn(() => Promise.resolve(undefined)),
      }),
    );
    await expectRefusal(
      gone.service.challenge(aal1, 'f-1', client),
      'unauthorized',
      MESSAGES.auth.sessionExpired,
    );
    expect(gone.repo.insertChallenge).not.toHaveBeenCalled();
  });
});
