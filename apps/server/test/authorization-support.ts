import type { Topic } from '@arena/shared/realtime';
import type { ProfileDetail } from '@arena/shared/profile.schema';
import type { VerificationRequest } from '@arena/shared/verification.schema';

import { multipartFile, signUp, verificationRequestBody } from './fixtures.ts';
import { connect, frameOf } from './realtime-client.ts';
import {
  type Actor,
  type ApiRequest,
  NAMED_ACTORS,
  type NamedActor,
  type Persona,
  type World,
} from './security-world.ts';

/*
 * What the authorization matrix's cases (authorization-cases.ts and the files it gathers) are
 * made of: the case's shape, who gets what, requests, and the steps that prepare a case.
 */

/** An HTTP status, or for the WebSocket what a subscription comes to. */
export type Outcome = number | 'subscribed' | 'refused' | 'closed 4401';
/**
 * What each caller gets. The named callers are always listed; a persona (security-world.ts) only
 * where it differs from its default: the minors and the blocked member get what another adult
 * player gets (they own nothing in the world), the suspended member a 401 (their sessions ended).
 * Every persona is still sent every request, so a default that stops holding fails the matrix.
 */
export type Expected = Record<NamedActor, Outcome> & Partial<Record<Persona, Outcome>>;

export function expectedOf(expected: Expected, actor: Actor): Outcome {
  if (actor === 'minor15' || actor === 'minor17' || actor === 'blocked') {
    return expected[actor] ?? expected.otherPlayer;
  }
  if (actor === 'suspended') return expected[actor] ?? 401;
  return expected[actor];
}
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

/** Every named caller gets `outcome` (the personas their default, unless `except` says). */
export const everyone = (outcome: Outcome, except: Partial<Expected> = {}): Expected => ({
  ...(Object.fromEntries(NAMED_ACTORS.map((actor) => [actor, outcome])) as Expected),
  ...except,
});

/**
 * A route that never looks at who calls: every caller gets `outcome`, even with an access token
 * whose session ended (the suspended member's).
 */
export const ignoresCaller = (outcome: Outcome, except: Partial<Expected> = {}): Expected =>
  everyone(outcome, { suspended: outcome, ...except });

/** Signed-in callers get `outcome` unless listed; visitors 401. */
export const members = (outcome: Outcome, except: Partial<Expected> = {}): Expected => ({
  ...everyone(outcome),
  visitor: 401,
  ...except,
});

/** Only verified clubs and admins post offers and see what they received. */
export const posters = (outcome: Outcome): Expected => ({
  visitor: 401,
  player: 403,
  otherPlayer: 403,
  unverifiedClub: 403,
  verifiedClub: outcome,
  otherVerifiedClub: outcome,
  admin: outcome,
});

export const get = (url: string): ApiRequest => ({ method: 'GET', url });
export const json = (method: ApiRequest['method'], url: string, payload?: object): ApiRequest => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});
export const file = (
  url: string,
  name: string,
  type: string,
  bytes: Buffer,
  method: ApiRequest['method'] = 'POST',
): ApiRequest => {
  const body = multipartFile('file', name, type, bytes);
  return { method, url, headers: body.headers, payload: body.payload };
};

export const profileId = (world: World, actor: Actor) =>
  actor === 'visitor' ? null : world.users[actor].session.profile.id;

/** The player's avatar URL as their profile shows it now. */
export async function currentAvatar(world: World): Promise<string> {
  const profile = await must(world, 'visitor', get(`/api/profiles/${world.player.username}`));
  const url = profile.json<ProfileDetail>().avatarUrl;
  if (!url) throw new Error('the player has no avatar');
  return url;
}

/** Runs a request as `actor` and expects success; for preparing a case. */
export async function must(world: World, actor: Actor, options: ApiRequest) {
  const response = await world.as(actor, options);
  if (response.statusCode >= 300) {
    throw new Error(`preparing ${options.method} ${options.url}: ${response.body}`);
  }
  return response;
}

/** A club with a pending verification request, or an approved one. */
export async function clubRequest(world: World, approved: boolean): Promise<Prepared> {
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

export async function verifiedAfter(world: World, prepared: Prepared) {
  const profile = (
    await world.as('visitor', get(`/api/profiles/${prepared.username}`))
  ).json<ProfileDetail>();
  return profile.verified;
}

/** Subscribes to a topic over the WebSocket as `actor` and reports what came of it. */
export async function subscribe(world: World, actor: Actor, topic: Topic): Promise<Outcome> {
  const client = await connect(world.context.app);
  try {
    if (actor !== 'visitor') {
      client.send({ type: 'auth', token: world.users[actor].session.accessToken });
      // A token whose session ended is refused at once: the socket closes instead.
      const refused = await Promise.race([
        client.next(frameOf('ready')).then(() => null),
        client.closed.then(({ code }) => `closed ${code}` as const),
      ]);
      if (refused) return refused as Outcome;
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

/** A route that never looks at who calls (sign-in's, the docs, health). */
export const publicRoute = (name: string, url: string, outcome: Outcome = 200): MatrixCase[] => [
  { name, request: () => get(url), expect: ignoresCaller(outcome) },
];
