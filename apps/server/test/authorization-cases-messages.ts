import { expect } from 'vitest';

import { avatarVariants } from '@arena/shared/image-variants';
import type { Conversation, MessagePage } from '@arena/shared/message.schema';

import { NAMED_ACTORS } from './security-world.ts';
import {
  everyone,
  ignoresCaller,
  members,
  get,
  json,
  file,
  currentAvatar,
  must,
  subscribe,
  type MatrixCase,
  type Prepared,
} from './authorization-support.ts';

/** The authorization matrix (authorization-cases.ts): messages and files. */
export const MESSAGES_CASES: Record<string, MatrixCase[]> = {
  // ---- messages ------------------------------------------------------------------------------
  'GET /api/conversations': [
    {
      name: 'one’s own conversations',
      request: () => get('/api/conversations'),
      expect: members(200),
      check: (body, actor, world) => {
        const ids = (body as Conversation[]).map((c) => c.id);
        expect(ids.includes(world.conversationId)).toBe(
          actor === 'player' || actor === 'verifiedClub',
        );
      },
    },
  ],
  'POST /api/conversations': [
    {
      name: 'a conversation with the player',
      request: (world) => json('POST', '/api/conversations', { username: world.player.username }),
      expect: members(200, { player: 400, blocked: 404, minor15: 403, minor17: 403 }),
      check: (body, actor, world) => {
        expect((body as { id: string }).id === world.conversationId).toBe(actor === 'verifiedClub');
      },
    },
  ],
  'GET /api/conversations/:id/messages': [
    {
      name: "the player and the club's conversation",
      request: (world) => get(`/api/conversations/${world.conversationId}/messages`),
      expect: members(404, { player: 200, verifiedClub: 200 }),
      check: (body) => {
        const links = (body as MessagePage).items.flatMap((m) => (m.mediaUrl ? [m.mediaUrl] : []));
        expect(links.length).toBeGreaterThan(0);
        for (const link of links)
          expect(link).toMatch(/^\/files\/signed\/message-media\/.+\?token=/);
      },
    },
  ],
  'POST /api/conversations/:id/messages': [
    {
      name: "writing in the player and the club's conversation",
      request: (world) =>
        json('POST', `/api/conversations/${world.conversationId}/messages`, { content: 'Hello' }),
      expect: members(404, { player: 201, verifiedClub: 201 }),
    },
    {
      name: "sending the player's unsent photo in one's own conversation",
      prepare: async (world) => {
        const conversations: Prepared = { player: world.conversationId };
        // The personas have none with the player (a minor may not open one, the player blocked
        // `blocked`): the player's conversation, which is not theirs, is what they try.
        for (const actor of NAMED_ACTORS) {
          if (actor === 'visitor' || actor === 'player') continue;
          const opened = await must(
            world,
            actor,
            json('POST', '/api/conversations', { username: world.player.username }),
          );
          conversations[actor] = opened.json<{ id: string }>().id;
        }
        return conversations;
      },
      request: (world, actor, conversations) =>
        json(
          'POST',
          `/api/conversations/${conversations[actor] ?? world.conversationId}/messages`,
          {
            mediaId: world.unsentMessageMediaId,
          },
        ),
      expect: members(400, { player: 201, minor15: 404, minor17: 404, blocked: 404 }),
    },
  ],
  'POST /api/conversations/:id/read': [
    {
      name: "reading the player and the club's conversation",
      request: (world) => json('POST', `/api/conversations/${world.conversationId}/read`),
      expect: members(404, { player: 200, verifiedClub: 200 }),
    },
  ],
  'GET /api/me/unread-messages': [
    {
      name: 'one’s own unread count',
      request: () => get('/api/me/unread-messages'),
      expect: members(200),
    },
  ],
  'POST /api/message-media': [
    {
      name: 'a photo for a message',
      request: (world) => file('/api/message-media', 'a.png', 'image/png', world.png),
      expect: members(201),
    },
  ],
  'GET /api/realtime': [
    {
      name: "live events of the player and the club's conversation",
      run: (world, actor) => subscribe(world, actor, `conversation:${world.conversationId}`),
      expect: {
        ...everyone('refused'),
        visitor: 'closed 4401',
        player: 'subscribed',
        verifiedClub: 'subscribed',
        suspended: 'closed 4401',
      },
    },
    {
      name: "the player's inbox",
      run: (world, actor) =>
        subscribe(world, actor, `inbox:${world.users.player.session.profile.id}`),
      expect: {
        ...everyone('refused'),
        visitor: 'closed 4401',
        player: 'subscribed',
        suspended: 'closed 4401',
      },
    },
  ],

  // ---- files ---------------------------------------------------------------------------------
  'GET /files/:bucket/*': [
    {
      name: "the player's avatar",
      // Each new picture gets a new name and the old one goes: read the one shown now.
      prepare: async (world) => ({ url: await currentAvatar(world) }),
      request: (_world, _actor, { url }) => get(url!),
      expect: ignoresCaller(200),
    },
    {
      name: "a display size of the player's avatar",
      prepare: async (world) => ({ url: avatarVariants(await currentAvatar(world))[0]!.url }),
      request: (_world, _actor, { url }) => get(url!),
      expect: ignoresCaller(200),
    },
    {
      name: 'a message photo by its path',
      request: (world) => get(world.messageMediaUrl.split('?')[0]!.replace('/signed', '')),
      expect: ignoresCaller(404),
    },
    {
      name: 'a CV by its path',
      request: (world) => get(world.cvUrl.split('?')[0]!.replace('/signed', '')),
      expect: ignoresCaller(404),
    },
  ],
  'GET /files/signed/:bucket/*': [
    {
      name: "the message photo's link (whoever holds it)",
      request: (world) => get(world.messageMediaUrl),
      expect: ignoresCaller(200),
    },
    {
      name: "the CV's link (whoever holds it)",
      request: (world) => get(world.cvUrl),
      expect: ignoresCaller(200),
    },
    {
      name: "the photo's token on the CV",
      request: (world) =>
        get(`${world.cvUrl.split('?')[0]}?${world.messageMediaUrl.split('?')[1]}`),
      expect: ignoresCaller(403),
    },
    {
      name: 'a link whose token was altered',
      request: (world) => get(`${world.cvUrl.slice(0, -6)}AAAAAA`),
      expect: ignoresCaller(403),
    },
  ],
};
