import { expect } from 'vitest';

import type { Application, MyOffers } from '@arena/shared/offer.schema';

import { pdf } from './documents.ts';
import { verificationRequestBody } from './fixtures.ts';
import { applicationBody, offerBody } from './offers-fixtures.ts';
import {
  everyone,
  members,
  posters,
  get,
  json,
  file,
  profileId,
  must,
  clubRequest,
  verifiedAfter,
  type MatrixCase,
} from './authorization-support.ts';

/** The authorization matrix (authorization-cases.ts): offers, applications and verification. */
export const OFFERS_CASES: Record<string, MatrixCase[]> = {
  // ---- offers and applications ---------------------------------------------------------------
  'GET /api/offers': [{ name: 'offers', request: () => get('/api/offers'), expect: everyone(200) }],
  'GET /api/offers/:id': [
    {
      name: "the club's offer",
      request: (world) => get(`/api/offers/${world.offerId}`),
      expect: everyone(200, { blocked: 404 }),
    },
  ],
  'POST /api/offers': [
    {
      name: 'an offer',
      request: () => json('POST', '/api/offers', offerBody),
      expect: posters(201),
    },
  ],
  'DELETE /api/offers/:id': [
    {
      name: "an offer of the club's",
      prepare: async (world) => {
        const offer = await must(world, 'verifiedClub', json('POST', '/api/offers', offerBody));
        return { id: offer.json<{ id: string }>().id };
      },
      request: (_world, _actor, { id }) => json('DELETE', `/api/offers/${id}`),
      expect: members(403, { verifiedClub: 204 }),
    },
  ],
  'GET /api/me/offers': [
    {
      name: 'one’s own offers',
      request: () => get('/api/me/offers'),
      // An organisation not (or no longer) verified still sees its own offers, paused.
      expect: { ...posters(200), unverifiedClub: 200 },
      check: (body, actor, world) => {
        for (const offer of (body as MyOffers).offers) {
          expect(offer.poster.id).toBe(profileId(world, actor));
        }
      },
    },
  ],
  'POST /api/cv-uploads': [
    {
      name: 'a CV',
      request: () => file('/api/cv-uploads', 'cv.pdf', 'application/pdf', pdf()),
      expect: members(201),
    },
  ],
  'POST /api/offers/:id/applications': [
    {
      name: "applying to the club's offer",
      request: (world) =>
        json('POST', `/api/offers/${world.offerId}/applications`, applicationBody),
      expect: members(201, { player: 409, verifiedClub: 400, blocked: 404 }),
    },
    {
      name: "applying with the player's CV upload",
      prepare: async (world) => {
        const cv = await must(
          world,
          'player',
          file('/api/cv-uploads', 'cv.pdf', 'application/pdf', pdf()),
        );
        return { cvUploadId: cv.json<{ id: string }>().id };
      },
      request: (world, _actor, { cvUploadId }) =>
        json('POST', `/api/offers/${world.otherOfferId}/applications`, {
          ...applicationBody,
          cvUploadId,
        }),
      // The other verified club posted this offer: it may not apply to it at all.
      expect: members(400, { player: 201 }),
    },
  ],
  'GET /api/me/applications-received': [
    {
      name: 'applications to one’s own offers',
      request: () => get('/api/me/applications-received'),
      expect: posters(200),
      check: (body, actor, world) => {
        const ids = (body as Application[]).map((a) => a.id);
        expect(ids.includes(world.applicationId)).toBe(actor === 'verifiedClub');
        if (actor !== 'verifiedClub') {
          expect((body as Application[]).some((a) => a.offerId === world.offerId)).toBe(false);
        }
      },
    },
  ],
  'GET /api/applications/:id/cv-url': [
    {
      name: "the link to the player's CV",
      request: (world) => get(`/api/applications/${world.applicationId}/cv-url`),
      expect: members(404, { player: 200, verifiedClub: 200 }),
    },
  ],

  // ---- verification --------------------------------------------------------------------------
  'GET /api/me/verification': [
    { name: 'one’s own state', request: () => get('/api/me/verification'), expect: members(200) },
  ],
  'POST /api/me/verification': [
    {
      name: 'a request',
      request: () => json('POST', '/api/me/verification', verificationRequestBody),
      expect: {
        visitor: 401,
        player: 403,
        otherPlayer: 403,
        unverifiedClub: 409,
        verifiedClub: 409,
        otherVerifiedClub: 409,
        admin: 403,
      },
    },
  ],
  'GET /api/admin/verification-requests': [
    {
      name: 'every request',
      request: () => get('/api/admin/verification-requests'),
      expect: members(403, { admin: 200 }),
    },
  ],
  'POST /api/admin/verification-requests/:id/:decision': [
    {
      name: 'approving a pending request',
      prepare: (world) => clubRequest(world, false),
      request: (_world, _actor, { requestId }) =>
        json('POST', `/api/admin/verification-requests/${requestId}/approve`),
      expect: members(403, { admin: 204 }),
      check: async (_body, _actor, world, prepared) => {
        expect(await verifiedAfter(world, prepared)).toBe(true);
      },
    },
    {
      name: 'rejecting a pending request',
      prepare: (world) => clubRequest(world, false),
      request: (_world, _actor, { requestId }) =>
        json('POST', `/api/admin/verification-requests/${requestId}/reject`),
      expect: members(403, { admin: 204 }),
      check: async (_body, _actor, world, prepared) => {
        expect(await verifiedAfter(world, prepared)).toBe(false);
      },
    },
    {
      name: 'disapproving an approved request',
      prepare: (world) => clubRequest(world, true),
      request: (_world, _actor, { requestId }) =>
        json('POST', `/api/admin/verification-requests/${requestId}/disapprove`),
      expect: members(403, { admin: 204 }),
      check: async (_body, _actor, world, prepared) => {
        expect(await verifiedAfter(world, prepared)).toBe(false);
      },
    },
  ],
};
