import { randomUUID } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { accountAttempts, accountTokens } from '../src/modules/auth/account.tables.ts';
import { refreshTokens, signInFailures } from '../src/modules/auth/auth.tables.ts';
import { createHousekeepingRepository } from '../src/modules/housekeeping/housekeeping.repository.ts';
import { STALE_AFTER_MS } from '../src/modules/housekeeping/housekeeping.ts';
import { mfaFailures } from '../src/modules/mfa/mfa.tables.ts';
import { refreshWith } from './account-helpers.ts';
import { signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

describeEachDatabase('housekeeping: rows no rule reads any more', (context) => {
  it('removes lapsed tokens and old attempt counts, and keeps everything still in use', async () => {
    const { db } = context().database;
    const member = await signUp(context());
    const userId = member.session.user.id;
    const family = randomUUID();
    const token = (hash: string, expiresAt: Date, spentAt: Date | null = null) => ({
      userId,
      familyId: family,
      tokenHash: `${hash}-${randomUUID()}`,
      persistent: true,
      expiresAt,
      spentAt,
    });
    await db.insert(refreshTokens).values([
      token('lapsed-two-days-ago', ago(2 * DAY)),
      // Spent and still unexpired: presenting it again must still revoke its family.
      token('spent-still-valid', new Date(Date.now() + DAY), ago(DAY)),
      // Lapsed an hour ago: within the day of grace.
      token('lapsed-an-hour-ago', ago(60 * 60 * 1000)),
    ]);
    await db.insert(accountTokens).values([
      { id: randomUUID(), userId, purpose: 'password_reset', expiresAt: ago(2 * DAY) },
      {
        id: randomUUID(),
        userId,
        purpose: 'password_reset',
        expiresAt: new Date(Date.now() + DAY),
      },
    ]);
    await db.insert(accountAttempts).values([
      { kind: 'password_reset_request', subject: 'old@arena.test', createdAt: ago(2 * DAY) },
      { kind: 'password_reset_request', subject: 'new@arena.test', createdAt: ago(60_000) },
    ]);
    await db.insert(signInFailures).values([
      { emailLower: 'old@arena.test', createdAt: ago(3 * DAY) },
      { emailLower: 'new@arena.test', createdAt: ago(60_000) },
    ]);
    await db.insert(mfaFailures).values([
      { userId, createdAt: ago(2 * DAY) },
      { userId, createdAt: ago(60_000) },
    ]);

    const pruned = await createHousekeepingRepository(db).pruneStaleRows(
      new Date(Date.now() - STALE_AFTER_MS),
    );

    expect(pruned).toMatchObject({
      refresh_tokens: 1,
      account_tokens: 1,
      account_attempts: 1,
      sign_in_failures: 1,
      mfa_failures: 1,
    });
    const familyHashes = (
      await db
        .select({ hash: refreshTokens.tokenHash })
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, family))
    ).map((row) => row.hash.replace(/-[0-9a-f-]{36}$/, ''));
    expect(familyHashes.sort()).toEqual(['lapsed-an-hour-ago', 'spent-still-valid']);
    const subjects = await db.select({ s: accountAttempts.subject }).from(accountAttempts);
    expect(subjects.map((row) => row.s)).toContain('new@arena.test');
    expect(subjects.map((row) => row.s)).not.toContain('old@arena.test');
    const [failures] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(signInFailures)
      .where(eq(signInFailures.emailLower, 'new@arena.test'));
    expect(failures?.n).toBe(1);

    // The member's own session is untouched: it still refreshes.
    const refreshed = await refreshWith(context(), member.refreshToken);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });

  it('a second pass finds nothing more to remove', async () => {
    const pruned = await createHousekeepingRepository(context().database.db).pruneStaleRows(
      new Date(Date.now() - STALE_AFTER_MS),
    );
    expect(Object.values(pruned).every((count) => count === 0)).toBe(true);
  });
});
