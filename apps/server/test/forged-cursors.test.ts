import { beforeAll, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { describeEachDatabase } from './harness.ts';
import { ADMIN_EMAIL, type Actor, seedWorld, type World } from './security-world.ts';

/**
 * Cursors are made by the server, but come back from the caller: a forged one (an id that is
 * no UUID, a time PostgreSQL or JavaScript cannot hold) is a 400 on every paged list, never a
 * 500 from the database's cast.
 */

const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const FORGED: Record<string, string> = {
  'an id of 36 dashes': forge(['2020-01-01', '-'.repeat(36)]),
  'an id of 36 hex digits without dashes': forge(['2020-01-01T00:00:00.000Z', 'a'.repeat(36)]),
  'a time JavaScript holds and PostgreSQL does not': forge([
    '-271821-04-20T00:00:00.000Z',
    '00000000-0000-4000-8000-000000000000',
  ]),
};

describeEachDatabase(
  'forged pagination cursors',
  (context) => {
    let world: World;
    let lists: { url: string; actor: Actor }[];

    beforeAll(async () => {
      world = await seedWorld(context());
      const { username, postId } = world.player;
      lists = [
        { url: '/api/offers', actor: 'player' },
        { url: '/api/camps', actor: 'player' },
        { url: '/api/feed', actor: 'player' },
        { url: '/api/people/discover', actor: 'player' },
        { url: `/api/profiles/${username}/posts`, actor: 'player' },
        { url: `/api/profiles/${username}/followers`, actor: 'player' },
        { url: `/api/profiles/${username}/following`, actor: 'player' },
        { url: `/api/posts/${postId}/comments`, actor: 'player' },
        { url: `/api/conversations/${world.conversationId}/messages`, actor: 'player' },
        { url: '/api/admin/verification-requests', actor: 'admin' },
      ];
    });

    it('answers every paged list with a forged cursor with a 400 in the error shape', async () => {
      const problems: string[] = [];
      for (const { url, actor } of lists) {
        // The list itself answers, so the 400 below is the cursor's.
        const plain = await world.as(actor, { method: 'GET', url });
        if (plain.statusCode !== 200) problems.push(`${url}: ${plain.statusCode} ${plain.body}`);
        for (const [what, cursor] of Object.entries(FORGED)) {
          const response = await world.as(actor, { method: 'GET', url: `${url}?cursor=${cursor}` });
          const body = response.json<{ error?: { code?: string; message?: string } }>();
          if (
            response.statusCode !== 400 ||
            body.error?.code !== 'bad_request' ||
            body.error.message !== `${MESSAGES.invalidRequest} (cursor)`
          ) {
            problems.push(`${url} with ${what}: ${response.statusCode} ${response.body}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  },
  { adminEmails: [ADMIN_EMAIL] },
);
