import { vi } from 'vitest';

import type { AuthService, IssuedSession } from '../../src/modules/auth/auth.service.ts';
import { createAalGate } from '../../src/modules/mfa/aal-gate.ts';
import type {
  ChallengeRow,
  FactorRow,
  MfaRepository,
} from '../../src/modules/mfa/mfa.repository.ts';
import { createMfaService } from '../../src/modules/mfa/mfa.service.ts';
import type { RelyingParty } from '../../src/modules/mfa/relying-party.ts';
import type { SmsProvider } from '../../src/modules/mfa/sms.ts';
import { fakeOf, fakeTransaction } from './fake-of.ts';

export const NOW = new Date('2026-11-26T12:00:00Z');
export const USER_ID = '11111111-1111-4111-8111-111111111111';
export const relyingParty: RelyingParty = {
  id: 'arena.example',
  name: 'Arena',
  origins: ['https://arena.example'],
};
export const issued = { refreshToken: 'r', persistent: true } as IssuedSession;
/** The member's session before and after a second factor. */
export const aal1 = { userId: USER_ID, aal: 'aal1' as const };
export const aal2 = { userId: USER_ID, aal: 'aal2' as const };
/** Where the member's requests come from. */
export const client = { ip: '192.0.2.7', userAgent: null };
/** The member's account, as the repository reads it. */
export const account = { email: 'ana@example.com', username: 'ana', fullName: 'Ana Silva' };

export function factorRow(overrides: Partial<FactorRow> = {}): FactorRow {
  return {
    id: 'f-1',
    userId: USER_ID,
    factorType: 'totp',
    friendlyName: 'Phone app',
    status: 'verified',
    totpSecret: null,
    totpLastStep: null,
    phone: null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    verifiedAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

export function challengeRow(overrides: Partial<ChallengeRow> = {}): ChallengeRow {
  return {
    id: 'c-1',
    factorId: 'f-1',
    codeHash: null,
    webauthnChallenge: null,
    ip: null,
    createdAt: NOW,
    expiresAt: new Date(NOW.getTime() + 60_000),
    usedAt: null,
    ...overrides,
  };
}

/**
 * The MFA service over a fake repository; the AAL gate is the real one, asking the same fake
 * whether the member has a verified factor (`verified`).
 */
export function mfaWith(repo: Partial<MfaRepository>, options: { verified?: boolean } = {}) {
  const repository = fakeOf<MfaRepository>({
    transaction: fakeTransaction(),
    hasVerifiedFactor: vi.fn(() => Promise.resolve(options.verified ?? false)),
    ...repo,
  });
  const auth = fakeOf<AuthService>({
    secondFactorsChanging: vi.fn(() => Promise.resolve()),
    elevate: vi.fn(() => Promise.resolve(issued)),
  });
  const sms = fakeOf<SmsProvider>({ send: vi.fn(() => Promise.resolve()) });
  const service = createMfaService({
    repo: repository,
    auth,
    gate: createAalGate(repository),
    sms,
    relyingParty,
    now: () => NOW,
  });
  return { repo: repository, auth, sms, service };
}
