import { expect } from 'vitest';

import type { NotificationPage } from '@arena/shared/notification.schema';

import { members, get, json, must, type MatrixCase } from './authorization-support.ts';

const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

/** The authorization matrix (authorization-cases.ts): notifications, their settings, failed jobs. */
export const NOTIFICATIONS_CASES: Record<string, MatrixCase[]> = {
  'GET /api/notifications': [
    {
      name: 'one’s own notifications (the player’s follow reaches only the club)',
      prepare: async (world) => {
        await must(
          world,
          'player',
          json('PUT', `/api/profiles/${world.users.verifiedClub.input.username}/follow`),
        );
        return {};
      },
      request: () => get('/api/notifications'),
      expect: members(200),
      check: (body, actor, world) => {
        const kinds = (body as NotificationPage).items.filter(
          (n) => n.kind === 'follow' && n.actors.some((a) => a.username === world.player.username),
        );
        expect(kinds.length > 0).toBe(actor === 'verifiedClub');
      },
    },
  ],
  'GET /api/notifications/unseen': [
    { name: 'the bell', request: () => get('/api/notifications/unseen'), expect: members(200) },
  ],
  'POST /api/notifications/seen': [
    {
      name: 'opening the list',
      request: () => json('POST', '/api/notifications/seen'),
      expect: members(200),
    },
  ],
  'POST /api/notifications/read-all': [
    {
      name: 'mark all read',
      request: () => json('POST', '/api/notifications/read-all'),
      expect: members(204),
    },
  ],
  'POST /api/notifications/:id/read': [
    {
      name: 'an entry of the club’s (others find none)',
      prepare: async (world) => {
        await must(
          world,
          'player',
          json('PUT', `/api/profiles/${world.users.verifiedClub.input.username}/follow`),
        );
        const page = await must(world, 'verifiedClub', get('/api/notifications?filter=follows'));
        const id = page.json<NotificationPage>().items[0]?.id;
        if (!id) throw new Error('the club has no follow notification');
        return { id };
      },
      request: (_world, _actor, { id }) => json('POST', `/api/notifications/${id}/read`),
      expect: members(404, { verifiedClub: 204 }),
    },
  ],
  'GET /api/settings/notifications': [
    {
      name: 'one’s own choices',
      request: () => get('/api/settings/notifications'),
      expect: members(200),
    },
  ],
  'PUT /api/settings/notifications': [
    {
      name: 'a change of one’s own choices',
      request: () => json('PUT', '/api/settings/notifications', { like: { email: 'off' } }),
      expect: members(200),
    },
  ],
  'POST /api/push-subscriptions': [
    {
      name: 'push on in a browser',
      request: (_world, actor) =>
        json('POST', '/api/push-subscriptions', {
          endpoint: `https://fcm.googleapis.com/fcm/send/${actor}`,
          keys,
        }),
      expect: members(204),
    },
  ],
  'DELETE /api/push-subscriptions': [
    {
      name: 'push off in a browser',
      request: (_world, actor) =>
        json('DELETE', '/api/push-subscriptions', {
          endpoint: `https://fcm.googleapis.com/fcm/send/${actor}`,
        }),
      expect: members(204),
    },
  ],
  'GET /api/admin/jobs/failed': [
    {
      name: 'jobs that used up their tries',
      request: () => get('/api/admin/jobs/failed'),
      expect: members(403, { admin: 200 }),
    },
  ],
  'POST /api/admin/jobs/:id/retry': [
    {
      name: 'a retry of a job that is not there',
      request: () => json('POST', '/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry'),
      expect: members(403, { admin: 404 }),
    },
  ],
};
