import { vi } from 'vitest';

import type { Factor } from '@arena/shared/factor.schema';

import type { AuthRepository } from '../../src/modules/auth/auth.repository.ts';
import {
  type AuthPolicy,
  type SecondFactors,
  createAuthService,
} from '../../src/modules/auth/auth.service.ts';
import type { SessionRevocations } from '../../src/modules/auth/session-revocations.ts';
import type { Signer } from '../../src/modules/auth/signing-keys.ts';
import { fakeOf, fakeTransaction } from './fake-of.ts';

export const USER_ID = '11111111-1111-4111-8111-111111111111';
export const sessionUser = {
  user: { id: USER_ID, email: 'ana@example.com' },
  profile: {
    id: '22222222-2222-4222-8222-222222222222',
    username: 'ana',
    fullName: 'Ana Silva',
    userType: 'player',
    avatarUrl: null,
  },
} as unknown as NonNullable<Awaited<ReturnType<AuthRepository['findSessionUser']>>>;

const ACCESS_EXPIRES = new Date('2026-11-26T12:15:00Z');

/** A signer whose tokens say what they were signed for, so a test can read them back. */
export function fakeSigner(device: { userId: string; deviceId: string } | null = null) {
  return fakeOf<Signer>({
    sign: vi.fn((claims: Parameters<Signer['sign']>[0]) =>
      Promise.resolve({
        token: `access:${claims.sessionId}:${claims.aal}`,
        expiresAt: ACCESS_EXPIRES,
      }),
    ),
    signDevice: vi.fn((userId: string) => Promise.resolve(`device:${userId}`)),
    verifyDevice: vi.fn(() => Promise.resolve(device)),
  });
}

/** The auth service over a fake repository (writes recorded, reads as given). */
export function authWith(
  repo: Partial<AuthRepository>,
  options: {
    policy?: Partial<AuthPolicy>;
    factors?: Factor[];
    signer?: Signer;
  } = {},
) {
  const repository = fakeOf<AuthRepository>({
    transaction: fakeTransaction(),
    findSessionUser: vi.fn(() => Promise.resolve(sessionUser)),
    rolesOf: vi.fn(() => Promise.resolve([])),
    insertRefreshToken: vi.fn(() => Promise.resolve()),
    sanctionOf: vi.fn(() => Promise.resolve({ suspendedUntil: null, bannedAt: null })),
    ...repo,
  });
  const signer = options.signer ?? fakeSigner();
  const secondFactors = fakeOf<SecondFactors>({
    verifiedFactors: vi.fn(() => Promise.resolve(options.factors ?? [])),
  });
  const revocations = fakeOf<SessionRevocations>({ announce: vi.fn(() => Promise.resolve()) });
  const policy: AuthPolicy = {
    adminEmails: ['boss@example.com'],
    failedSignInsPerAccount: 5,
    failedSignInWindowMs: 15 * 60 * 1000,
    ...options.policy,
  };
  const service = createAuthService(repository, signer, policy, secondFactors, revocations);
  return { repo: repository, signer, secondFactors, revocations, service };
}
