import { expect } from 'vitest';

import type { SavedSearch, SavedSearchList } from '@arena/shared/scout.schema';

import { get, json, type MatrixCase, must, posters } from './authorization-support.ts';

/** The verified club's saved search, for the cases that change or delete one. */
async function clubSearch(world: Parameters<NonNullable<MatrixCase['prepare']>>[0], name: string) {
  const saved = await must(
    world,
    'verifiedClub',
    json('POST', '/api/scout/saved-searches', { name, query: 'sport=football&available=true' }),
  );
  return { id: saved.json<SavedSearch>().id };
}

/** Saved searches (issue 24): verified organisations and admins, each search its owner's alone. */
export const SCOUTING_CASES: Record<string, MatrixCase[]> = {
  'GET /api/scout/saved-searches': [
    {
      name: 'one’s own saved searches (never the verified club’s, to anyone else)',
      prepare: (world) => clubSearch(world, 'Matrix listed'),
      request: () => get('/api/scout/saved-searches'),
      expect: posters(200),
      check: (body, actor, _world, { id }) => {
        const ids = (body as SavedSearchList).items.map((item) => item.id);
        if (actor === 'verifiedClub') expect(ids).toContain(id);
        else expect(ids).not.toContain(id);
      },
    },
  ],
  'POST /api/scout/saved-searches': [
    {
      name: 'saving a search',
      request: (_world, actor) =>
        json('POST', '/api/scout/saved-searches', {
          name: `Matrix ${actor}`,
          query: 'position=Winger&ageMax=19',
        }),
      expect: posters(201),
    },
  ],
  'PATCH /api/scout/saved-searches/:id': [
    {
      name: "the verified club's saved search",
      prepare: (world) => clubSearch(world, 'Matrix patched'),
      request: (_world, _actor, { id }) =>
        json('PATCH', `/api/scout/saved-searches/${id}`, { alerts: false }),
      expect: {
        ...posters(404),
        verifiedClub: 200,
        player: 403,
        otherPlayer: 403,
        unverifiedClub: 403,
        visitor: 401,
      },
    },
  ],
  'DELETE /api/scout/saved-searches/:id': [
    {
      name: "the verified club's saved search",
      prepare: (world) => clubSearch(world, 'Matrix deleted'),
      request: (_world, _actor, { id }) => json('DELETE', `/api/scout/saved-searches/${id}`),
      expect: {
        ...posters(404),
        verifiedClub: 204,
        player: 403,
        otherPlayer: 403,
        unverifiedClub: 403,
        visitor: 401,
      },
    },
  ],
};
