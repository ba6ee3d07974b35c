import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';

import type { Cv } from '@arena/shared/cv.schema';
import type { ProfileDetail } from '@arena/shared/profile.schema';

import { MATRIX, type MatrixCase, type Outcome } from './authorization-cases.ts';
import { expectedOf } from './authorization-support.ts';
import { describeEachDatabase } from './harness.ts';
import { changes, routeTable, storedState } from './route-table.ts';
import { ACTORS, ADMIN_EMAIL, type Actor, seedWorld, type World } from './security-world.ts';

const succeeded = (outcome: Outcome) =>
  outcome === 'subscribed' || (typeof outcome === 'number' && outcome < 400);

/** What leaked: secrets in a body that this actor may not see. */
function leaks(world: World, actor: Actor, body: string): string[] {
  return world.secrets
    .filter((secret) => !secret.visibleTo.includes(actor) && body.includes(secret.value))
    .map((secret) => secret.what);
}

function isErrorBody(response: LightMyRequestResponse): boolean {
  try {
    const { error } = response.json<{ error?: { code?: unknown; message?: unknown } }>();
    return typeof error?.code === 'string' && typeof error.message === 'string' && !!error.message;
  } catch {
    return false;
  }
}

/**
 * Runs one case for every actor: refused callers first (nothing they do may change anything
 * stored), then the ones allowed (so an owner deleting their own thing comes last).
 */
async function runCase(world: World, key: string, entry: MatrixCase): Promise<string[]> {
  const problems: string[] = [];
  const prepared = (await entry.prepare?.(world)) ?? {};
  const refused = ACTORS.filter((actor) => !succeeded(expectedOf(entry.expect, actor)));
  const allowed = ACTORS.filter((actor) => succeeded(expectedOf(entry.expect, actor)));

  const attempt = async (actor: Actor) => {
    const expected = expectedOf(entry.expect, actor);
    if (entry.run) {
      const outcome = await entry.run(world, actor, prepared);
      if (outcome !== expected) problems.push(`${actor}: got ${outcome}, expected ${expected}`);
      return;
    }
    const options = entry.request!(world, actor, prepared);
    const response = await world.as(actor, options);
    const where = `${actor} ${options.method} ${options.url}`;
    if (response.statusCode !== expected) {
      problems.push(
        `${where}: got ${response.statusCode}, expected ${expected}: ${response.body.slice(0, 300)}`,
      );
      return;
    }
    const leaked = leaks(world, actor, response.body);
    if (leaked.length > 0) problems.push(`${where} leaked ${leaked.join(', ')}`);
    if (response.statusCode >= 400 && !isErrorBody(response)) {
      problems.push(`${where}: ${response.statusCode} without an error message: ${response.body}`);
    }
    if (options.method === 'GET') {
      const head = await world.as(actor, { ...options, method: 'HEAD' });
      if (head.statusCode !== response.statusCode) {
        problems.push(`${where}: HEAD answered ${head.statusCode}`);
      }
    }
    if (response.statusCode < 300 && entry.check) {
      const body: unknown = response.body ? response.json() : null;
      try {
        await entry.check(body, actor, world, prepared);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
    }
  };

  const before = await storedState(world.context);
  for (const actor of refused) await attempt(actor);
  const mayWrite = entry.refusalsWrite?.tables ?? [];
  const changed = changes(before, await storedState(world.context)).filter(
    (key) => !mayWrite.includes(key),
  );
  if (changed.length > 0) problems.push(`refused callers changed ${changed.join(', ')}`);
  for (const actor of allowed) await attempt(actor);
  return problems.map((problem) => `${key} (${entry.name}) ${problem}`);
}

describeEachDatabase(
  'authorization matrix',
  (context) => {
    let world: World;
    beforeAll(async () => {
      world = await seedWorld(context());
    });

    it('has an entry for every route the server registers, and none for routes it does not', () => {
      const keys = routeTable(context()).map((route) => route.key);
      expect(keys.length).toBeGreaterThan(50);
      expect(
        keys.filter((key) => !(key in MATRIX)),
        'routes without an authorization matrix entry',
      ).toEqual([]);
      expect(Object.keys(MATRIX).filter((key) => !keys.includes(key))).toEqual([]);
    });

    for (const [key, entries] of Object.entries(MATRIX)) {
      for (const entry of entries) {
        it(`${key}: ${entry.name}`, async () => {
          expect(await runCase(world, key, entry)).toEqual([]);
        });
      }
    }

    it("leaves the player's profile and CV as the player made them", async () => {
      const profile = (
        await world.as('visitor', { method: 'GET', url: `/api/profiles/${world.player.username}` })
      ).json<ProfileDetail>();
      expect(profile).toMatchObject({
        username: world.users.player.input.username,
        fullName: world.users.player.input.fullName,
        bio: 'Left-footed winger.',
      });
      const cv = (
        await world.as('visitor', {
          method: 'GET',
          url: `/api/profiles/${world.player.username}/cv`,
        })
      ).json<Cv>();
      expect(cv.athlete).toMatchObject({
        sport: 'football',
        // The exact date is the owner's only (issue 25): a visitor sees the age.
        birthdate: null,
        aboutPlayer: 'Quick and brave.',
      });
      expect(cv.career).toContainEqual({
        id: world.player.careerId,
        season: '2023/24',
        teamName: 'Arena U15',
        role: 'Captain',
      });
      expect(cv.awards.map((award) => award.id)).toContain(world.player.awardId);
    });
  },
  { adminEmails: [ADMIN_EMAIL] },
);
