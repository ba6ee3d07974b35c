import type { ModerationCasePage, MyModerationPage } from '@arena/shared/moderation.schema';

import { signUp, type SignedUp } from './fixtures.ts';
import {
  get,
  ignoresCaller,
  json,
  members,
  must,
  type MatrixCase,
} from './authorization-support.ts';
import { outboxMails } from './outbox.ts';
import type { World } from './security-world.ts';
import { linkIn } from './smtp-sink.ts';

/** Admins only: members are refused, visitors asked to sign in. */
const admins = (outcome: number) => members(403, { admin: outcome });

const as = (world: World, user: SignedUp, method: 'GET' | 'POST', url: string, payload?: object) =>
  world.context.app.inject({ method, url, headers: user.bearer, payload });

/** A fresh member's post reported by another fresh member: the open case and its author. */
async function openCase(world: World, author?: SignedUp) {
  const member = author ?? (await signUp(world.context));
  const reporter = await signUp(world.context);
  const post = await as(world, member, 'POST', '/api/posts', { content: 'Spam', sport: 'golf' });
  const postId = post.json<{ id: string }>().id;
  await as(world, reporter, 'POST', '/api/reports', {
    targetType: 'post',
    targetId: postId,
    reason: 'spam',
  });
  const page = (
    await must(world, 'admin', get('/api/moderation/cases?limit=50'))
  ).json<ModerationCasePage>();
  const found = page.items.find((item) => item.target.id === postId);
  if (!found) throw new Error('the case is missing');
  return { caseId: found.id, author: member, postId };
}

/** A decided case; the action's id. */
async function actedOn(world: World, author: SignedUp, body: object) {
  const { caseId } = await openCase(world, author);
  await must(world, 'admin', json('POST', `/api/moderation/cases/${caseId}/actions`, body));
  const mine = await as(world, author, 'GET', '/api/me/moderation');
  return mine.json<MyModerationPage>().items[0]!.id;
}

/** A suspended member's appeal link token. */
async function appealToken(world: World) {
  const author = await signUp(world.context);
  // Suspended, the member cannot sign in: the link in the email is their way to appeal.
  const { caseId } = await openCase(world, author);
  await must(
    world,
    'admin',
    json('POST', `/api/moderation/cases/${caseId}/actions`, {
      actions: ['suspend'],
      suspendDays: 3,
      reason: 'Spam',
    }),
  );
  const mails = await outboxMails(world.context.dataDir, author.input.email, 2);
  const notice = mails.find((mail) => mail.subject?.includes('suspended'));
  return linkIn({ text: notice?.text ?? '' }, '/appeal').token;
}

/** The authorization matrix (authorization-cases.ts): reports, the moderation queue, appeals. */
export const MODERATION_CASES: Record<string, MatrixCase[]> = {
  'POST /api/reports': [
    {
      name: 'a report of a member’s post',
      prepare: async (world) => {
        const author = await signUp(world.context);
        const post = await as(world, author, 'POST', '/api/posts', { content: 'x', sport: 'golf' });
        return { postId: post.json<{ id: string }>().id };
      },
      request: (_world, _actor, { postId }) =>
        json('POST', '/api/reports', { targetType: 'post', targetId: postId, reason: 'spam' }),
      expect: members(201),
    },
  ],
  'GET /api/moderation/cases': [
    { name: 'the queue', request: () => get('/api/moderation/cases'), expect: admins(200) },
  ],
  'GET /api/moderation/cases/:id': [
    {
      name: 'a case',
      prepare: async (world) => ({ caseId: (await openCase(world)).caseId }),
      request: (_world, _actor, { caseId }) => get(`/api/moderation/cases/${caseId}`),
      expect: admins(200),
    },
  ],
  'POST /api/moderation/cases/:id/actions': [
    {
      name: 'a decision on a case',
      prepare: async (world) => ({ caseId: (await openCase(world)).caseId }),
      request: (_world, _actor, { caseId }) =>
        json('POST', `/api/moderation/cases/${caseId}/actions`, {
          actions: ['warn'],
          reason: 'Be kind',
        }),
      expect: admins(200),
    },
  ],
  'POST /api/moderation/appeals/:id': [
    {
      name: 'a decision on an appeal',
      prepare: async (world) => {
        const author = await signUp(world.context);
        const actionId = await actedOn(world, author, { actions: ['warn'], reason: 'Kind' });
        await as(world, author, 'POST', `/api/moderation/actions/${actionId}/appeal`, {
          text: 'Please',
        });
        const page = (
          await must(world, 'admin', get('/api/moderation/cases?limit=50'))
        ).json<ModerationCasePage>();
        const found = page.items.find(
          (item) => item.kind === 'appeal' && item.member.id === author.session.profile.id,
        );
        return { caseId: found!.id };
      },
      request: (_world, _actor, { caseId }) =>
        json('POST', `/api/moderation/appeals/${caseId}`, {
          decision: 'upheld',
          reason: 'It stands',
        }),
      expect: admins(200),
    },
  ],
  'GET /api/moderation/audit': [
    { name: 'the audit log', request: () => get('/api/moderation/audit'), expect: admins(200) },
  ],
  'GET /api/me/moderation': [
    { name: 'one’s own sanctions', request: () => get('/api/me/moderation'), expect: members(200) },
  ],
  'POST /api/moderation/actions/:id/appeal': [
    {
      name: 'an appeal of a warning the player got (only they may appeal it)',
      prepare: async (world) => ({
        actionId: await actedOn(world, world.users.player, { actions: ['warn'], reason: 'x' }),
      }),
      request: (_world, _actor, { actionId }) =>
        json('POST', `/api/moderation/actions/${actionId}/appeal`, { text: 'Not me' }),
      expect: members(404, { player: 201 }),
    },
  ],
  'GET /api/moderation/appeal': [
    {
      name: 'what a signed appeal link is about (the link is the authority)',
      prepare: async (world) => ({ token: await appealToken(world) }),
      request: (_world, _actor, { token }) =>
        get(`/api/moderation/appeal?token=${encodeURIComponent(token!)}`),
      expect: ignoresCaller(200),
    },
  ],
  'POST /api/moderation/appeal': [
    {
      name: 'an appeal through its signed link, each caller with a link of their own',
      run: async (world, actor) => {
        const token = await appealToken(world);
        const response = await world.as(
          actor,
          json('POST', '/api/moderation/appeal', { token, text: 'Please' }),
        );
        return response.statusCode;
      },
      expect: ignoresCaller(201),
    },
  ],
};
