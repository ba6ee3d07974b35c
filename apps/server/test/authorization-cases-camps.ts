import { expect } from 'vitest';

import type { Camp, CampPage, CampRegistration } from '@arena/shared/camp.schema';

import {
  everyone,
  get,
  json,
  type MatrixCase,
  members,
  must,
  posters,
  profileId,
} from './authorization-support.ts';
import { campBody } from './camps-fixtures.ts';
import type { Actor, World } from './security-world.ts';

/** A camp the verified club posts for one case; the player booked a place when `booked`. */
async function clubCamp(world: World, booked = false) {
  const posted = await must(world, 'verifiedClub', json('POST', '/api/camps', campBody()));
  const { id } = posted.json<Camp>();
  if (booked) {
    await must(world, 'player', json('PUT', `/api/camps/${id}/registration`, { kind: 'booked' }));
  }
  return { id };
}

/** The organiser and admins manage a camp; a member across a block does not find it. */
const managers = (outcome: number) =>
  members(403, { verifiedClub: outcome, admin: outcome, blocked: 404 });

/** Camps (issue 27): anyone reads them, verified organisations and admins post them. */
export const CAMPS_CASES: Record<string, MatrixCase[]> = {
  'GET /api/camps': [
    {
      name: 'upcoming camps',
      prepare: (world) => clubCamp(world),
      request: () => get('/api/camps'),
      expect: everyone(200),
      check: (body, actor, _world, { id }) => {
        const ids = (body as CampPage).items.map((camp) => camp.id);
        // The club blocked that member: its camps are not listed to them.
        if (actor === 'blocked') expect(ids).not.toContain(id);
      },
    },
    {
      name: 'one’s own registrations (My camps)',
      prepare: (world) => clubCamp(world, true),
      request: () => get('/api/camps?tab=mine'),
      expect: members(200),
      check: (body, actor, _world, { id }) => {
        const ids = (body as CampPage).items.map((camp) => camp.id);
        expect(ids.some((campId) => campId === id)).toBe(actor === 'player');
      },
    },
  ],
  'GET /api/camps/:id': [
    {
      name: "the club's camp",
      prepare: (world) => clubCamp(world, true),
      request: (_world, _actor, { id }) => get(`/api/camps/${id}`),
      expect: everyone(200, { blocked: 404 }),
      check: (body, actor: Actor) => {
        const camp = body as Camp;
        expect(camp.canManage).toBe(actor === 'verifiedClub' || actor === 'admin');
        expect(camp.myRegistration?.status ?? null).toBe(actor === 'player' ? 'booked' : null);
      },
    },
  ],
  'POST /api/camps': [
    {
      name: 'a camp',
      request: () => json('POST', '/api/camps', campBody()),
      expect: posters(201),
    },
  ],
  'PUT /api/camps/:id': [
    {
      name: "editing the club's camp",
      prepare: (world) => clubCamp(world),
      request: (_world, _actor, { id }) =>
        json('PUT', `/api/camps/${id}`, { ...campBody(), title: 'Edited camp' }),
      expect: managers(200),
    },
  ],
  'POST /api/camps/:id/cancel': [
    {
      name: "cancelling the club's camp",
      prepare: (world) => clubCamp(world, true),
      request: (_world, _actor, { id }) => json('POST', `/api/camps/${id}/cancel`),
      expect: managers(200),
    },
  ],
  'DELETE /api/camps/:id': [
    {
      name: "deleting the club's camp (the admin deletes another of the club's)",
      prepare: async (world) => ({
        id: (await clubCamp(world, true)).id,
        forAdmin: (await clubCamp(world)).id,
      }),
      request: (_world, actor, { id, forAdmin }) =>
        json('DELETE', `/api/camps/${actor === 'admin' ? forAdmin : id}`),
      expect: managers(204),
    },
  ],
  'PUT /api/camps/:id/registration': [
    {
      name: "booking a place at the club's camp",
      prepare: (world) => clubCamp(world),
      request: (_world, _actor, { id }) =>
        json('PUT', `/api/camps/${id}/registration`, { kind: 'booked' }),
      // The organiser cannot register for its own camp.
      expect: members(200, { verifiedClub: 400, blocked: 404 }),
    },
  ],
  'DELETE /api/camps/:id/registration': [
    {
      name: "cancelling the player's place",
      prepare: (world) => clubCamp(world, true),
      request: (_world, _actor, { id }) => json('DELETE', `/api/camps/${id}/registration`),
      // Only the player holds a registration to cancel.
      expect: members(400, { player: 200, blocked: 404 }),
    },
  ],
  'GET /api/camps/:id/registrations': [
    {
      name: "the registrations at the club's camp",
      prepare: (world) => clubCamp(world, true),
      request: (_world, _actor, { id }) => get(`/api/camps/${id}/registrations`),
      expect: managers(200),
      check: (body, _actor, world) => {
        const items = (body as { items: CampRegistration[] }).items;
        expect(items.map((row) => row.member.id)).toEqual([profileId(world, 'player')]);
      },
    },
  ],
};
