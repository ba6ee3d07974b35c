import { Agent, request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import type WebSocket from 'ws';

import { type NotificationsSample, pairKey } from './notifications-sample.ts';
import { openSocket, text } from './realtime.ts';
import { authHeaders, type Session } from './sessions.ts';
import { percentile } from './stats.ts';

export interface NotificationsOptions {
  url: string;
  sample: NotificationsSample;
  /** Signed in, in the order of `sample.authors` and `sample.members`. */
  authorSessions: Session[];
  memberSessions: Session[];
  ratePerSecond: number;
  durationSeconds: number;
  /** Requests in flight at most; arrivals due beyond it wait, and the lag is reported. */
  maxInFlight: number;
  /** Whom to like next (`likePairs`): a warm-up and the measured run share one, no pair twice. */
  pairs: Iterator<{ m: number; a: number }>;
}

export interface NotificationsResult {
  socketsOpen: number;
  socketFailures: number;
  /** Of the authors, how many had their socket open (only theirs receive the frames measured). */
  authorSockets: number;
  /** Posts liked (one per author). */
  posts: number;
  sent: number;
  /** Likes answered 200. */
  liked: number;
  /** Other answers by status; 0 for a request that failed without one. */
  statuses: Record<string, number>;
  /** Liked per second, from the first request to the last answer. */
  perSecond: number;
  likeP50: number;
  likeP99: number;
  /** The most requests in flight, and how late the latest arrival went out for want of room. */
  maxInFlight: number;
  maxLagMs: number;
  /** `notifications.changed` frames on the authors' sockets, and likes matched to one. */
  frames: number;
  matched: number;
  deliveryP50: number;
  deliveryP99: number;
  deliveryMax: number;
  /** The brief's simpler match (the first frame after the send): a lower bound at ~10 likes/s a post. */
  nextFrameP50: number;
  nextFrameP99: number;
  benchLoopDelayP99: number;
}

/** The pairs to like, in order: round r gives each post a like from a different member. */
export function* likePairs(sample: NotificationsSample, members: number) {
  for (let round = 0; round < members; round++) {
    for (let a = 0; a < sample.authors.length; a++) {
      // For one post, member (round + 19a) mod M runs through every member once: no pair twice.
      const m = (round + a * 19) % members;
      const member = sample.members[m];
      const author = sample.authors[a];
      if (!member || !author) continue;
      if (sample.alreadyLiked.has(pairKey(member.profileId, author.postId))) continue;
      yield { m, a };
    }
  }
}

/** Opens a socket per session, 50 at a time, each subscribed to its own inbox. */
async function openInboxes(url: string, sessions: Session[]) {
  const sockets = new Array<WebSocket | null>(sessions.length).fill(null);
  let failures = 0;
  let next = 0;
  const opener = async () => {
    while (next < sessions.length) {
      const index = next++;
      const session = sessions[index] as Session;
      try {
        sockets[index] = await openSocket(url, session, [`inbox:${session.user.profileId}`]);
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: 50 }, opener));
  return { sockets, failures };
}

/** Why a request got no answer: undici puts the socket's error code under `cause`. */
export function causeOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  const own = error instanceof Error ? (error as { code?: string }).code : undefined;
  return cause?.code ?? own ?? (error instanceof Error ? error.name : 'error');
}

/**
 * The likes' client: node's own HTTP client on kept-alive connections, as many as requests in
 * flight (as fetch opens them). It costs the load generator a third of fetch's CPU a request,
 * which on two shared cores is CPU the server and PostgreSQL get back.
 */
const likesAgent = new Agent({ keepAlive: true });

/** Closes the sockets and the likes' connections once the runs are over. */
export function closeLikes({ authors, members }: NotificationSockets) {
  for (const socket of [...authors.sockets, ...members.sockets]) socket?.terminate();
  likesAgent.destroy();
}

/** A PUT without a body; resolves with the status once the answer is read through. */
function put(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'PUT', headers, agent: likesAgent }, (response) => {
      response.on('error', reject);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.resume();
    });
    req.on('error', reject);
    req.end();
  });
}

