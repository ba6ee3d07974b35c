import { expect } from 'vitest';

import type { ApplicationNote, MyApplicationPage } from '@arena/shared/application.schema';

import { applicationBody, offerBody } from './offers-fixtures.ts';
import {
  get,
  json,
  members,
  must,
  type MatrixCase,
  type Prepared,
} from './authorization-support.ts';
import type { World } from './security-world.ts';

/** A new offer of the verified club's, and the player's application to it. */
async function freshApplication(world: World): Promise<Prepared> {
  const offer = await must(world, 'verifiedClub', json('POST', '/api/offers', offerBody));
  const offerId = offer.json<{ id: string }>().id;
  await must(world, 'player', json('POST', `/api/offers/${offerId}/applications`, applicationBody));
  const mine = await must(world, 'player', get('/api/me/applications'));
  const application = mine.json<MyApplicationPage>().items.find((a) => a.offer.id === offerId);
  if (!application) throw new Error('preparing: the application is not in the list');
  return { offerId, applicationId: application.id };
}

async function freshOffer(world: World): Promise<Prepared> {
  const offer = await must(world, 'verifiedClub', json('POST', '/api/offers', offerBody));
  return { offerId: offer.json<{ id: string }>().id };
}

/** The offer's poster and admins; other members are refused (403), visitors 401. */
const ownerOrAdmin = (outcome: number) => members(403, { verifiedClub: outcome, admin: outcome });

/**
 * Managing an application: its poster and admins. The applicant and members who cannot review
 * at all are refused (403); a verified club that is not the poster does not learn it exists.
 */
const managers = (outcome: number) =>
  members(403, { verifiedClub: outcome, admin: outcome, otherVerifiedClub: 404 });

/** The authorization matrix (authorization-cases.ts): the recruiting pipeline and offers' life. */
export const PIPELINE_CASES: Record<string, MatrixCase[]> = {
  'PUT /api/offers/:id': [
    {
      name: "changing the club's offer",
      prepare: freshOffer,
      request: (_world, actor, { offerId }) =>
        json('PUT', `/api/offers/${offerId}`, { ...offerBody, salary: `€1,500 (${actor})` }),
      expect: ownerOrAdmin(200),
    },
  ],
  'POST /api/offers/:id/close': [
    {
      name: "closing the club's offer",
      prepare: freshOffer,
      request: (_world, _actor, { offerId }) => json('POST', `/api/offers/${offerId}/close`),
      expect: ownerOrAdmin(200),
      check: (body) => expect((body as { closedReason: string }).closedReason).toBe('closed'),
    },
  ],
  'POST /api/offers/:id/reopen': [
    {
      name: "reopening the club's closed offer",
      prepare: async (world) => {
        const prepared = await freshOffer(world);
        await must(world, 'verifiedClub', json('POST', `/api/offers/${prepared.offerId}/close`));
        return prepared;
      },
      request: (_world, _actor, { offerId }) => json('POST', `/api/offers/${offerId}/reopen`),
      expect: ownerOrAdmin(200),
      check: (body) => expect((body as { closedReason: null }).closedReason).toBeNull(),
    },
  ],
  'GET /api/me/applications': [
    {
      name: 'one’s own applications',
      request: () => get('/api/me/applications'),
      expect: members(200),
      check: (body, actor, world) => {
        const ids = (body as MyApplicationPage).items.map((a) => a.id);
        expect(ids.includes(world.applicationId)).toBe(actor === 'player');
      },
    },
  ],
  'POST /api/applications/:id/withdraw': [
    {
      name: "withdrawing the player's application",
      prepare: freshApplication,
      request: (_world, _actor, { applicationId }) =>
        json('POST', `/api/applications/${applicationId}/withdraw`),
      // The poster and admins are told it is not theirs to withdraw; others do not see it.
      expect: members(404, { player: 200, verifiedClub: 403, admin: 403 }),
    },
  ],
  'GET /api/applications/:id': [
    {
      name: "opening the player's application",
      prepare: freshApplication,
      request: (_world, _actor, { applicationId }) => get(`/api/applications/${applicationId}`),
      expect: managers(200),
    },
  ],
  'POST /api/applications/:id/stage': [
    {
      name: "moving the player's application",
      prepare: freshApplication,
      // The poster shortlists it, then an admin makes the offer.
      request: (_world, actor, { applicationId }) =>
        json('POST', `/api/applications/${applicationId}/stage`, {
          stage: actor === 'admin' ? 'offered' : 'shortlisted',
        }),
      expect: managers(200),
    },
  ],
  'POST /api/applications/decline': [
    {
      name: "declining the player's application",
      prepare: freshApplication,
      request: (_world, _actor, { applicationId }) =>
        json('POST', '/api/applications/decline', { ids: [applicationId], message: 'Thanks' }),
      expect: managers(200),
    },
  ],
  'GET /api/applications/:id/notes': [
    {
      name: "the notes on the player's application",
      request: (world) => get(`/api/applications/${world.applicationId}/notes`),
      // Notes are the poster's: the applicant is told so, anyone else does not see it.
      expect: members(404, { player: 403, verifiedClub: 200, admin: 200 }),
    },
  ],
  'POST /api/applications/:id/notes': [
    {
      name: "a note on the player's application",
      request: (world) =>
        json('POST', `/api/applications/${world.applicationId}/notes`, {
          body: 'Strong left foot',
        }),
      expect: members(404, { player: 403, verifiedClub: 201, admin: 201 }),
    },
  ],
  'DELETE /api/application-notes/:id': [
    {
      name: "a note on the player's application",
      prepare: async (world) => {
        const add = async () => {
          const response = await must(
            world,
            'verifiedClub',
            json('POST', `/api/applications/${world.applicationId}/notes`, { body: 'To delete' }),
          );
          return (response.json<ApplicationNote[]>().at(-1) as ApplicationNote).id;
        };
        return { clubNote: await add(), adminNote: await add() };
      },
      request: (_world, actor, { clubNote, adminNote }) =>
        json('DELETE', `/api/application-notes/${actor === 'admin' ? adminNote : clubNote}`),
      expect: members(404, { verifiedClub: 204, admin: 204 }),
    },
  ],
};
