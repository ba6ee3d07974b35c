import { monitorEventLoopDelay } from 'node:perf_hooks';

import type WebSocket from 'ws';

import type { SeedConnection } from '../seed/connection.ts';
import { openSocket, text } from './realtime.ts';
import type { BenchUser } from './sample.ts';
import { authHeaders, type Session, signInAll } from './sessions.ts';
import { percentile } from './stats.ts';

/**
 * Fan-out (issue 26): one member with many followers posts while thousands of members listen to
 * their feeds. Only the author's followers who are online should hear of each post, at once, and
 * nobody should need to ask the server anything because of it.
 */
export interface FanoutSample {
  author: BenchUser;
  /** Every listening member; the first `followersOnline` of them follow the author. */
  listeners: BenchUser[];
  followersOnline: number;
  /** Followers of the author in all, online or not. */
  followersTotal: number;
  /** Members whose follow of the author the bench added, to take away afterwards. */
  added: string[];
  /** Listeners meant not to follow the author who did: their follows come back afterwards. */
  removed: string[];
}

export interface FanoutResult {
  socketsOpen: number;
  socketFailures: number;
  followersOnline: number;
  followersTotal: number;
  posts: number;
  intervalMs: number;
  postP50: number;
  postP99: number;
  expected: number;
  delivered: number;
  /** Notices that reached a listener who does not follow the author: must be none. */
  strays: number;
  p50: number;
  p99: number;
  max: number;
  benchLoopDelayP99: number;
}

const listenerColumns = `u.email, u.id AS "userId", p.id AS "profileId", p.username`;

/** Members who may sign in: not banned, not suspended. */
const ableToSignIn = `u.banned_at IS NULL AND (u.suspended_until IS NULL OR u.suspended_until < now())`;

/**
 * Chooses the author and the listeners, and makes the author followed by `followersTotal`
 * members, the first `followersOnline` listeners among them (follows added here are listed in
 * `added` and taken away by {@link removeFanoutFollows}).
 */
export async function prepareFanout(
  db: SeedConnection,
  sizes: { sockets: number; followersOnline: number; followersTotal: number },
): Promise<FanoutSample> {
  const [author] = await db.query<BenchUser>(
    `SELECT ${listenerColumns} FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE ${ableToSignIn} ORDER BY md5(p.id::text || 'fanout-author') LIMIT 1`,
  );
  if (!author) throw new Error('The database has no members: seed it first.');
  // Listeners with no block or mute between them and the author: every follower online among
  // them should hear every post.
  const listeners = await db.query<BenchUser>(
    `SELECT ${listenerColumns} FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE ${ableToSignIn} AND p.id <> $1::uuid
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id, b.blocked_id) IN ((p.id, $1::uuid), ($1::uuid, p.id)))
        AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = p.id AND m.muted_id = $1::uuid)
      ORDER BY md5(p.id::text || 'fanout') LIMIT $2`,
    [author.profileId, sizes.sockets],
  );
  const followersOnline = Math.min(sizes.followersOnline, listeners.length);
  const online = listeners.slice(0, followersOnline).map((listener) => listener.profileId);
  const offline = listeners.slice(followersOnline).map((listener) => listener.profileId);
  // The listeners who must not follow the author stop following for the run, and come back after.
  const removed = await db.query<{ id: string }>(
    `DELETE FROM follows WHERE following_id = $1::uuid AND follower_id = ANY($2::uuid[])
     RETURNING follower_id AS id`,
    [author.profileId, offline],
  );
  const added = await db.query<{ id: string }>(
    `INSERT INTO follows (follower_id, following_id)
     SELECT id, $1::uuid FROM unnest($2::uuid[]) AS chosen(id)
     ON CONFLICT DO NOTHING RETURNING follower_id AS id`,
    [author.profileId, online],
  );
  const [{ n: already } = { n: 0 }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM follows WHERE following_id = $1::uuid`,
    [author.profileId],
  );
  // Followers who are not online, up to the total.
  const more = await db.query<{ id: string }>(
    `INSERT INTO follows (follower_id, following_id)
     SELECT p.id, $1::uuid FROM profiles p
      WHERE p.id <> $1::uuid AND p.id <> ALL($2::uuid[])
        AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = p.id AND f.following_id = $1::uuid)
      ORDER BY md5(p.id::text || 'fanout-offline') LIMIT $3
     ON CONFLICT DO NOTHING RETURNING follower_id AS id`,
    [author.profileId, offline, Math.max(0, sizes.followersTotal - already)],
  );
  const [{ n: followersTotal } = { n: 0 }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM follows WHERE following_id = $1::uuid`,
    [author.profileId],
  );
  return {
    author,
    listeners,
    followersOnline,
    followersTotal,
    added: [...added, ...more].map((row) => row.id),
    removed: removed.map((row) => row.id),
  };
}

