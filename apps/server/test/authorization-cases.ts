import { and, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';

import { avatarVariants } from '@arena/shared/image-variants';
import type { Conversation, MessagePage } from '@arena/shared/message.schema';
import type { Application, MyOffers } from '@arena/shared/offer.schema';
import type { Topic } from '@arena/shared/realtime';
import type { ProfileDetail } from '@arena/shared/profile.schema';
import type { Cv } from '@arena/shared/cv.schema';
import type { FactorList } from '@arena/shared/mfa.schema';
import type { MyIdentities } from '@arena/shared/identity.schema';
import type { HomeSidebar } from '@arena/shared/screens.schema';
import type { SettingsPage } from '@arena/shared/settings-page.schema';
import type { VerificationRequest } from '@arena/shared/verification.schema';

import { accountTokens } from '../src/modules/auth/account.tables.ts';
import { pdf } from './documents.ts';
import { multipartFile, newUser, signUp, verificationRequestBody } from './fixtures.ts';
import { connect, frameOf } from './realtime-client.ts';
import {
  ACTORS,
  type Actor,
  type ApiRequest,
  type Member,
  validApplication,
  validOffer,
  type World,
} from './security-world.ts';

/**
 * The authorization matrix: for every route of the server, what each kind of caller gets.
 * Keys are the route table's `METHOD /url`; a route without an entry fails the suite.
 */

/** An HTTP status, or for the WebSocket what a subscription comes to. */
export type Outcome = number | 'subscribed' | 'refused' | 'closed 4401';
export type Expected = Record<Actor, Outcome>;
/** Ids made for one case before it runs (a post to delete, a request to decide). */
export type Prepared = Record<string, string>;

export interface MatrixCase {
  /** What is tried, e.g. "the player's post". */
  name: string;
  prepare?: (world: World) => Promise<Prepared>;
  request?: (world: World, actor: Actor, prepared: Prepared) => ApiRequest;
  /** Instead of one HTTP request (the WebSocket). */
  run?: (world: World, actor: Actor, prepared: Prepared) => Promise<Outcome>;
  expect: Expected;
  /**
   * Tables a refusal rightly writes (a failed code counted against the account), with why; the
   * matrix checks that refused callers change nothing else.
   */
  refusalsWrite?: { tables: string[]; why: string };
  /** Checks on a successful answer: what this caller may and may not see. */
  check?: (body: unknown, actor: Actor, world: World, prepared: Prepared) => void | Promise<void>;
}

const everyone = (outcome: Outcome): Expected =>
  Object.fromEntries(ACTORS.map((actor) => [actor, outcome])) as Expected;

/** Signed-in callers get `outcome` unless listed; visitors 401. */
const members = (outcome: Outcome, except: Partial<Expected> = {}): Expected => ({
  ...everyone(outcome),
  visitor: 401,
  ...except,
});

/** Only verified clubs and admins post offers and see what they received. */
const posters = (outcome: Outcome): Expected => ({
  visitor: 401,
  player: 403,
  otherPlayer: 403,
  unverifiedClub: 403,
  verifiedClub: outcome,
  otherVerifiedClub: outcome,
  admin: outcome,
});

const get = (url: string): ApiRequest => ({ method: 'GET', url });
const json = (method: ApiRequest['method'], url: string, payload?: object): ApiRequest => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});
const file = (
  url: string,
  name: string,
  type: string,
  bytes: Buffer,
  method: ApiRequest['method'] = 'POST',
): ApiRequest => {
  const body = multipartFile('file', name, type, bytes);
  return { method, url, headers: body.headers, payload: body.payload };
};

const profileId = (world: World, actor: Actor) =>
  actor === 'visitor' ? null : world.users[actor].session.profile.id;

/** Runs `fn` as `actor` and expects success; for preparing a case. */
/** The player's avatar URL as their profile shows it now. */
async function currentAvatar(world: World): Promise<string> {
  const profile = await must(world, 'visitor', get(`/api/profiles/${world.player.username}`));
  const url = profile.json<ProfileDetail>().avatarUrl;
  if (!url) throw new Error('the player has no avatar');
  return url;
}

async function must(world: World, actor: Actor, options: ApiRequest) {
  const response = await world.as(actor, options);
  if (response.statusCode >= 300) {
    throw new Error(`preparing ${options.method} ${options.url}: ${response.body}`);
  }
  return response;
}

