/**
 * `npm run bench:video`: how long a post video takes to be made playable on this machine, what
 * the server holds meanwhile, and what other members' feeds feel while it runs (issue 28). See
 * bench/README.md, "The video scenario".
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';

import { loadConfig } from '@arena/server/src/config.ts';
import { findTool } from '@arena/server/src/modules/media/ffmpeg-tools.ts';

import { connect } from '../seed/connection.ts';
import { benchTarget, presetOf, seedForSmoke } from './bench-target.ts';
import { describeMachine, loadAverage } from './environment.ts';
import { runHttp, type HttpResult } from './http-run.ts';
import { HTTP_SCENARIOS } from './http-scenarios.ts';
import { writeResults } from './report.ts';
import { drawSample } from './sample.ts';
import { SERVER_DIR, startServer } from './server.ts';
import { authHeaders, type Session, signInAll } from './sessions.ts';

const BENCH_DIR = fileURLToPath(new URL('../../', import.meta.url));
const feed = HTTP_SCENARIOS.find((scenario) => scenario.name === 'feed');

/**
 * A 1080p, 30 fps clip with sound from ffmpeg's test sources, written to `file`, at a phone's
 * 8 Mbit/s (a minute is 60 MB, within the 100 MB a post takes).
 */
async function makeClip(file: string, seconds: number) {
  const ffmpeg = await findTool('ffmpeg');
  await promisify(execFile)(ffmpeg.path, [
    ...['-hide_banner', '-v', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '8M', '-maxrate', '8M'],
    ...['-bufsize', '16M', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-f', 'mp4', file],
  ]);
}

async function postVideo(url: string, session: Session, clip: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const uploaded = await fetch(`${url}/api/media`, {
    method: 'POST',
    headers: authHeaders(session),
    body: form,
  });
  if (uploaded.status !== 201)
    throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const { id } = (await uploaded.json()) as { id: string };
  const posted = await fetch(`${url}/api/posts`, {
    method: 'POST',
    headers: { ...authHeaders(session), 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'Bench highlight', sport: 'football', mediaId: id }),
  });
  if (posted.status !== 201) throw new Error(`post: ${posted.status} ${await posted.text()}`);
  return ((await posted.json()) as { id: string }).id;
}

/** Waits until the post's video is no longer processing; answers its final state. */
async function settled(url: string, session: Session, postId: string): Promise<string> {
  for (;;) {
    const response = await fetch(`${url}/api/posts/${postId}`, { headers: authHeaders(session) });
    const post = (await response.json()) as { video: { status: string } | null };
    const status = post.video?.status ?? 'removed (failed)';
    if (status !== 'processing') return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const row = (name: string, result: HttpResult) =>
  `| ${name} | ${Math.round(result.perSecond)} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.non2xx + result.errors} |`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string' },
      connections: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      port: { type: 'string' },
      smoke: { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const smoke = values.smoke;
  const seconds = Number(values.seconds ?? (smoke ? 3 : 60));
  const connections = Number(values.connections ?? (smoke ? 2 : 8));
  const windowSeconds = Number(values.duration ?? (smoke ? 2 : 20));
  // A steady load the machine answers with room to spare, as a site's traffic is: a closed loop
  // that keeps both cores busy would make any other work, a transcode included, a queue.
  const rate = Number(values.rate ?? (smoke ? 50 : 300));
  const port = Number(values.port ?? 4391);
  if (!feed) throw new Error('The feed scenario is missing');

  process.chdir(SERVER_DIR);
  const config = loadConfig();
  const scratch = mkdtempSync(path.join(tmpdir(), 'arena-bench-video-'));
  const target = benchTarget(config, smoke ? scratch : null);
  try {
    const db = await connect(target);
    if (smoke) await seedForSmoke(db);
    const sample = await drawSample(db, { users: 50, sockets: 0 });
    await db.close();
    const preset = presetOf(sample.counts.users ?? 0);
    if (sample.users.length < 2) throw new Error('Seed the database first (npm run seed).');

    const clip = path.join(scratch, 'clip.mp4');
    process.stdout.write(`Making a ${seconds} s 1080p clip…\n`);
    await makeClip(clip, seconds);

    const server = await startServer({
      port,
      databaseUrl: target.kind === 'postgres' ? target.url : undefined,
      dataDir: target.kind === 'pglite' ? path.dirname(target.dataDir ?? '') : config.dataDir,
      poolSize: 10,
      logLevel: 'warn',
      nodeFlags: [],
    });
    try {
      const sessions = await signInAll(server.url, sample.users);
      const [uploader, ...readers] = sessions as [Session, ...Session[]];
      const context = { url: server.url, sample, sessions: readers };
      const load = { connections, durationSeconds: windowSeconds, rate };
      await runHttp(feed, context, { ...load, durationSeconds: smoke ? 1 : 3 });
      process.stdout.write('Feed without a transcode…\n');
      const quiet = await runHttp(feed, context, load);

      server.resetPeak();
      const started = Date.now();
      const postId = await postVideo(server.url, uploader, clip);
      const done = settled(server.url, uploader, postId).then((status) => ({
        status,
        seconds: (Date.now() - started) / 1000,
      }));
      process.stdout.write('Feed while the video is transcoded…\n');
      const busy = await runHttp(feed, context, load);
      const result = await done;
      const peak = server.peakRssBytes();

      const change = busy.p99 / Math.max(quiet.p99, 1) - 1;
      const machine = describeMachine();
      const section = [
        `## Video processing (issue 28): ${target.kind === 'postgres' ? 'PostgreSQL' : 'embedded database'}, ${preset}`,
        '',
        `${new Date().toISOString().slice(0, 10)}, ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load average ${loadAverage()[0].toFixed(1)} at the end. A ${seconds} s 1920×1080 30 fps clip (H.264 + AAC from ffmpeg's test sources) posted through the API; the feed's first page at ${rate} requests/s over ${connections} connections for ${windowSeconds} s before, and from the upload on.`,
        '',
        `- Video: **${result.status}** after **${result.seconds.toFixed(1)} s**, **${(result.seconds / seconds).toFixed(2)} s of processing per second of video** (probe, transcode to 1080p and 720p, poster, storing).`,
        `- Server's peak RSS from the upload to the end of the window: ${(peak / 1024 / 1024).toFixed(0)} MB (ffmpeg runs in a process of its own).`,
        `- Feed p99 while it ran: ${ms(busy.p99)} against ${ms(quiet.p99)} (${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)} %; goal within +20 %)${result.seconds < windowSeconds ? ', though the transcode ended before the window did' : ''}.`,
        '',
        '| Feed | req/s | p50 | p99 | errors |',
        '| --- | ---: | ---: | ---: | ---: |',
        row('no transcode', quiet),
        row('one transcode', busy),
      ].join('\n');
      process.stdout.write(`\n${section}\n`);
      if (!values['no-write'] && !smoke) {
        writeResults(path.join(BENCH_DIR, 'RESULTS.md'), `video-${target.kind}-${preset}`, section);
      }
      const failed = result.status !== 'ready' || busy.non2xx + busy.errors > 0;
      return failed ? 1 : 0;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

process.exitCode = await main();
