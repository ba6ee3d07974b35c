import { sql } from 'drizzle-orm';
import { expect } from 'vitest';

import type { PublicProfilePage, PublicProfileSettings } from '@arena/shared/public-profile.schema';

import { everyone, get, json, type MatrixCase, members, must } from './authorization-support.ts';

const ALL_SECTIONS = ['sport', 'career', 'awards', 'availability', 'highlights'];

/**
 * The authorization matrix (authorization-cases.ts): public profiles (issue 24). Each member
 * changes only their own; minors may not turn one on; the page is anyone's to read, and a minor's
 * does not exist for anyone.
 */
export const PUBLIC_PROFILE_CASES: Record<string, MatrixCase[]> = {
  'GET /api/me/public-profile': [
    {
      name: 'one’s own public profile settings',
      request: () => get('/api/me/public-profile'),
      expect: members(200),
      check: (body, actor, world) => {
        const settings = body as PublicProfileSettings;
        if (actor === 'visitor') return;
        expect(settings.url).toContain(`/p/${world.users[actor].input.username}`);
      },
    },
  ],
  'PUT /api/me/public-profile': [
    {
      name: 'turning one’s own public profile on: adults only',
      request: () =>
        json('PUT', '/api/me/public-profile', { sections: ['sport'], allowIndexing: false }),
      expect: members(200, { minor15: 403, minor17: 403 }),
      check: (body) => {
        expect(body as PublicProfileSettings).toMatchObject({
          enabled: true,
          sections: ['sport'],
        });
      },
    },
  ],
  'DELETE /api/me/public-profile': [
    {
      name: 'turning one’s own public profile off',
      request: () => json('DELETE', '/api/me/public-profile'),
      expect: members(200),
      check: (body) => {
        expect((body as PublicProfileSettings).enabled).toBe(false);
      },
    },
  ],
  'GET /api/public/profiles/:username': [
    {
      name: "the player's public profile, with every section on",
      prepare: async (world) => {
        await must(
          world,
          'player',
          json('PUT', '/api/me/public-profile', { sections: ALL_SECTIONS, allowIndexing: true }),
        );
        return {};
      },
      request: (world) => get(`/api/public/profiles/${world.player.username}`),
      // The member the player blocked is told it does not exist, as for the profile itself.
      expect: everyone(200, { blocked: 404 }),
      check: (body, _actor, world) => {
        const page = body as PublicProfilePage;
        expect(page.username).toBe(world.player.username);
        expect(page.sections).toEqual(ALL_SECTIONS);
        expect(JSON.stringify(page)).not.toContain(world.users.player.input.email);
      },
    },
    {
      name: "a minor's, which never exists",
      prepare: async (world) => {
        // What turning it on would be, had the minor been let: the service refuses, so the row
        // is made as a corrected birthdate could leave it.
        await world.context.database.db.execute(
          sql`INSERT INTO public_profiles (profile_id, sections)
            VALUES (${world.users.minor15.session.profile.id}::uuid, ARRAY['sport'])
            ON CONFLICT DO NOTHING`,
        );
        return {};
      },
      request: (world) => get(`/api/public/profiles/${world.users.minor15.input.username}`),
      expect: everyone(404),
    },
  ],
};
