import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';

import type { Cv } from '@arena/shared/cv.schema';
import type { MediaUpload, Post } from '@arena/shared/post.schema';
import type { VerificationRequest } from '@arena/shared/verification.schema';

import { identities } from '../src/modules/identities/identities.tables.ts';
import {
  multipartFile,
  signUp,
  signUpAdmin,
  type SignedUp,
  verificationRequestBody,
} from './fixtures.ts';
import type { TestContext } from './harness.ts';
import { birthdateAged } from './minors-fixtures.ts';
import { seedExchanges, seedSanctions } from './security-world-exchanges.ts';

/**
 * A small populated Arena shared by the security suites: one account per kind of caller, and
 * resources owned by the player and by the verified club (profile, CV, posts, comments, a
 * conversation with text and a photo, offers, an application with its CV, verification requests).
 */

/** The callers every case of the authorization matrix names. */
export const NAMED_ACTORS = [
  'visitor',
  'player',
  'otherPlayer',
  'unverifiedClub',
  'verifiedClub',
  'otherVerifiedClub',
  'admin',
] as const;
/**
 * Callers the safety rules treat apart (issue 25): a 15-year-old and a 17-year-old player, an
 * adult player whom the player and the verified club blocked, and a member suspended by a
 * moderator (their sessions ended; they still hold an access token). A case names them where
 * they get something else than their default (authorization-support.ts, `expectedOf`).
 */
const PERSONAS = ['minor15', 'minor17', 'blocked', 'suspended'] as const;
export const ACTORS = [...NAMED_ACTORS, ...PERSONAS] as const;
export type NamedActor = (typeof NAMED_ACTORS)[number];
export type Persona = (typeof PERSONAS)[number];
export type Actor = (typeof ACTORS)[number];
export type Member = Exclude<Actor, 'visitor'>;

export const ADMIN_EMAIL = 'admin@security.test';

/** One request to the app, as some actor will send it. */
export interface ApiRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

/** Unique strings planted in private data; each may surface only to the actors listed. */
export interface Secret {
  value: string;
  what: string;
  visibleTo: readonly Actor[];
}

export interface World {
  context: TestContext;
  users: Record<Member, SignedUp>;
  /** The bearer header of an actor (none for the visitor). */
  headers(actor: Actor): Record<string, string>;
  /** `app.inject` as an actor. */
  as(actor: Actor, options: ApiRequest): Promise<LightMyRequestResponse>;
  player: {
    username: string;
    postId: string;
    commentId: string;
    careerId: string;
    awardId: string;
    avatarUrl: string;
  };
  conversationId: string;
  /** The signed link to the photo the player sent in the conversation. */
  messageMediaUrl: string;
  /** An upload the player made for a message and never sent. */
  unsentMessageMediaId: string;
  offerId: string;
  otherOfferId: string;
  applicationId: string;
  /** The signed link to the player's CV, as the poster gets it. */
  cvUrl: string;
  secrets: Secret[];
  /** The player's second factor (a TOTP app, enrolled, not yet verified). */
  factorId: string;
  /** The player's linked third-party account. */
  identityId: string;
  /** The player's current session (refresh-token family). */
  sessionId: string;
  /** Links a third-party account of `provider` to a member (as a completed OIDC link would). */
  linkIdentity(actor: Member, provider: string): Promise<string>;
  /** Signs the member in once more: a second session; returns its id. */
  signInAgain(actor: Member): Promise<string>;
  /** A tiny PNG for upload routes. */
  png: Buffer;
  /** Unique text for bodies the routes store. */
  unique(prefix: string): string;
}

let serial = 0;

function tag(prefix: string) {
  serial += 1;
  return `${prefix}-${serial}-${Math.random().toString(36).slice(2, 8)}`;
}

