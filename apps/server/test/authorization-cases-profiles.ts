import { expect } from 'vitest';

import type { ProfileDetail } from '@arena/shared/profile.schema';
import type { Cv } from '@arena/shared/cv.schema';
import type { OrganizationProfile } from '@arena/shared/organization.schema';

import { type Member } from './security-world.ts';
import {
  everyone,
  members,
  get,
  json,
  file,
  profileId,
  must,
  type Expected,
  type MatrixCase,
  type Outcome,
} from './authorization-support.ts';

/** Only players have an athlete CV: the clubs' writes to one are refused. */
const players = (outcome: Outcome, except: Partial<Expected> = {}): Expected =>
  members(outcome, { unverifiedClub: 403, verifiedClub: 403, otherVerifiedClub: 403, ...except });

/** The authorization matrix (authorization-cases.ts): profiles, follows, people and CVs. */
export const PROFILES_CASES: Record<string, MatrixCase[]> = {
  // ---- profiles ------------------------------------------------------------------------------
  'GET /api/profiles/:username': [
    {
      name: "the player's profile",
      request: (world) => get(`/api/profiles/${world.player.username}`),
      expect: everyone(200, { blocked: 404 }),
      check: (body, actor) => {
        const profile = body as ProfileDetail;
        expect(profile.isOwn).toBe(actor === 'player');
        // Profile views are the owner's alone.
        if (actor === 'player') expect(profile.profileViews).toEqual(expect.any(Number));
        else expect(profile.profileViews).toBeNull();
      },
    },
  ],
  'POST /api/profiles/:username/views': [
    {
      name: "a visit to the player's profile",
      request: (world) => json('POST', `/api/profiles/${world.player.username}/views`),
      expect: members(200, { blocked: 404 }),
    },
  ],
  'PATCH /api/me/profile': [
    {
      name: 'one’s own name and bio',
      request: (world, actor) => {
        const user = world.users[actor === 'visitor' ? 'player' : actor];
        const bio = actor === 'player' ? 'Left-footed winger.' : `Bio of ${actor}`;
        return json('PATCH', '/api/me/profile', {
          fullName: user.input.fullName,
          username: user.input.username,
          bio,
        });
      },
      expect: members(200),
      check: (body, actor, world) => {
        expect((body as ProfileDetail).id).toBe(profileId(world, actor));
      },
    },
  ],
  'PUT /api/me/avatar': [
    {
      name: 'one’s own avatar',
      request: (world) => file('/api/me/avatar', 'me.png', 'image/png', world.png, 'PUT'),
      expect: members(200),
      check: (body, actor, world) => {
        expect((body as { avatarUrl: string }).avatarUrl).toContain(
          `/files/avatars/${world.users[actor as Member].session.user.id}/`,
        );
      },
    },
  ],
  'GET /api/me/visibility': [
    { name: 'one’s own views', request: () => get('/api/me/visibility'), expect: members(200) },
  ],

  // ---- organisation profiles -----------------------------------------------------------------
  'GET /api/profiles/:username/organization': [
    {
      name: "the verified club's organisation profile",
      request: (world) =>
        get(`/api/profiles/${world.users.verifiedClub.input.username}/organization`),
      expect: everyone(200, { blocked: 404 }),
      check: (body, actor) => {
        const organization = body as OrganizationProfile;
        // The fill rate is the owner's alone.
        expect(organization.fillRate === null).toBe(actor !== 'verifiedClub');
      },
    },
    {
      name: "the player's (who has none)",
      request: (world) => get(`/api/profiles/${world.player.username}/organization`),
      expect: everyone(404),
    },
  ],
  'PATCH /api/me/organization': [
    {
      name: 'one’s own organisation fields',
      request: (_world, actor) =>
        json('PATCH', '/api/me/organization', { city: `City of ${actor}` }),
      expect: members(403, { unverifiedClub: 200, verifiedClub: 200, otherVerifiedClub: 200 }),
      check: (body, actor) => {
        expect((body as OrganizationProfile).city).toBe(`City of ${actor}`);
      },
    },
  ],

  // ---- follows and people --------------------------------------------------------------------
  'PUT /api/profiles/:username/follow': [
    {
      name: 'following the player',
      request: (world) => json('PUT', `/api/profiles/${world.player.username}/follow`),
      expect: members(200, { player: 400, blocked: 404 }),
    },
  ],
  'DELETE /api/profiles/:username/follow': [
    {
      name: 'unfollowing the player',
      request: (world) => json('DELETE', `/api/profiles/${world.player.username}/follow`),
      expect: members(200, { player: 400, blocked: 404 }),
    },
  ],
  'GET /api/profiles/:username/followers': [
    {
      name: "the player's followers",
      request: (world) => get(`/api/profiles/${world.player.username}/followers`),
      expect: everyone(200, { blocked: 404 }),
    },
  ],
  'GET /api/profiles/:username/following': [
    {
      name: 'whom the player follows',
      request: (world) => get(`/api/profiles/${world.player.username}/following`),
      expect: everyone(200, { blocked: 404 }),
    },
  ],
  'GET /api/people/discover': [
    { name: 'discover', request: () => get('/api/people/discover'), expect: members(200) },
  ],
  'GET /api/people/search': [
    { name: 'search', request: () => get('/api/people/search?q=test'), expect: members(200) },
  ],
  'GET /api/people/suggestions': [
    { name: 'suggestions', request: () => get('/api/people/suggestions'), expect: members(200) },
  ],

  // ---- CV ------------------------------------------------------------------------------------
  'GET /api/profiles/:username/cv': [
    {
      name: "the player's CV",
      request: (world) => get(`/api/profiles/${world.player.username}/cv`),
      expect: everyone(200, { blocked: 404 }),
    },
  ],
  'GET /api/profiles/:username/cv.pdf': [
    {
      name: "the player's CV as a PDF (the athlete, verified organisations, admins)",
      request: (world) => get(`/api/profiles/${world.player.username}/cv.pdf`),
      expect: {
        visitor: 401,
        player: 200,
        otherPlayer: 403,
        unverifiedClub: 403,
        verifiedClub: 200,
        otherVerifiedClub: 200,
        admin: 200,
        blocked: 404,
      },
    },
    {
      name: "the verified club's (an organisation has no CV)",
      request: (world) => get(`/api/profiles/${world.users.verifiedClub.input.username}/cv.pdf`),
      expect: members(404),
    },
  ],
  'PUT /api/me/open-to-offers': [
    {
      name: 'being open to offers (athletes; a minor to verified organisations only)',
      request: () =>
        json('PUT', '/api/me/open-to-offers', {
          visibility: 'verified',
          contractTypes: ['Full Season'],
        }),
      expect: members(200, {
        unverifiedClub: 403,
        verifiedClub: 403,
        otherVerifiedClub: 403,
      }),
    },
  ],
  'DELETE /api/me/open-to-offers': [
    {
      name: 'closing one’s own (every athlete is open first)',
      prepare: async (world) => {
        const open = { visibility: 'verified', contractTypes: ['Full Season'] };
        for (const athlete of [
          'player',
          'otherPlayer',
          'admin',
          'minor15',
          'minor17',
          'blocked',
        ] as const) {
          await must(world, athlete, json('PUT', '/api/me/open-to-offers', open));
        }
        return {};
      },
      request: () => json('DELETE', '/api/me/open-to-offers'),
      expect: members(200, {
        unverifiedClub: 403,
        verifiedClub: 403,
        otherVerifiedClub: 403,
      }),
    },
  ],
  'GET /api/scout/athletes': [
    {
      name: 'scout search (verified organisations and admins)',
      request: () => get('/api/scout/athletes?sport=football&sort=completeness'),
      expect: {
        visitor: 401,
        player: 403,
        otherPlayer: 403,
        unverifiedClub: 403,
        verifiedClub: 200,
        otherVerifiedClub: 200,
        admin: 200,
      },
      check: (body, _actor, world) => {
        // The player's CV says football (blocks are left out: scouting.test.ts).
        const found = (body as { items: { username: string }[] }).items.map((i) => i.username);
        expect(found).toContain(world.player.username);
      },
    },
  ],
  'PATCH /api/me/cv/athlete': [
    {
      name: 'one’s own CV fields',
      request: (_world, actor) =>
        json('PATCH', '/api/me/cv/athlete', {
          aboutPlayer: actor === 'player' ? 'Quick and brave.' : `About ${actor}`,
        }),
      expect: players(200),
      check: (body, actor) => {
        expect((body as Cv).athlete.aboutPlayer).toBe(
          actor === 'player' ? 'Quick and brave.' : `About ${actor}`,
        );
      },
    },
  ],
  'POST /api/me/cv/career': [
    {
      name: 'a season on one’s own CV',
      request: () => json('POST', '/api/me/cv/career', { season: '2024/25', teamName: 'Own FC' }),
      expect: players(200),
    },
  ],
  'PUT /api/me/cv/career/:id': [
    {
      name: "the player's season",
      request: (world) =>
        json('PUT', `/api/me/cv/career/${world.player.careerId}`, {
          season: '2023/24',
          teamName: 'Arena U15',
          role: 'Captain',
        }),
      expect: players(404, { player: 200 }),
    },
  ],
  'DELETE /api/me/cv/career/:id': [
    {
      name: "a season of the player's",
      prepare: async (world) => {
        const cv = (
          await must(
            world,
            'player',
            json('POST', '/api/me/cv/career', { season: '1999/00', teamName: 'Old FC' }),
          )
        ).json<Cv>();
        return { id: cv.career.find((entry) => entry.season === '1999/00')!.id };
      },
      request: (_world, _actor, { id }) => json('DELETE', `/api/me/cv/career/${id}`),
      expect: players(404, { player: 200 }),
    },
  ],
  'POST /api/me/cv/awards': [
    {
      name: 'an award on one’s own CV',
      request: () => json('POST', '/api/me/cv/awards', { title: 'MVP' }),
      expect: players(200),
    },
  ],
  'PUT /api/me/cv/awards/:id': [
    {
      name: "the player's award",
      request: (world) =>
        json('PUT', `/api/me/cv/awards/${world.player.awardId}`, {
          title: 'Top scorer',
          description: 'Regional league',
          awardDate: '2024-06-01',
        }),
      expect: players(404, { player: 200 }),
    },
  ],
  'DELETE /api/me/cv/awards/:id': [
    {
      name: "an award of the player's",
      prepare: async (world) => {
        const title = world.unique('award');
        const cv = (
          await must(world, 'player', json('POST', '/api/me/cv/awards', { title }))
        ).json<Cv>();
        return { id: cv.awards.find((award) => award.title === title)!.id };
      },
      request: (_world, _actor, { id }) => json('DELETE', `/api/me/cv/awards/${id}`),
      expect: players(404, { player: 200 }),
    },
  ],
};
