import { expect } from 'vitest';

import type { RestrictedProfilePage } from '@arena/shared/safety.schema';

import { signUp } from './fixtures.ts';
import { get, json, members, must, type MatrixCase } from './authorization-support.ts';

/** A member of the case's own, so that one caller's block or mute touches nobody else's cases. */
const stranger = async (world: Parameters<NonNullable<MatrixCase['prepare']>>[0]) => ({
  username: (await signUp(world.context)).input.username,
});

/** The authorization matrix (authorization-cases.ts): blocking and muting. */
export const SAFETY_CASES: Record<string, MatrixCase[]> = {
  'PUT /api/profiles/:username/block': [
    {
      name: 'blocking a member',
      prepare: stranger,
      request: (_world, _actor, prepared) =>
        json('PUT', `/api/profiles/${prepared.username}/block`),
      expect: members(200),
    },
  ],
  'DELETE /api/profiles/:username/block': [
    {
      name: 'unblocking a member',
      prepare: stranger,
      request: (_world, _actor, prepared) =>
        json('DELETE', `/api/profiles/${prepared.username}/block`),
      expect: members(200),
    },
  ],
  'PUT /api/profiles/:username/mute': [
    {
      name: 'muting a member',
      prepare: stranger,
      request: (_world, _actor, prepared) => json('PUT', `/api/profiles/${prepared.username}/mute`),
      expect: members(200),
    },
  ],
  'DELETE /api/profiles/:username/mute': [
    {
      name: 'unmuting a member',
      prepare: stranger,
      request: (_world, _actor, prepared) =>
        json('DELETE', `/api/profiles/${prepared.username}/mute`),
      expect: members(200),
    },
  ],
  'GET /api/me/blocked': [
    {
      name: 'one’s own blocks only (the club blocked a member of its own)',
      prepare: async (world) => {
        const { username } = await stranger(world);
        await must(world, 'verifiedClub', json('PUT', `/api/profiles/${username}/block`));
        return { username };
      },
      request: () => get('/api/me/blocked'),
      expect: members(200),
      check: (body, actor, _world, prepared) => {
        const names = (body as RestrictedProfilePage).items.map((item) => item.username);
        expect(names.includes(prepared.username!)).toBe(actor === 'verifiedClub');
      },
    },
  ],
  'GET /api/me/muted': [
    {
      name: 'one’s own mutes only (the club muted a member of its own)',
      prepare: async (world) => {
        const { username } = await stranger(world);
        await must(world, 'verifiedClub', json('PUT', `/api/profiles/${username}/mute`));
        return { username };
      },
      request: () => get('/api/me/muted'),
      expect: members(200),
      check: (body, actor, _world, prepared) => {
        const names = (body as RestrictedProfilePage).items.map((item) => item.username);
        expect(names.includes(prepared.username!)).toBe(actor === 'verifiedClub');
      },
    },
  ],
};
