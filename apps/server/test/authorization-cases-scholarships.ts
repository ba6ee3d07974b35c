import { expect } from 'vitest';

import type { Scholarship, ScholarshipPage } from '@arena/shared/scholarship.schema';

import {
  everyone,
  get,
  json,
  type MatrixCase,
  members,
  must,
  posters,
  type Prepared,
  profileId,
} from './authorization-support.ts';
import { scholarshipBody } from './scholarships-fixtures.ts';
import type { World } from './security-world.ts';

/** A scholarship of the verified club's, made for one case. */
async function clubScholarship(world: World): Promise<Prepared> {
  const posted = await must(
    world,
    'verifiedClub',
    json('POST', '/api/scholarships', scholarshipBody),
  );
  return { id: posted.json<Scholarship>().id };
}

/** Only its poster and admins change a scholarship; visitors are asked to sign in. */
const managers = (outcome: number) => members(403, { verifiedClub: outcome, admin: outcome });

/** The authorization matrix (authorization-cases.ts): scholarships. */
export const SCHOLARSHIPS_CASES: Record<string, MatrixCase[]> = {
  'GET /api/scholarships': [
    {
      name: 'open scholarships',
      prepare: clubScholarship,
      request: () => get('/api/scholarships'),
      expect: everyone(200),
      check: (body, actor, _world, { id }) => {
        const ids = (body as ScholarshipPage).items.map((s) => s.id);
        // The member the club blocked does not see its scholarships in the list.
        expect(ids.includes(id!)).toBe(actor !== 'blocked');
      },
    },
    {
      name: 'one’s own scholarships',
      prepare: clubScholarship,
      request: () => get('/api/scholarships?mine=true'),
      expect: members(200),
      check: (body, actor, world, { id }) => {
        const items = (body as ScholarshipPage).items;
        for (const item of items) expect(item.poster.id).toBe(profileId(world, actor));
        expect(items.some((item) => item.id === id)).toBe(actor === 'verifiedClub');
      },
    },
  ],
  'GET /api/scholarships/:id': [
    {
      name: "the club's scholarship",
      prepare: clubScholarship,
      request: (_world, _actor, { id }) => get(`/api/scholarships/${id}`),
      expect: everyone(200, { blocked: 404 }),
      check: (body, actor) => {
        expect((body as Scholarship).canManage).toBe(actor === 'verifiedClub' || actor === 'admin');
      },
    },
  ],
  'POST /api/scholarships': [
    {
      name: 'a scholarship',
      request: () => json('POST', '/api/scholarships', scholarshipBody),
      expect: posters(201),
    },
  ],
  'PUT /api/scholarships/:id': [
    {
      name: "changing the club's scholarship",
      prepare: clubScholarship,
      request: (_world, _actor, { id }) =>
        json('PUT', `/api/scholarships/${id}`, { ...scholarshipBody, title: 'Renamed' }),
      expect: managers(200),
    },
  ],
  'PATCH /api/scholarships/:id': [
    {
      name: "closing the club's scholarship",
      prepare: clubScholarship,
      request: (_world, _actor, { id }) =>
        json('PATCH', `/api/scholarships/${id}`, { closed: true }),
      expect: managers(200),
    },
  ],
  'DELETE /api/scholarships/:id': [
    {
      name: "deleting the club's scholarship",
      prepare: clubScholarship,
      request: (_world, _actor, { id }) => json('DELETE', `/api/scholarships/${id}`),
      // As an offer: its poster deletes it; moderators remove others'.
      expect: members(403, { verifiedClub: 204 }),
    },
  ],
};