/** Leaves the author's follows as they were before {@link prepareFanout}. */
export async function restoreFanoutFollows(db: SeedConnection, sample: FanoutSample) {
  await db.query(
    `DELETE FROM follows WHERE following_id = $1::uuid AND follower_id = ANY($2::uuid[])`,
    [sample.author.profileId, sample.added],
  );
  await db.query(
    `INSERT INTO follows (follower_id, following_id)
     SELECT id, $1::uuid FROM unnest($2::uuid[]) AS back(id) ON CONFLICT DO NOTHING`,
    [sample.author.profileId, sample.removed],
  );
}

export interface FanoutOptions {
  url: string;
  sample: FanoutSample;
  author: Session;
  /** The listeners' sessions, in the order of `sample.listeners`. */
  sessions: Session[];
  posts: number;
  /** Time between two posts. */
  intervalMs: number;
}

const MARK = 'fanout-bench:';

/**
 * Opens a socket per listener on the feed, then the author posts `posts` times through the API;
 * the latency of a notice is from just before its POST to its frame on a follower's socket.
 */
export async function runFanout(options: FanoutOptions): Promise<FanoutResult> {
  const { sample, sessions } = options;
  const follower = new Set(
    sample.listeners.slice(0, sample.followersOnline).map((user) => user.profileId),
  );
  const sockets: { socket: WebSocket; profileId: string }[] = [];
  let socketFailures = 0;
  let next = 0;
  const opener = async () => {
    while (next < sessions.length) {
      const session = sessions[next++] as Session;
      try {
        const socket = await openSocket(options.url, session, ['feed']);
        sockets.push({ socket, profileId: session.user.profileId });
      } catch {
        socketFailures++;
      }
    }
  };
  await Promise.all(Array.from({ length: 50 }, opener));
  const followersOpen = sockets.filter((entry) => follower.has(entry.profileId)).length;

  const postedAt = new Map<string, number>();
  /** Notices that arrived before their POST answered, by post id: matched once it does. */
  const early = new Map<string, number[]>();
  const deliveries: number[] = [];
  let strays = 0;
  for (const { socket, profileId } of sockets) {
    socket.on('message', (data) => {
      const received = performance.now();
      const frame = JSON.parse(text(data)) as { type: string; post?: { id: string } };
      if (frame.type !== 'post.created' || !frame.post) return;
      if (!follower.has(profileId)) {
        strays++;
        return;
      }
      const id = frame.post.id;
      const at = postedAt.get(id);
      if (at === undefined) early.set(id, [...(early.get(id) ?? []), received]);
      else deliveries.push(received - at);
    });
  }

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const postTimes: number[] = [];
  for (let index = 0; index < options.posts; index++) {
    const started = performance.now();
    const response = await fetch(`${options.url}/api/posts`, {
      method: 'POST',
      headers: { ...authHeaders(options.author), 'content-type': 'application/json' },
      body: JSON.stringify({ content: `${MARK}${index}`, sport: 'football' }),
    });
    const body = (await response.json()) as { id?: string };
    if (response.status !== 201 || !body.id) throw new Error(`Posting failed: ${response.status}`);
    postTimes.push(performance.now() - started);
    postedAt.set(body.id, started);
    for (const received of early.get(body.id) ?? []) deliveries.push(received - started);
    early.delete(body.id);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
  // Notices still on their way.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  loopDelay.disable();
  for (const { socket } of sockets) socket.terminate();

  deliveries.sort((a, b) => a - b);
  postTimes.sort((a, b) => a - b);
  return {
    socketsOpen: sockets.length,
    socketFailures,
    followersOnline: followersOpen,
    followersTotal: sample.followersTotal,
    posts: options.posts,
    intervalMs: options.intervalMs,
    postP50: percentile(postTimes, 50),
    postP99: percentile(postTimes, 99),
    expected: followersOpen * options.posts,
    delivered: deliveries.length,
    strays,
    p50: percentile(deliveries, 50),
    p99: percentile(deliveries, 99),
    max: deliveries.at(-1) ?? 0,
    benchLoopDelayP99: loopDelay.percentile(99) / 1e6,
  };
}

/** The section of bench/RESULTS.md for one fan-out run. */
function renderFanoutReport(run: {
  date: string;
  machine: string;
  database: string;
  preset: string;
  result: FanoutResult;
}): string {
  const r = run.result;
  const met = r.p99 <= 200 && r.delivered >= r.expected && r.strays === 0;
  return [
    `### Fan-out of new posts, ${run.database}, \`${run.preset}\` preset — ${run.date}`,
    '',
    `- Machine: ${run.machine}.`,
    `- ${r.socketsOpen} sockets on the feed (${r.socketFailures} failed to open); the author has ${r.followersTotal.toLocaleString('en')} followers, ${r.followersOnline.toLocaleString('en')} of them among the sockets; ${r.posts} posts through the API, ${r.intervalMs} ms apart.`,
    `- The listeners only listen: what a browser does on a notice (nothing until the reader asks to see the new posts) is held by \`apps/web/src/features/feed/feed-live.test.tsx\`.`,
    '',
    '| Notices expected | Delivered | To non-followers | p50 ms | p99 ms | Max ms | POST p50 / p99 ms | Bench loop delay p99 ms | Target | Met |',
    '| --: | --: | --: | --: | --: | --: | --: | --: | --- | --- |',
    `| ${r.expected} | ${r.delivered} | ${r.strays} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.max.toFixed(0)} | ${r.postP50.toFixed(0)} / ${r.postP99.toFixed(0)} | ${r.benchLoopDelayP99.toFixed(0)} | p99 ≤ 200 ms, none astray | ${met ? 'yes' : '**no**'} |`,
    '',
  ].join('\n');
}

/** What the smoke check holds a fan-out run to: every notice to every follower, none astray. */
function fanoutSmokeFailures(r: FanoutResult): string[] {
  const failures: string[] = [];
  if (r.socketFailures > 0) failures.push(`fanout: ${r.socketFailures} sockets failed`);
  if (r.followersOnline === 0) failures.push('fanout: no follower among the sockets');
  if (r.delivered < r.expected)
    failures.push(`fanout: ${r.delivered} of ${r.expected} notices delivered`);
  if (r.strays > 0) failures.push(`fanout: ${r.strays} notices reached non-followers`);
  return failures;
}

/**
 * The bench's fan-out part: signs in the author and the listeners, runs the posts, and returns
 * the section of bench/RESULTS.md with, for a smoke check, what failed.
 */
export async function fanoutPhase(options: {
  url: string;
  sample: FanoutSample;
  smoke: boolean;
  /** The run's heading facts, as the section shows them. */
  run: { date: string; machine: string; database: string; preset: string };
  log: (line: string) => void;
}): Promise<{ section: string; failures: string[] }> {
  const { url, sample, smoke } = options;
  options.log(`Signing in ${sample.listeners.length + 1} members for the fan-out…\n`);
  const [author, ...listeners] = await signInAll(url, [sample.author, ...sample.listeners]);
  options.log(
    `Fan-out: ${listeners.length} sockets, ${sample.followersOnline} of them following an author with ${sample.followersTotal} followers…\n`,
  );
  const result = await runFanout({
    url,
    sample,
    author: author as Session,
    sessions: listeners,
    posts: smoke ? 3 : 10,
    intervalMs: smoke ? 200 : 1000,
  });
  return {
    section: renderFanoutReport({ ...options.run, result }),
    failures: smoke ? fanoutSmokeFailures(result) : [],
  };
}