export async function seedWorld(context: TestContext): Promise<World> {
  const app = context.app;
  const users = {} as Record<Member, SignedUp>;
  const headers = (actor: Actor): Record<string, string> =>
    actor === 'visitor' ? {} : users[actor].bearer;
  const as = (actor: Actor, options: ApiRequest) =>
    app.inject({ ...options, headers: { ...headers(actor), ...options.headers } });
  const ok = async (actor: Actor, options: ApiRequest, status = 200) => {
    const response = await as(actor, options);
    expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBe(status);
    return response;
  };
  const upload = (actor: Actor, url: string, filename: string, type: string, bytes: Buffer) => {
    const body = multipartFile('file', filename, type, bytes);
    return ok(actor, { method: 'POST', url, headers: body.headers, payload: body.payload }, 201);
  };

  [users.player, users.otherPlayer, users.unverifiedClub, users.verifiedClub] = await Promise.all([
    signUp(context, { userType: 'player' }),
    signUp(context, { userType: 'player' }),
    signUp(context, { userType: 'club' }),
    signUp(context, { userType: 'club' }),
  ]);
  [users.otherVerifiedClub, users.admin] = await Promise.all([
    signUp(context, { userType: 'club' }),
    signUpAdmin(context, { email: ADMIN_EMAIL }),
  ]);
  [users.minor15, users.minor17, users.blocked, users.suspended] = await Promise.all([
    signUp(context, { userType: 'player', birthdate: birthdateAged(15) }),
    signUp(context, { userType: 'player', birthdate: birthdateAged(17) }),
    signUp(context, { userType: 'player' }),
    signUp(context, { userType: 'player' }),
  ]);

  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

  // Verification: one pending request, two approved through the admin's review.
  const pendingPhone = `+351 9${String(Date.now()).slice(-8)}`;
  const pendingInfo = tag('verification-info');
  const pendingEmail = `${tag('verify')}@club.test`;
  await ok(
    'unverifiedClub',
    {
      method: 'POST',
      url: '/api/me/verification',
      payload: {
        ...verificationRequestBody,
        email: pendingEmail,
        phone: pendingPhone,
        additionalInfo: pendingInfo,
      },
    },
    201,
  );
  for (const club of ['verifiedClub', 'otherVerifiedClub'] as const) {
    await ok(
      club,
      { method: 'POST', url: '/api/me/verification', payload: verificationRequestBody },
      201,
    );
  }
  const requests = (
    await ok('admin', { method: 'GET', url: '/api/admin/verification-requests?limit=50' })
  ).json<{ items: VerificationRequest[] }>().items;
  for (const club of ['verifiedClub', 'otherVerifiedClub'] as const) {
    const request = requests.find((r) => r.profile.id === users[club].session.profile.id);
    if (!request) throw new Error(`no verification request for ${club}`);
    await ok(
      'admin',
      { method: 'POST', url: `/api/admin/verification-requests/${request.id}/approve` },
      204,
    );
  }

  // The player's profile, CV, avatar, post with a photo, and a comment.
  const player = users.player;
  await ok('player', {
    method: 'PATCH',
    url: '/api/me/profile',
    payload: {
      fullName: player.input.fullName,
      username: player.input.username,
      bio: 'Left-footed winger.',
    },
  });
  await ok('player', {
    method: 'PATCH',
    url: '/api/me/cv/athlete',
    payload: { sport: 'football', birthdate: '2000-05-01', aboutPlayer: 'Quick and brave.' },
  });
  const withCareer = (
    await ok('player', {
      method: 'POST',
      url: '/api/me/cv/career',
      payload: { season: '2023/24', teamName: 'Arena U15', role: '' },
    })
  ).json<Cv>();
  const withAward = (
    await ok('player', {
      method: 'POST',
      url: '/api/me/cv/awards',
      payload: { title: 'Top scorer', description: 'Regional league', awardDate: '2024-06-01' },
    })
  ).json<Cv>();
  const avatarBody = multipartFile('file', 'me.png', 'image/png', png);
  const avatarUrl = (
    await ok('player', {
      method: 'PUT',
      url: '/api/me/avatar',
      headers: avatarBody.headers,
      payload: avatarBody.payload,
    })
  ).json<{ avatarUrl: string }>().avatarUrl;
  const postMedia = (
    await upload('player', '/api/media', 'match.png', 'image/png', png)
  ).json<MediaUpload>();
  const post = (
    await ok(
      'player',
      {
        method: 'POST',
        url: '/api/posts',
        payload: { content: 'Match day', sport: 'football', mediaId: postMedia.id },
      },
      201,
    )
  ).json<Post>();
  const comment = (
    await ok(
      'player',
      { method: 'POST', url: `/api/posts/${post.id}/comments`, payload: { content: 'Great game' } },
      201,
    )
  ).json<{ id: string }>();

  const exchanges = await seedExchanges({ users, ok, upload, tag, png });
  await seedSanctions({ users, ok, upload, tag, png });

  // The player's account security: a second factor, a linked identity, the sessions.
  const factorName = tag('factor');
  const enrolled = (
    await ok(
      'player',
      {
        method: 'POST',
        url: '/api/auth/factors',
        payload: { factorType: 'totp', friendlyName: factorName },
      },
      201,
    )
  ).json<{ factor: { id: string }; totp: { secret: string } }>();
  const linkIdentity = async (actor: Member, provider: string) => {
    const [row] = await context.database.db
      .insert(identities)
      .values({
        userId: users[actor].session.user.id,
        provider,
        subject: tag('subject'),
        email: `${tag('linked')}@idp.test`,
      })
      .returning();
    if (!row) throw new Error('the identity was not stored');
    return row.id;
  };
  const identityId = await linkIdentity('player', 'arena-idp');
  const identity = (await context.database.db.select().from(identities)).find(
    (row) => row.id === identityId,
  )!;
  const sessionsOf = async (actor: Member) =>
    (await ok(actor, { method: 'GET', url: '/api/auth/sessions' })).json<{
      sessions: { id: string; current: boolean }[];
    }>().sessions;
  const sessionId = (await sessionsOf('player')).find((s) => s.current)!.id;
  const signInAgain = async (actor: Member) => {
    const before = new Set((await sessionsOf(actor)).map((s) => s.id));
    await ok('visitor', {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: {
        email: users[actor].input.email,
        password: users[actor].input.password,
        remember: false,
      },
    });
    const added = (await sessionsOf(actor)).find((s) => !before.has(s.id));
    if (!added) throw new Error(`no new session for ${actor}`);
    return added.id;
  };

  const everyone = ACTORS;
  const secrets: Secret[] = [
    ...(Object.keys(users) as Member[]).map((actor) => ({
      value: users[actor].input.email,
      what: `${actor}'s account email`,
      visibleTo: [actor],
    })),
    ...(Object.keys(users) as Member[]).map((actor) => ({
      value: users[actor].refreshToken,
      what: `${actor}'s refresh token`,
      visibleTo: [],
    })),
    { value: users.player.input.password, what: 'a password', visibleTo: [] },
    { value: '$argon2', what: 'a password hash', visibleTo: [] },
    ...exchanges.secrets,
    { value: pendingPhone, what: 'a verification phone', visibleTo: ['admin'] },
    { value: pendingInfo, what: 'verification details', visibleTo: ['admin'] },
    { value: pendingEmail, what: 'a verification email', visibleTo: ['admin'] },
    { value: factorName, what: "the name of the player's second factor", visibleTo: ['player'] },
    { value: enrolled.factor.id, what: "the player's factor id", visibleTo: ['player'] },
    { value: enrolled.totp.secret, what: 'a TOTP secret', visibleTo: [] },
    { value: identityId, what: "the player's identity id", visibleTo: ['player'] },
    { value: identity.email!, what: "the player's linked account email", visibleTo: ['player'] },
    { value: identity.subject, what: "the player's subject at a provider", visibleTo: [] },
    { value: sessionId, what: "the player's session id", visibleTo: ['player'] },
  ];
  // Nothing above is public by accident: no secret equals something everyone may see.
  expect(secrets.every((secret) => secret.visibleTo.length < everyone.length)).toBe(true);

  return {
    context,
    users,
    headers,
    as,
    player: {
      username: player.input.username,
      postId: post.id,
      commentId: comment.id,
      careerId: withCareer.career[0]!.id,
      awardId: withAward.awards[0]!.id,
      avatarUrl,
    },
    conversationId: exchanges.conversationId,
    messageMediaUrl: exchanges.messageMediaUrl,
    unsentMessageMediaId: exchanges.unsentMessageMediaId,
    offerId: exchanges.offerId,
    otherOfferId: exchanges.otherOfferId,
    applicationId: exchanges.applicationId,
    cvUrl: exchanges.cvUrl,
    secrets,
    factorId: enrolled.factor.id,
    identityId,
    sessionId,
    linkIdentity,
    signInAgain,
    png,
    unique: tag,
  };
}
