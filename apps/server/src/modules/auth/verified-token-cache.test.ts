import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../db/database.ts';
import { freshDatabase } from '../../../test/harness.ts';
import { secondFactorsOf } from '../mfa/second-factors.ts';
import { createMfaRepository } from '../mfa/mfa.repository.ts';
import { createLocalBus } from '../realtime/event-bus.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthService } from './auth.service.ts';
import { createSessionRevocations } from './session-revocations.ts';
import { loadSigner, type Signer, type VerifiedAccess } from './signing-keys.ts';
import { cacheVerifiedTokens } from './verified-token-cache.ts';

const claims = (token: string, expiresAt: number): VerifiedAccess => ({
  userId: `user-of-${token}`,
  profileId: `profile-of-${token}`,
  aal: 'aal1',
  sessionId: `session-of-${token}`,
  hadSecondFactor: false,
  issuedAt: new Date(0),
  expiresAt: new Date(expiresAt),
});

/** A verifier that accepts tokens starting with "good" until `expiresAt`, and counts its calls. */
function countingVerifier(expiresAt: number, clock: { now: number }) {
  const calls: string[] = [];
  const verify = async (token: string) => {
    calls.push(token);
    return token.startsWith('good') && clock.now < expiresAt ? claims(token, expiresAt) : null;
  };
  return { calls, verify };
}

describe('cacheVerifiedTokens', () => {
  it('verifies a token once and answers the same claims afterwards', async () => {
    const clock = { now: 1_000 };
    const { calls, verify } = countingVerifier(60_000, clock);
    const cached = cacheVerifiedTokens(verify, { now: () => clock.now });

    const first = await cached('good-a');
    const second = await cached('good-a');
    expect(first).toEqual(claims('good-a', 60_000));
    expect(second).toBe(first);
    expect(calls).toEqual(['good-a']);
    // Shared between requests, so nobody can change it for the others.
    expect(Object.isFrozen(second)).toBe(true);
  });

  it('does not remember tokens that failed verification', async () => {
    const clock = { now: 1_000 };
    const { calls, verify } = countingVerifier(60_000, clock);
    const cached = cacheVerifiedTokens(verify, { now: () => clock.now });

    expect(await cached('forged')).toBeNull();
    expect(await cached('forged')).toBeNull();
    expect(calls).toEqual(['forged', 'forged']);
  });

  it('forgets a token when it expires', async () => {
    const clock = { now: 1_000 };
    const { calls, verify } = countingVerifier(60_000, clock);
    const cached = cacheVerifiedTokens(verify, { now: () => clock.now });

    expect(await cached('good-a')).not.toBeNull();
    clock.now = 59_999;
    expect(await cached('good-a')).not.toBeNull();
    expect(calls).toHaveLength(1);
    clock.now = 60_000;
    expect(await cached('good-a')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('keeps at most its capacity, dropping the least recently used', async () => {
    const clock = { now: 1_000 };
    const { calls, verify } = countingVerifier(60_000, clock);
    const cached = cacheVerifiedTokens(verify, { capacity: 2, now: () => clock.now });

    await cached('good-a');
    await cached('good-b');
    await cached('good-a'); // a is now the most recently used
    await cached('good-c'); // b goes
    expect(calls).toEqual(['good-a', 'good-b', 'good-c']);
    await cached('good-a');
    await cached('good-c');
    expect(calls).toHaveLength(3);
    await cached('good-b');
    expect(calls).toEqual(['good-a', 'good-b', 'good-c', 'good-b']);
  });
});

describe('access tokens through the auth service', () => {
  let database: DatabaseHandle;
  let signer: Signer;

  beforeAll(async () => {
    ({ database } = await freshDatabase('pglite'));
    signer = await loadSigner(createAuthRepository(database.db));
  });
  afterAll(() => database.close());

  it('refuses a remembered token at once when its session ends, without verifying it again', async () => {
    const bus = createLocalBus();
    const revocations = createSessionRevocations(bus, [], (error) => {
      throw error;
    });
    let verifications = 0;
    const counting: Signer = {
      ...signer,
      verify: (token) => {
        verifications++;
        return signer.verify(token);
      },
    };
    const auth = createAuthService(
      createAuthRepository(database.db),
      counting,
      { adminEmails: [], failedSignInsPerAccount: 5, failedSignInWindowMs: 60_000 },
      secondFactorsOf(createMfaRepository(database.db)),
      revocations,
    );
    const ended = crypto.randomUUID();
    const live = crypto.randomUUID();
    const sign = (sessionId: string) =>
      signer.sign({
        userId: crypto.randomUUID(),
        profileId: crypto.randomUUID(),
        aal: 'aal2',
        sessionId,
      });
    const { token: endedToken } = await sign(ended);
    const { token: liveToken } = await sign(live);

    expect(await auth.verifyAccessToken(endedToken)).toMatchObject({ sessionId: ended });
    expect(await auth.verifyAccessToken(endedToken)).toMatchObject({ sessionId: ended });
    expect(await auth.verifyAccessToken(liveToken)).toMatchObject({ sessionId: live });
    expect(verifications).toBe(2);

    await revocations.announce([ended]);
    expect(await auth.verifyAccessToken(endedToken)).toBeNull();
    expect(await auth.verifyAccessTokenAnyAal(endedToken)).toBeNull();
    expect(await auth.verifyAccessToken(liveToken)).toMatchObject({ sessionId: live });
    // The refusal came from the session check on the remembered token, not from a new verification.
    expect(verifications).toBe(2);
    revocations.close();
    await bus.close();
  });
});