/** A club with a pending verification request, or an approved one. */
async function clubRequest(world: World, approved: boolean): Promise<Prepared> {
  const club = await signUp(world.context, { userType: 'club' });
  await world.context.app.inject({
    method: 'POST',
    url: '/api/me/verification',
    headers: club.bearer,
    payload: verificationRequestBody,
  });
  const { items } = (
    await must(world, 'admin', get('/api/admin/verification-requests?limit=50'))
  ).json<{ items: VerificationRequest[] }>();
  const request = items.find((r) => r.profile.id === club.session.profile.id);
  if (!request) throw new Error('the request is missing');
  if (approved) {
    await must(
      world,
      'admin',
      json('POST', `/api/admin/verification-requests/${request.id}/approve`),
    );
  }
  return { requestId: request.id, username: club.input.username };
}

async function verifiedAfter(world: World, prepared: Prepared) {
  const profile = (
    await world.as('visitor', get(`/api/profiles/${prepared.username}`))
  ).json<ProfileDetail>();
  return profile.verified;
}

/** Subscribes to a topic over the WebSocket as `actor` and reports what came of it. */
async function subscribe(world: World, actor: Actor, topic: Topic): Promise<Outcome> {
  const client = await connect(world.context.app);
  try {
    if (actor !== 'visitor') {
      client.send({ type: 'auth', token: world.users[actor].session.accessToken });
      await client.next(frameOf('ready'));
    }
    client.send({ type: 'subscribe', topic });
    const answer = await Promise.race([
      client
        .next(
          (frame): frame is Extract<typeof frame, { type: 'subscribed' | 'refused' }> =>
            (frame.type === 'subscribed' || frame.type === 'refused') && frame.topic === topic,
        )
        .then(
          (frame) => frame.type,
          () => 'no answer',
        ),
      client.closed.then(({ code }) => `closed ${code}`),
    ]);
    return answer as Outcome;
  } finally {
    client.socket.terminate();
  }
}

const publicRoute = (name: string, url: string, outcome: Outcome = 200): MatrixCase[] => [
  { name, request: () => get(url), expect: everyone(outcome) },
];

