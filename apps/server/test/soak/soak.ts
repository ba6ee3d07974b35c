/**
 * `npm run soak`: the real server under a steady mixed load for SOAK_MINUTES (default 10):
 * readers, writers (posts, comments, likes, messages), uploads, and WebSocket clients that
 * reconnect now and then, with tokens refreshed as the web app does. Every request must succeed
 * and every socket stay up, and the server's memory must not grow. Every few seconds the server
 * (loaded with `memory-report.ts`) collects its garbage and reports its memory; the median of the
 * last minute is compared with the median of the first minute after the warm-up:
 * - the heap after a full collection (what the server's own objects hold) may grow by at most
 *   SOAK_HEAP_TOLERANCE (default 0.1, i.e. 10 %): a leak in the server's code shows here;
 * - the resident memory (RSS) by at most SOAK_RSS_TOLERANCE (default 0.2). RSS also holds the
 *   embedded database's memory, which grows in steps as the data grows and is never given back
 *   (a WebAssembly memory cannot shrink), so it gets more room; it still catches a native leak.
 *
 * Runs on a fresh embedded database in a temporary DATA_DIR, or on SOAK_DATABASE_URL (an empty
 * PostgreSQL database). Exits 1 on any error or on memory growth, after printing a report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  addComment,
  ApiFailure,
  createPost,
  hit,
  type Member,
  openConversation,
  refreshMember,
  sendMessage,
  setLiked,
  signUpMember,
  uploadPhoto,
} from '../live/api-client.ts';
import { LiveSocket } from '../live/realtime-socket.ts';
import { startServer } from '../live/server-process.ts';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`${name} must be a positive number, not "${raw}"\n`);
    process.exit(2);
  }
  return value;
}

const minutes = numberFromEnv('SOAK_MINUTES', 10);
const durationMs = minutes * 60_000;
/** Start-up, JIT, caches and connection pools settle first; a fifth of the run, 1 to 2 minutes. */
const warmupMs = Math.min(120_000, Math.max(60_000, durationMs / 5));
/** The windows compared: the minute after the warm-up and the last minute. */
const windowMs = 60_000;
const tolerances = {
  heapUsed: numberFromEnv('SOAK_HEAP_TOLERANCE', 0.1),
  rss: numberFromEnv('SOAK_RSS_TOLERANCE', 0.2),
};
const memoryReport = path.join(import.meta.dirname, 'memory-report.ts');
const sampleEveryMs = 5_000;
const refreshEveryMs = 10 * 60_000;

if (durationMs < warmupMs + 2 * windowMs) {
  process.stderr.write(
    `SOAK_MINUTES=${minutes} is too short: the warm-up (${warmupMs / 60_000} min) and two one-minute windows must fit.\n`,
  );
  process.exit(2);
}