/** The first index of ascending `values` at or after `from`. */
function firstAtOrAfter(values: number[], from: number) {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((values[mid] as number) < from) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The authors' sockets, then the other members', each subscribed to its own inbox. */
export async function openNotificationSockets(
  url: string,
  authorSessions: Session[],
  memberSessions: Session[],
): Promise<NotificationSockets> {
  return {
    authors: await openInboxes(url, authorSessions),
    members: await openInboxes(url, memberSessions),
  };
}

export interface NotificationSockets {
  authors: Awaited<ReturnType<typeof openInboxes>>;
  members: Awaited<ReturnType<typeof openInboxes>>;
}

/**
 * 100 popular authors' sockets and the other members' sockets open, each on its own inbox;
 * likes of the authors' posts arrive at a fixed rate from distinct (member, post) pairs, so each
 * inserts a like and touches the author's grouped entry; each author's socket should receive one
 * `notifications.changed` per stored like.
 * Closes the sockets at the end.
 */
export async function driveLikes(
  options: NotificationsOptions,
  { authors, members }: NotificationSockets,
): Promise<NotificationsResult> {
  const { sample, authorSessions, memberSessions } = options;

  // Arrival times of the bell's frames, per author.
  const frames = authorSessions.map(() => [] as number[]);
  const listeners = authors.sockets.map((socket, a) => {
    const listener = (data: WebSocket.RawData) => {
      const received = performance.now();
      const frame = JSON.parse(text(data)) as { type: string };
      if (frame.type === 'notifications.changed') frames[a]?.push(received);
    };
    socket?.on('message', listener);
    return listener;
  });

  const { pairs } = options;
  const sends: { a: number; at: number; ok: boolean }[] = [];
  const likeTimes: number[] = [];
  const statuses: Record<string, number> = {};
  let inFlight = 0;
  let maxInFlight = 0;
  let maxLagMs = 0;
  let lastAnswer = 0;
  const pending = new Set<Promise<void>>();
  const like = (m: number, a: number) => {
    const session = memberSessions[m] as Session;
    const postId = sample.authors[a]?.postId ?? '';
    const record = { a, at: performance.now(), ok: false };
    sends.push(record);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const request = put(`${options.url}/api/posts/${postId}/like`, authHeaders(session))
      .then((status) => {
        if (status === 200) {
          record.ok = true;
          likeTimes.push(performance.now() - record.at);
        } else {
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      })
      .catch((error: unknown) => {
        // No answer: keyed by the cause's code (a reset, a timeout), so the report says which.
        const key = `0 ${causeOf(error)}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
      })
      .finally(() => {
        inFlight--;
        lastAnswer = performance.now();
        pending.delete(request);
      });
    pending.add(request);
  };

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const total = Math.round(options.ratePerSecond * options.durationSeconds);
  const started = performance.now();
  let sent = 0;
  let exhausted = false;
  await new Promise<void>((resolve) => {
    // Open loop: every 5 ms, send whatever is due by the clock, whatever the answers do.
    const timer = setInterval(() => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - started) / 1000) * options.ratePerSecond));
      while (sent < due && inFlight < options.maxInFlight) {
        const next = pairs.next();
        if (next.done) {
          exhausted = true;
          break;
        }
        maxLagMs = Math.max(maxLagMs, now - (started + (sent / options.ratePerSecond) * 1000));
        like(next.value.m, next.value.a);
        sent++;
      }
      if (sent >= total || exhausted) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  await Promise.all(pending);
  // Frames still on their way.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  loopDelay.disable();
  authors.sockets.forEach((socket, a) => socket?.off('message', listeners[a] as () => void));

  // Each stored like moves its author's bell once, and the frames carry nothing to tell whose
  // like they announce: the k-th like of an author (by send time) goes with the k-th frame.
  const deliveries: number[] = [];
  const nextFrame: number[] = [];
  let frameCount = 0;
  frames.forEach((arrivals, a) => {
    frameCount += arrivals.length;
    const likes = sends.filter((send) => send.a === a && send.ok).map((send) => send.at);
    likes.sort((x, y) => x - y);
    const count = Math.min(likes.length, arrivals.length);
    for (let k = 0; k < count; k++) deliveries.push((arrivals[k] as number) - (likes[k] as number));
    for (const at of likes) {
      const index = firstAtOrAfter(arrivals, at);
      if (index < arrivals.length) nextFrame.push((arrivals[index] as number) - at);
    }
  });
  deliveries.sort((x, y) => x - y);
  nextFrame.sort((x, y) => x - y);
  likeTimes.sort((x, y) => x - y);
  const seconds = (lastAnswer - started) / 1000;
  return {
    socketsOpen: authors.sockets.filter(Boolean).length + members.sockets.filter(Boolean).length,
    socketFailures: authors.failures + members.failures,
    authorSockets: authors.sockets.filter(Boolean).length,
    posts: sample.authors.length,
    sent,
    liked: likeTimes.length,
    statuses,
    perSecond: seconds > 0 ? likeTimes.length / seconds : 0,
    likeP50: percentile(likeTimes, 50),
    likeP99: percentile(likeTimes, 99),
    maxInFlight,
    maxLagMs,
    frames: frameCount,
    matched: deliveries.length,
    deliveryP50: percentile(deliveries, 50),
    deliveryP99: percentile(deliveries, 99),
    deliveryMax: deliveries.at(-1) ?? 0,
    nextFrameP50: percentile(nextFrame, 50),
    nextFrameP99: percentile(nextFrame, 99),
    benchLoopDelayP99: loopDelay.percentile(99) / 1e6,
  };
}