export const MATRIX: Record<string, MatrixCase[]> = {
  // ---- public documents ----------------------------------------------------------------------
  'GET /api/docs/': [
    ...publicRoute('the API docs page', '/api/docs/'),
    ...publicRoute('the API docs page without the slash', '/api/docs'),
  ],
  'GET /api/docs/json': publicRoute('the OpenAPI document', '/api/docs/json'),
  'GET /api/docs/yaml': publicRoute('the OpenAPI document', '/api/docs/yaml'),
  'GET /api/docs/static/*': publicRoute('a docs asset', '/api/docs/static/swagger-ui.css'),
  'GET /api/docs/static/index.html': publicRoute(
    'the docs page',
    '/api/docs/static/index.html',
    302,
  ),
  'GET /api/docs/static/swagger-initializer.js': publicRoute(
    'the docs script',
    '/api/docs/static/swagger-initializer.js',
  ),
  'GET /api/openapi.json': publicRoute('the OpenAPI document', '/api/openapi.json'),
  'GET /api/health': publicRoute('health', '/api/health'),
  'GET /api/meta': publicRoute('public settings', '/api/meta'),
  'GET /api/auth/jwks.json': publicRoute('public keys', '/api/auth/jwks.json'),
  'GET /.well-known/jwks.json': publicRoute('public keys', '/.well-known/jwks.json'),

  // ---- accounts ------------------------------------------------------------------------------
  'POST /api/auth/sign-up': [
    {
      name: 'a new account',
      request: () => json('POST', '/api/auth/sign-up', newUser()),
      expect: everyone(201),
    },
  ],
  'POST /api/auth/sign-in': [
    {
      name: 'the right password of some account',
      prepare: async (world) => {
        const user = await signUp(world.context);
        return { email: user.input.email, password: user.input.password };
      },
      request: (_world, _actor, { email, password }) =>
        json('POST', '/api/auth/sign-in', { email, password, remember: false }),
      expect: everyone(200),
    },
  ],
  'POST /api/auth/refresh': [
    {
      name: 'without a refresh cookie',
      request: () => json('POST', '/api/auth/refresh'),
      expect: everyone(401),
    },
  ],
  'POST /api/auth/sign-out': [
    {
      name: 'without a refresh cookie',
      request: () => json('POST', '/api/auth/sign-out'),
      expect: everyone(204),
    },
  ],
  'GET /api/auth/session': [
    {
      name: 'who is signed in',
      request: () => get('/api/auth/session'),
      expect: members(200),
      check: (body, actor, world) => {
        expect((body as { user: { id: string } }).user.id).toBe(
          world.users[actor as Member].session.user.id,
        );
      },
    },
  ],

  // ---- profiles ------------------------------------------------------------------------------
  'GET /api/profiles/:username': [
    {
      name: "the player's profile",
      request: (world) => get(`/api/profiles/${world.player.username}`),
      expect: everyone(200),
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
      expect: members(200),
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

  // ---- follows and people --------------------------------------------------------------------
  'PUT /api/profiles/:username/follow': [
    {
      name: 'following the player',
      request: (world) => json('PUT', `/api/profiles/${world.player.username}/follow`),
      expect: members(200, { player: 400 }),
    },
  ],
  'DELETE /api/profiles/:username/follow': [
    {
      name: 'unfollowing the player',
      request: (world) => json('DELETE', `/api/profiles/${world.player.username}/follow`),
      expect: members(200, { player: 400 }),
    },
  ],
  'GET /api/profiles/:username/followers': [
    {
      name: "the player's followers",
      request: (world) => get(`/api/profiles/${world.player.username}/followers`),
      expect: everyone(200),
    },
  ],
  'GET /api/profiles/:username/following': [
    {
      name: 'whom the player follows',
      request: (world) => get(`/api/profiles/${world.player.username}/following`),
      expect: everyone(200),
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
      expect: everyone(200),
    },
  ],
  'PATCH /api/me/cv/athlete': [
    {
      name: 'one’s own CV fields',
      request: (_world, actor) =>
        json('PATCH', '/api/me/cv/athlete', {
          aboutPlayer: actor === 'player' ? 'Quick and brave.' : `About ${actor}`,
        }),
      expect: members(200),
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
      expect: members(200),
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
      expect: members(404, { player: 200 }),
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
      expect: members(404, { player: 200 }),
    },
  ],
  'POST /api/me/cv/awards': [
    {
      name: 'an award on one’s own CV',
      request: () => json('POST', '/api/me/cv/awards', { title: 'MVP' }),
      expect: members(200),
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
      expect: members(404, { player: 200 }),
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
      expect: members(404, { player: 200 }),
    },
  ],

  // ---- posts, likes, reposts, comments -------------------------------------------------------
  'POST /api/media': [
    {
      name: 'a photo for a post',
      request: (world) => file('/api/media', 'a.png', 'image/png', world.png),
      expect: members(201),
    },
  ],
  'POST /api/posts': [
    {
      name: 'a post',
      request: () => json('POST', '/api/posts', { content: 'Training', sport: 'tennis' }),
      expect: members(201),
    },
    {
      name: "a post with the player's upload",
      prepare: async (world) => {
        const upload = await must(
          world,
          'player',
          file('/api/media', 'a.png', 'image/png', world.png),
        );
        return { mediaId: upload.json<{ id: string }>().id };
      },
      request: (_world, _actor, { mediaId }) =>
        json('POST', '/api/posts', { content: 'Mine', sport: 'tennis', mediaId }),
      expect: members(400, { player: 201 }),
    },
  ],
  'GET /api/posts/:id': [
    {
      name: "the player's post",
      request: (world) => get(`/api/posts/${world.player.postId}`),
      expect: everyone(200),
    },
  ],
  'DELETE /api/posts/:id': [
    {
      name: "a post of the player's",
      prepare: async (world) => {
        const post = await must(
          world,
          'player',
          json('POST', '/api/posts', { content: 'To delete', sport: 'rugby' }),
        );
        return { id: post.json<{ id: string }>().id };
      },
      request: (_world, _actor, { id }) => json('DELETE', `/api/posts/${id}`),
      expect: members(403, { player: 204 }),
    },
  ],
  'GET /api/feed': [{ name: 'the feed', request: () => get('/api/feed'), expect: members(200) }],
  'GET /api/profiles/:username/posts': [
    {
      name: "the player's posts",
      request: (world) => get(`/api/profiles/${world.player.username}/posts`),
      expect: everyone(200),
    },
  ],
  'PUT /api/posts/:id/like': [
    {
      name: "liking the player's post",
      request: (world) => json('PUT', `/api/posts/${world.player.postId}/like`),
      expect: members(200),
    },
  ],
  'DELETE /api/posts/:id/like': [
    {
      name: "unliking the player's post",
      request: (world) => json('DELETE', `/api/posts/${world.player.postId}/like`),
      expect: members(200),
    },
  ],
  'PUT /api/posts/:id/repost': [
    {
      name: "reposting the player's post",
      request: (world) => json('PUT', `/api/posts/${world.player.postId}/repost`),
      expect: members(200),
    },
  ],
  'DELETE /api/posts/:id/repost': [
    {
      name: "undoing a repost of the player's post",
      request: (world) => json('DELETE', `/api/posts/${world.player.postId}/repost`),
      expect: members(200),
    },
  ],
  'GET /api/posts/:id/comments': [
    {
      name: "the comments on the player's post",
      request: (world) => get(`/api/posts/${world.player.postId}/comments`),
      expect: everyone(200),
    },
  ],
  'POST /api/posts/:id/comments': [
    {
      name: "commenting on the player's post",
      request: (world) =>
        json('POST', `/api/posts/${world.player.postId}/comments`, { content: 'Nice' }),
      expect: members(201),
    },
  ],
  'DELETE /api/posts/:id/comments/:commentId': [
    {
      name: "the player's comment",
      prepare: async (world) => {
        const comment = await must(
          world,
          'player',
          json('POST', `/api/posts/${world.player.postId}/comments`, { content: 'Oops' }),
        );
        return { id: comment.json<{ id: string }>().id };
      },
      request: (world, _actor, { id }) =>
        json('DELETE', `/api/posts/${world.player.postId}/comments/${id}`),
      expect: members(403, { player: 204 }),
    },
  ],

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
      expect: members(200, { player: 400 }),
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
        for (const actor of ACTORS) {
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
      expect: members(400, { player: 201 }),
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
      },
    },
    {
      name: "the player's inbox",
      run: (world, actor) =>
        subscribe(world, actor, `inbox:${world.users.player.session.profile.id}`),
      expect: { ...everyone('refused'), visitor: 'closed 4401', player: 'subscribed' },
    },
  ],

  // ---- files ---------------------------------------------------------------------------------
  'GET /files/:bucket/*': [
    {
      name: "the player's avatar",
      // Each new picture gets a new name and the old one goes: read the one shown now.
      prepare: async (world) => ({ url: await currentAvatar(world) }),
      request: (_world, _actor, { url }) => get(url!),
      expect: everyone(200),
    },
    {
      name: "a display size of the player's avatar",
      prepare: async (world) => ({ url: avatarVariants(await currentAvatar(world))[0]!.url }),
      request: (_world, _actor, { url }) => get(url!),
      expect: everyone(200),
    },
    {
      name: 'a message photo by its path',
      request: (world) => get(world.messageMediaUrl.split('?')[0]!.replace('/signed', '')),
      expect: everyone(404),
    },
    {
      name: 'a CV by its path',
      request: (world) => get(world.cvUrl.split('?')[0]!.replace('/signed', '')),
      expect: everyone(404),
    },
  ],
  'GET /files/signed/:bucket/*': [
    {
      name: "the message photo's link (whoever holds it)",
      request: (world) => get(world.messageMediaUrl),
      expect: everyone(200),
    },
    {
      name: "the CV's link (whoever holds it)",
      request: (world) => get(world.cvUrl),
      expect: everyone(200),
    },
    {
      name: "the photo's token on the CV",
      request: (world) =>
        get(`${world.cvUrl.split('?')[0]}?${world.messageMediaUrl.split('?')[1]}`),
      expect: everyone(403),
    },
    {
      name: 'a link whose token was altered',
      request: (world) => get(`${world.cvUrl.slice(0, -6)}AAAAAA`),
      expect: everyone(403),
    },
  ],

  // ---- offers and applications ---------------------------------------------------------------
  'GET /api/offers': [{ name: 'offers', request: () => get('/api/offers'), expect: everyone(200) }],
  'GET /api/offers/:id': [
    {
      name: "the club's offer",
      request: (world) => get(`/api/offers/${world.offerId}`),
      expect: everyone(200),
    },
  ],
  'POST /api/offers': [
    {
      name: 'an offer',
      request: () => json('POST', '/api/offers', validOffer),
      expect: posters(201),
    },
  ],
  'DELETE /api/offers/:id': [
    {
      name: "an offer of the club's",
      prepare: async (world) => {
        const offer = await must(world, 'verifiedClub', json('POST', '/api/offers', validOffer));
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
      expect: posters(200),
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
        json('POST', `/api/offers/${world.offerId}/applications`, validApplication),
      expect: members(201, { player: 409, verifiedClub: 400 }),
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
          ...validApplication,
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
  // ---- two-factor ----------------------------------------------------------------------------
  'GET /api/auth/factors': [
    {
      name: 'one’s own second factors',
      request: () => get('/api/auth/factors'),
      expect: members(200),
      check: (body, actor, world) => {
        const ids = (body as FactorList).factors.map((factor) => factor.id);
        expect(ids.includes(world.factorId)).toBe(actor === 'player');
      },
    },
  ],
  'POST /api/auth/factors': [
    {
      name: 'enrolling an authenticator app on one’s own account',
      request: (world) =>
        json('POST', '/api/auth/factors', {
          factorType: 'totp',
          friendlyName: world.unique('app'),
        }),
      expect: members(201),
    },
  ],
  'DELETE /api/auth/factors/:factorId': [
    {
      name: "a second factor of the player's",
      prepare: async (world) => {
        const enrolled = await must(
          world,
          'player',
          json('POST', '/api/auth/factors', {
            factorType: 'totp',
            friendlyName: world.unique('to-remove'),
          }),
        );
        return { id: enrolled.json<{ factor: { id: string } }>().factor.id };
      },
      request: (_world, _actor, { id }) => json('DELETE', `/api/auth/factors/${id}`),
      expect: members(404, { player: 204 }),
    },
  ],
  'POST /api/auth/factors/:factorId/challenge': [
    {
      name: "the player's second factor",
      request: (world) => json('POST', `/api/auth/factors/${world.factorId}/challenge`),
      expect: members(404, { player: 201 }),
      check: (body, _actor, world) => {
        expect((body as { factorId: string }).factorId).toBe(world.factorId);
      },
    },
  ],
  'POST /api/auth/factors/:factorId/verify': [
    {
      name: "the player's second factor, with a challenge that does not exist",
      request: (world) =>
        json('POST', `/api/auth/factors/${world.factorId}/verify`, {
          challengeId: '00000000-0000-4000-8000-000000000000',
          code: '123456',
        }),
      expect: members(404, { player: 400 }),
    },
    {
      name: "the player's second factor, with the player's challenge",
      prepare: async (world) => {
        const challenge = await must(
          world,
          'player',
          json('POST', `/api/auth/factors/${world.factorId}/challenge`),
        );
        return { challengeId: challenge.json<{ id: string }>().id };
      },
      request: (world, _actor, { challengeId }) =>
        json('POST', `/api/auth/factors/${world.factorId}/verify`, {
          challengeId,
          code: '000000',
        }),
      // Another member's token never reaches the player's factor; the player's wrong code is counted.
      expect: members(404, { player: 400 }),
      refusalsWrite: { tables: ['table mfa_failures'], why: "the player's wrong code is counted" },
    },
  ],
  'POST /api/auth/recovery-codes': [
    {
      name: 'new recovery codes without a verified factor',
      request: () => json('POST', '/api/auth/recovery-codes'),
      expect: members(400),
    },
  ],
  'POST /api/auth/recovery-codes/verify': [
    {
      name: 'a recovery code without a verified factor',
      request: () => json('POST', '/api/auth/recovery-codes/verify', { code: 'abcde-fghij' }),
      expect: members(400),
      refusalsWrite: { tables: ['table mfa_failures'], why: 'each wrong code is counted' },
    },
  ],
  'POST /api/auth/passkeys/options': [
    {
      name: 'a passkey sign-in challenge',
      request: () => json('POST', '/api/auth/passkeys/options'),
      expect: everyone(201),
    },
  ],
  'POST /api/auth/passkeys/sign-in': [
    {
      name: 'a passkey answer to a challenge that does not exist',
      request: () =>
        json('POST', '/api/auth/passkeys/sign-in', {
          challengeId: '00000000-0000-4000-8000-000000000000',
          credential: {
            id: 'AAAA',
            rawId: 'AAAA',
            type: 'public-key',
            response: { clientDataJSON: 'AAAA' },
          },
        }),
      expect: everyone(400),
    },
  ],

  // ---- third-party sign-in (no provider is configured here) ----------------------------------
  'GET /api/auth/oidc/providers': publicRoute('the sign-in providers', '/api/auth/oidc/providers'),
  'GET /api/auth/oidc/:provider/start': publicRoute(
    'signing in with an unknown provider',
    '/api/auth/oidc/nowhere/start',
    404,
  ),
  // The browser is mid-navigation: an answer that cannot be used lands on the sign-in page.
  'GET /api/auth/oidc/:provider/callback': publicRoute(
    "an unknown provider's answer",
    '/api/auth/oidc/nowhere/callback?code=x&state=y',
    302,
  ),
  'POST /api/auth/oidc/:provider/link': [
    {
      name: 'linking an unknown provider',
      request: () => json('POST', '/api/auth/oidc/nowhere/link'),
      expect: members(404),
    },
  ],
  'GET /api/auth/oidc/sign-up': publicRoute(
    'a pending sign-up without its cookie',
    '/api/auth/oidc/sign-up',
    400,
  ),
  'POST /api/auth/oidc/sign-up': [
    {
      name: 'finishing a sign-up without its cookie',
      request: (world) =>
        json('POST', '/api/auth/oidc/sign-up', {
          fullName: 'New Person',
          username: world.unique('oidc').replaceAll('-', '_').slice(0, 20),
          userType: 'player',
        }),
      expect: everyone(400),
    },
  ],
  'GET /api/me/identities': [
    {
      name: 'one’s own linked accounts',
      request: () => get('/api/me/identities'),
      expect: members(200),
      check: (body, actor, world) => {
        const ids = (body as MyIdentities).identities.map((identity) => identity.id);
        expect(ids.includes(world.identityId)).toBe(actor === 'player');
      },
    },
  ],
  'DELETE /api/me/identities/:id': [
    {
      name: "a linked account of the player's",
      prepare: async (world) => ({
        id: await world.linkIdentity('player', world.unique('idp')),
      }),
      request: (_world, _actor, { id }) => json('DELETE', `/api/me/identities/${id}`),
      expect: members(404, { player: 204 }),
    },
  ],

  // ---- account links and passwords -----------------------------------------------------------
  'POST /api/auth/email-confirmation/confirm': [
    {
      name: 'a confirmation link that was never sent',
      request: () =>
        json('POST', '/api/auth/email-confirmation/confirm', { token: 'not-a-real-token' }),
      expect: everyone(400),
    },
  ],
  // Requests by email are limited per address: each caller asks for their own (the visitor for
  // some account's), and the answer says nothing of whether anything was sent.
  'POST /api/auth/email-confirmation/resend': [
    {
      name: 'a new confirmation link for an account',
      prepare: async (world) => ({ email: (await signUp(world.context)).input.email }),
      request: (world, actor, { email }) =>
        json('POST', '/api/auth/email-confirmation/resend', {
          email: actor === 'visitor' ? email : world.users[actor].input.email,
        }),
      expect: everyone(202),
    },
  ],
  'POST /api/auth/password-reset/request': [
    {
      name: 'a reset link for an account',
      prepare: async (world) => {
        const user = await signUp(world.context);
        return { email: user.input.email, userId: user.session.user.id };
      },
      request: (world, actor, { email }) =>
        json('POST', '/api/auth/password-reset/request', {
          email: actor === 'visitor' ? email : world.users[actor].input.email,
        }),
      expect: everyone(202),
      // The link is made after the answer: wait for it, so it lands in this case, not the next.
      check: async (_body, actor, world, { userId }) => {
        const owner = actor === 'visitor' ? userId! : world.users[actor].session.user.id;
        await vi.waitFor(async () => {
          const links = await world.context.database.db
            .select({ id: accountTokens.id })
            .from(accountTokens)
            .where(
              and(eq(accountTokens.userId, owner), eq(accountTokens.purpose, 'password_reset')),
            );
          expect(links.length).toBeGreaterThan(0);
        });
      },
    },
  ],
  'POST /api/auth/password-reset/complete': [
    {
      name: 'a reset link that was never sent',
      request: () =>
        json('POST', '/api/auth/password-reset/complete', {
          token: 'not-a-real-token',
          password: 'brand-new-secret-1',
          confirmPassword: 'brand-new-secret-1',
        }),
      expect: everyone(400),
    },
  ],

  // ---- sessions ------------------------------------------------------------------------------
  'GET /api/auth/sessions': [
    {
      name: 'one’s own sessions',
      request: () => get('/api/auth/sessions'),
      expect: members(200),
      check: (body, actor, world) => {
        const ids = (body as { sessions: { id: string }[] }).sessions.map((s) => s.id);
        expect(ids.includes(world.sessionId)).toBe(actor === 'player');
      },
    },
  ],
  'DELETE /api/auth/sessions/:id': [
    {
      name: "another session of the player's",
      prepare: async (world) => ({ id: await world.signInAgain('player') }),
      request: (_world, _actor, { id }) => json('DELETE', `/api/auth/sessions/${id}`),
      expect: members(404, { player: 204 }),
    },
  ],
  'DELETE /api/auth/sessions': [
    {
      name: 'signing out one’s other sessions',
      prepare: async (world) => ({ id: await world.signInAgain('player') }),
      request: () => json('DELETE', '/api/auth/sessions'),
      expect: members(200),
      check: async (body, actor, world) => {
        const { ended } = body as { ended: number };
        // Only the caller's own sessions end: the player's second one, nobody else's.
        expect(ended).toBe(actor === 'player' ? 1 : 0);
        const left = (await must(world, 'player', get('/api/auth/sessions'))).json<{
          sessions: { id: string }[];
        }>();
        expect(left.sessions.map((s) => s.id)).toEqual([world.sessionId]);
      },
    },
  ],
  'POST /api/auth/password/change': [
    {
      // Each member changes their own password; their session stays signed in.
      name: 'one’s own password',
      request: (world, actor): ApiRequest => {
        const user = world.users[actor === 'visitor' ? 'player' : actor];
        return {
          method: 'POST',
          url: '/api/auth/password/change',
          headers: actor === 'visitor' ? {} : { cookie: `arena_refresh=${user.refreshToken}` },
          payload: {
            currentPassword: user.input.password,
            newPassword: `${user.input.password}-2`,
            confirmPassword: `${user.input.password}-2`,
          },
        };
      },
      expect: members(204),
      check: async (_body, actor, world) => {
        const user = world.users[actor as Member];
        user.input.password = `${user.input.password}-2`;
        // The caller is still signed in, with the new password.
        await must(world, actor, get('/api/auth/session'));
        await must(
          world,
          'visitor',
          json('POST', '/api/auth/sign-in', {
            email: user.input.email,
            password: user.input.password,
            remember: false,
          }),
        );
      },
    },
  ],

  // ---- home ----------------------------------------------------------------------------------
  'GET /api/me/home': [
    {
      name: 'one’s own sidebar',
      request: () => get('/api/me/home'),
      expect: members(200),
      check: (body, actor) => {
        expect((body as HomeSidebar).cv.athlete.aboutPlayer === 'Quick and brave.').toBe(
          actor === 'player',
        );
      },
    },
  ],

  // ---- settings ------------------------------------------------------------------------------
  'GET /api/me/settings': [
    {
      name: 'one’s own sessions, second factors and linked accounts',
      request: () => get('/api/me/settings'),
      expect: members(200),
      check: (body, actor, world) => {
        const page = body as SettingsPage;
        const mine = actor === 'player';
        expect(page.sessions.some((session) => session.id === world.sessionId)).toBe(mine);
        expect(page.factors.factors.some((factor) => factor.id === world.factorId)).toBe(mine);
        expect(page.identities.identities.some((linked) => linked.id === world.identityId)).toBe(
          mine,
        );
      },
    },
  ],
};