const counts = new Map<string, number>();
const errors: string[] = [];
let errorCount = 0;
const count = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1);
const problem = (what: string) => {
  errorCount += 1;
  if (errors.length < 20) errors.push(`${new Date().toISOString()} ${what}`);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

interface MemorySample {
  at: number;
  rss: number;
  heapUsed: number;
  external: number;
}

/** The `soak-memory {…}` lines the server wrote so far (`memory-report.ts`). */
function memoryReports(output: string): MemorySample[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('soak-memory '))
    .map((line) => JSON.parse(line.slice('soak-memory '.length)) as MemorySample);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-soak-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    RATE_LIMITS: 'relaxed',
    NODE_OPTIONS: `--import=${memoryReport}`,
  };
  if (process.env.SOAK_DATABASE_URL) env.DATABASE_URL = process.env.SOAK_DATABASE_URL;
  const server = await startServer(env);
  // Interrupted (Ctrl-C, CI cancelled): take the server and the temporary data down too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  }
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  const { base } = server;
  process.stdout.write(
    `soak: ${minutes} min against ${base} on ${env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${dataDir}`} (pid ${pid})\n`,
  );

  // The cast: eight members in four conversations, a few posts to read from the start.
  const members: Member[] = [];
  for (let i = 0; i < 8; i += 1) members.push(await signUpMember(base, 's'));
  const conversations: { id: string; a: Member; b: Member }[] = [];
  for (let i = 0; i < members.length; i += 2) {
    const a = members[i] as Member;
    const b = members[i + 1] as Member;
    conversations.push({ id: await openConversation(base, a, b), a, b });
  }
  const postIds: string[] = [];
  for (const member of members) postIds.push((await createPost(base, member, 'Warming up')).id);

  const started = Date.now();
  const deadline = started + durationMs;
  const running = () => Date.now() < deadline;

  /** Runs `step` every `everyMs` until the end, counting successes and recording failures. */
  const loop = async (
    name: string,
    everyMs: number,
    step: () => Promise<void>,
    { waitFirst = false } = {},
  ) => {
    if (waitFirst) await sleep(Math.min(everyMs, deadline - Date.now()));
    while (running()) {
      const began = Date.now();
      try {
        await step();
        count(name);
      } catch (error) {
        problem(
          `${name}: ${error instanceof ApiFailure ? error.message : String(error)}`.slice(0, 500),
        );
      }
      // Never past the end: a loop with a long period must not hold the run open.
      await sleep(Math.max(0, Math.min(everyMs - (Date.now() - began), deadline - Date.now())));
    }
  };

  const readers = members.slice(0, 4).map((member) =>
    loop('read', 150, async () => {
      switch (Math.floor(Math.random() * 6)) {
        case 0:
          return hit(base, '/api/feed', { token: member.accessToken });
        case 1:
          return hit(base, `/api/posts/${pick(postIds)}`, { token: member.accessToken });
        case 2:
          return hit(base, `/api/profiles/${pick(members).username}`, {
            token: member.accessToken,
          });
        case 3:
          return hit(base, `/api/posts/${pick(postIds)}/comments`);
        case 4:
          return hit(base, '/api/conversations', { token: member.accessToken });
        default:
          return hit(base, '/api/people/search?q=load', { token: member.accessToken });
      }
    }),
  );

  const writers = members.slice(4).map((member, index) =>
    loop('write', 400, async () => {
      const roll = Math.random();
      if (roll < 0.25) {
        const post = await createPost(base, member, `Soak post ${Date.now()} by ${index}`);
        postIds.push(post.id);
        // Keep the set of posts readers pick from bounded.
        if (postIds.length > 500) postIds.splice(0, postIds.length - 500);
      } else if (roll < 0.5) {
        await addComment(base, member, pick(postIds), `Soak comment ${Date.now()}`);
      } else if (roll < 0.75) {
        await setLiked(base, member, pick(postIds), Math.random() < 0.5);
      } else {
        const conversation = pick(conversations);
        const from = Math.random() < 0.5 ? conversation.a : conversation.b;
        await sendMessage(base, from, conversation.id, `Soak message ${Date.now()}`);
      }
    }),
  );

  const uploader = loop('upload', 2_000, async () => {
    const member = pick(members);
    const photo = await uploadPhoto(base, member);
    postIds.push((await createPost(base, member, 'A photo from the soak', photo.id)).id);
  });

  // One socket per member: the feed, its inbox and its conversation.
  const sockets = members.map((member) => {
    const conversation = conversations.find((c) => c.a === member || c.b === member);
    return new LiveSocket(
      base,
      () => member.accessToken,
      ['feed', `inbox:${member.profileId}`, `conversation:${conversation?.id ?? ''}`],
      problem,
    );
  });
  await Promise.all(sockets.map((socket) => socket.open()));
  // Now and then a socket goes away and comes back (a tab closed and reopened).
  const churn = loop('reconnect', 15_000, async () => {
    const socket = pick(sockets);
    await socket.close();
    await socket.open();
  });
  const pings = loop('ping', 20_000, async () => {
    for (const socket of sockets) socket.ping();
  });
  // Access tokens live 15 minutes: refresh them as the web app does, and tell the sockets.
  const refreshes = loop(
    'refresh',
    refreshEveryMs,
    async () => {
      for (const member of members) await refreshMember(base, member);
      for (const socket of sockets) socket.reauthenticate();
    },
    { waitFirst: true },
  );

  const samples: MemorySample[] = [];
  const sampler = loop('sample', sampleEveryMs, async () => {
    const seen = started + (samples.at(-1)?.at ?? -Infinity);
    const latest = memoryReports(server.output()).filter((s) => s.at > seen);
    for (const sample of latest) samples.push({ ...sample, at: sample.at - started });
    const last = samples.at(-1);
    if (latest.length > 0 && samples.length % 12 === 0 && last)
      process.stdout.write(
        `soak: ${((Date.now() - started) / 60_000).toFixed(1)} min, RSS ${mb(last.rss)}, heap ${mb(last.heapUsed)}, ${errorCount} errors\n`,
      );
  });

  await Promise.all([...readers, ...writers, uploader, churn, pings, refreshes, sampler]);
  await Promise.all(sockets.map((socket) => socket.close()));
  const events = sockets.reduce((sum, socket) => sum + socket.events, 0);

  server.child.kill('SIGTERM');
  const exit = await server.exited;
  if (exit.code !== 0)
    problem(`the server exited with ${JSON.stringify(exit)}:\n${server.output()}`);
  rmSync(dataDir, { recursive: true, force: true });

  const first = samples.filter((s) => s.at >= warmupMs && s.at < warmupMs + windowMs);
  const last = samples.filter((s) => s.at >= durationMs - windowMs);
  const growthOf = (measure: 'rss' | 'heapUsed') => {
    const baseline = median(first.map((s) => s[measure]));
    const final = median(last.map((s) => s[measure]));
    const growth = baseline > 0 ? (final - baseline) / baseline : 0;
    const peak = Math.max(...samples.map((s) => s[measure]));
    const name = measure === 'rss' ? 'RSS' : 'heap after GC';
    return {
      measure,
      name,
      growth,
      line: `soak: ${name} after warm-up ${mb(baseline)}, last minute ${mb(final)} (${(growth * 100).toFixed(1)} %, tolerance ${(tolerances[measure] * 100).toFixed(0)} %), peak ${mb(peak)}`,
    };
  };
  const growths = [growthOf('heapUsed'), growthOf('rss')];

  process.stdout.write(
    [
      '',
      `soak: ${minutes} min, ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ')}, ${events} realtime events heard`,
      ...growths.map((g) => g.line),
      `soak: every minute, RSS / heap: ${samples
        .filter((_, i) => i % 12 === 0)
        .map((s) => `${mb(s.rss)} / ${mb(s.heapUsed)}`)
        .join(', ')}`,
      `soak: ${errorCount} errors${errors.length ? `:\n  ${errors.join('\n  ')}` : ''}`,
      '',
    ].join('\n'),
  );

  let failed = false;
  if (errorCount > 0) failed = true;
  if (events === 0) {
    process.stdout.write('soak: FAILED, the realtime clients heard no events\n');
    failed = true;
  }
  if (first.length === 0 || last.length === 0) {
    process.stdout.write('soak: FAILED, too few memory samples\n');
    failed = true;
  } else {
    for (const { measure, name, growth } of growths) {
      if (growth <= tolerances[measure]) continue;
      process.stdout.write(`soak: FAILED, the server’s ${name} grew beyond the tolerance\n`);
      failed = true;
    }
  }
  process.stdout.write(failed ? 'soak: FAILED\n' : 'soak: passed\n');
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
