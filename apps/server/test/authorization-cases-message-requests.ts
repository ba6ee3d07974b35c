import { expect } from 'vitest';

import type { MessageRequestPage } from '@arena/shared/message.schema';

import { signUp } from './fixtures.ts';
import {
  get,
  json,
  members,
  must,
  type MatrixCase,
  type Prepared,
} from './authorization-support.ts';
import type { World } from './security-world.ts';

/**
 * A message request waiting for the player, who lets only people they follow message them, from
 * a new member they do not follow.
 */
async function requestToPlayer(world: World): Promise<Prepared> {
  await must(world, 'player', json('PUT', '/api/me/message-policy', { policy: 'following' }));
  const stranger = await signUp(world.context);
  const inject = (url: string, payload: object) =>
    world.context.app.inject({ method: 'POST', url, headers: stranger.bearer, payload });
  const opened = await inject('/api/conversations', { username: world.player.username });
  const id = opened.json<{ id: string }>().id;
  const sent = await inject(`/api/conversations/${id}/messages`, { content: 'Hi' });
  expect(sent.statusCode, sent.body).toBe(201);
  return { id, sender: stranger.session.profile.id };
}

/** The authorization matrix (authorization-cases.ts): message requests and who can message me. */
export const MESSAGE_REQUESTS_CASES: Record<string, MatrixCase[]> = {
  'GET /api/conversations/requests': [
    {
      name: 'one’s own message requests',
      prepare: requestToPlayer,
      request: () => get('/api/conversations/requests'),
      expect: members(200),
      check: (body, actor, _world, prepared) => {
        const ids = (body as MessageRequestPage).items.map((c) => c.id);
        expect(ids.includes(prepared.id!)).toBe(actor === 'player');
      },
    },
  ],
  'POST /api/conversations/:id/accept': [
    {
      name: 'a request waiting for the player',
      prepare: requestToPlayer,
      request: (_world, _actor, prepared) =>
        json('POST', `/api/conversations/${prepared.id}/accept`),
      expect: members(404, { player: 200 }),
    },
  ],
  'POST /api/conversations/:id/decline': [
    {
      name: 'a request waiting for the player',
      prepare: requestToPlayer,
      request: (_world, _actor, prepared) =>
        json('POST', `/api/conversations/${prepared.id}/decline`),
      expect: members(404, { player: 200 }),
    },
  ],
  'POST /api/conversations/:id/block': [
    {
      name: "blocking the sender of a request waiting for the player (a new member's)",
      prepare: requestToPlayer,
      request: (_world, _actor, prepared) =>
        json('POST', `/api/conversations/${prepared.id}/block`),
      expect: members(404, { player: 200 }),
    },
  ],
  'PUT /api/me/message-policy': [
    {
      name: "choosing 'everyone' (never a minor's setting)",
      request: () => json('PUT', '/api/me/message-policy', { policy: 'everyone' }),
      expect: members(200, { minor15: 400, minor17: 400 }),
    },
  ],
};
