import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TOKEN_LIFETIMES } from '@arena/shared/limits';

import type { DatabaseHandle } from '../../db/database.ts';
import { freshDatabase } from '../../../test/harness.ts';
import { createMfaRepository } from '../mfa/mfa.repository.ts';
import { secondFactorsOf } from '../mfa/second-factors.ts';
import { createLocalBus } from '../realtime/event-bus.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthService } from './auth.service.ts';
import {
  createSecondFactorChanges,
  FACTOR_CLAIM_MARGIN_MS,
  type SecondFactorChanges,
} from './second-factor-changes.ts';
import { loadSigner, type Signer } from './signing-keys.ts';

const LIFETIME_MS = TOKEN_LIFETIMES.accessTokenSeconds * 1000;
const failOnError = (error: unknown) => {
  throw error;
};

describe('createSecondFactorChanges', () => {
  const T = 1_000_000_000;

  it('says a change happened since a token issued before it, or up to a margin after it', async () => {
    const clock = { now: T };
    const changes = createSecondFactorChanges(createLocalBus(), [], failOnError, () => clock.now);
    await changes.announce(['u1']);
    expect(changes.changedSince('u1', new Date(T - 5 * 60_000))).toBe(true);
    expect(changes.changedSince('u1', new Date(T + FACTOR_CLAIM_MARGIN_MS))).toBe(true);
    // Issued well after the change: the token's claim was read after it.
    expect(changes.changedSince('u1', new Date(T + FACTOR_CLAIM_MARGIN_MS + 1000))).toBe(false);
    expect(changes.changedSince('u2', new Date(T - 5 * 60_000))).toBe(false);
  });

  it('forgets a change once every token that could be stale has expired', async () => {
    const clock = { now: T };
    const changes = createSecondFactorChanges(createLocalBus(), [], failOnError, () => clock.now);
    await changes.announce(['u1']);
    const issued = new Date(T - 1000);
    clock.now = T + LIFETIME_MS + FACTOR_CLAIM_MARGIN_MS - 1;
    expect(changes.changedSince('u1', issued)).toBe(true);
    clock.now = T + LIFETIME_MS + FACTOR_CLAIM_MARGIN_MS;
    expect(changes.changedSince('u1', issued)).toBe(false);
  });

  it('hears of changes announced by another instance on the same bus', async () => {
    const bus = createLocalBus();
    const here = createSecondFactorChanges(bus, [], failOnError);
    const there = createSecondFactorChanges(bus, [], failOnError);
    await there.announce(['u1', 'u2']);
    expect(here.changedSince('u1', new Date(Date.now() - 1000))).toBe(true);
    expect(here.changedSince('u2', new Date(Date.now() - 1000))).toBe(true);
    here.close();
    await there.announce(['u3']);
    expect(here.changedSince('u3', new Date(Date.now() - 1000))).toBe(false);
    there.close();
  });

  it('starts with the factors verified while it was away', () => {
    const clock = { now: T };
    const changes = createSecondFactorChanges(
      createLocalBus(),
      [
        { userId: 'recent', at: new Date(T - 60_000) },
        { userId: 'old', at: new Date(T - LIFETIME_MS - FACTOR_CLAIM_MARGIN_MS - 1) },
      ],
      failOnError,
      () => clock.now,
    );
    expect(changes.changedSince('recent', new Date(T - 120_000))).toBe(true);
    expect(changes.changedSince('old', new Date(T - LIFETIME_MS))).toBe(false);
  });

  it('reports a bus that cannot publish, and still remembers the change here', async () => {
    const errors: unknown[] = [];
    const broken = {
      ...createLocalBus(),
      publish: () => Promise.reject(new Error('bus down')),
    };
    const changes = createSecondFactorChanges(broken, [], (error) => errors.push(error));
    await changes.announce(['u1']);
    expect(errors).toHaveLength(1);
    expect(changes.changedSince('u1', new Date(Date.now() - 1000))).toBe(true);
  });
});

describe("aal1 tokens and the member's second factors", () => {
  let database: DatabaseHandle;
  let signer: Signer;

  beforeAll(async () => {
    ({ database } = await freshDatabase('pglite'));
    signer = await loadSigner(createAuthRepository(database.db));
  });
  afterAll(() => database.close());

  /** A member in the database, an auth service, and a count of the factor queries it makes. */
  async function setUp() {
    const authRepository = createAuthRepository(database.db);
    const mfa = createMfaRepository(database.db);
    const tag = crypto.randomUUID().slice(0, 8);
    const user = await authRepository.insertUser(database.db, {
      email: `claims.${tag}@arena.test`,
      passwordHash: null,
      emailConfirmedAt: null,
    });
    const profile = await authRepository.insertProfile(database.db, {
      userId: user.id,
      username: `claims_${tag}`,
      fullName: 'Claims Test',
      userType: 'player',
    });
    const real = secondFactorsOf(mfa);
    const asked = { count: 0 };
    const changes: SecondFactorChanges = createSecondFactorChanges(
      createLocalBus(),
      [],
      failOnError,
    );
    const auth = createAuthService(
      authRepository,
      signer,
      { adminEmails: [], failedSignInsPerAccount: 5, failedSignInWindowMs: 60_000 },
      {
        ...real,
        hasVerifiedFactor: (userId) => {
          asked.count++;
          return real.hasVerifiedFactor(userId);
        },
      },
      undefined,
      changes,
    );
    const token = async (hadSecondFactor: boolean | undefined) =>
      (
        await signer.sign({
          userId: user.id,
          profileId: profile.id,
          aal: 'aal1',
          sessionId: crypto.randomUUID(),
          hadSecondFactor,
        })
      ).token;
    const addVerifiedFactor = async () => {
      const factor = await mfa.insertFactor(database.db, {
        userId: user.id,
        factorType: 'totp',
        friendlyName: 'Phone app',
        totpSecret: 'JBSWY3DPEHPK3PXP',
        createdAt: new Date(),
      });
      await mfa.markVerified(database.db, factor.id, new Date());
    };
    return { auth, asked, changes, token, addVerifiedFactor, userId: user.id };
  }

  it('takes the answer from the token while the factors have not changed, without a query', async () => {
    const { auth, asked, token } = await setUp();
    expect(await auth.verifyAccessToken(await token(false))).not.toBeNull();
    expect(await auth.verifyAccessToken(await token(true))).toBeNull();
    expect(asked.count).toBe(0);
  });

  it('asks the database once the factors changed after the token was issued', async () => {
    const { auth, asked, token, addVerifiedFactor } = await setUp();
    const before = await token(false);
    expect(await auth.verifyAccessToken(before)).not.toBeNull();
    // What the mfa service does before verifying a factor.
    await auth.secondFactorsChanging((await auth.verifyAccessToken(before))!.userId);
    await addVerifiedFactor();
    expect(await auth.verifyAccessToken(before)).toBeNull();
    expect(asked.count).toBe(1);
    // Any aal1 token of the member is now checked against the database, whatever it says.
    expect(await auth.verifyAccessToken(await token(false))).toBeNull();
    expect(asked.count).toBe(2);
  });

  it('asks the database for a token without the claim', async () => {
    const { auth, asked, token } = await setUp();
    expect(await auth.verifyAccessToken(await token(undefined))).not.toBeNull();
    expect(asked.count).toBe(1);
  });
});
