import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { databaseKinds } from '../harness.ts';

import { type Member, signUpMember } from '../live/api-client.ts';
import { type ServerProcess, startServer } from '../live/server-process.ts';

/**
 * Hostile pictures against the real server process (`src/main.ts`, as `npm start` runs it):
 * pictures are decoded in the image pool, never on the event loop, so the server keeps
 * answering while they are worked on, and its memory stays bounded and comes back after.
 */

const MB = 1024 * 1024;
/** What a burst of hostile pictures may add to the server's memory at its peak. */
const PEAK_BUDGET = 300 * MB;
/** How long `/api/health` may take while they are worked on, nine answers in ten. */
const HEALTH_BUDGET_MS = 100;
/**
 * How long any one answer may take. A picture decoded on the event loop holds it for seconds;
 * a lone answer of 168 ms among fast ones was the machine's scheduler (CI, once), not the server.
 */
const HEALTH_CEILING_MS = 400;
/** The pool lets idle workers go after 5 s (IMAGE_POOL.idleTimeoutMs); then memory is back. */
const SETTLE_MS = 8_000;

const fixtures = path.join(import.meta.dirname, '../fixtures');
/** 38 KB that declare 8,000 × 8,000 pixels: over the 50 MP limit, refused from the header. */
const heic8000 = readFileSync(path.join(fixtures, 'flat-8000x8000.heic'));
/** 10 KB that declare 4,000 × 4,000 pixels: allowed, and seconds of HEVC decoding. */
const heic4000 = readFileSync(path.join(fixtures, 'flat-4000x4000.heic'));

const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-image-budget-'));
let server: ServerProcess | undefined;
let member: Member;
/** 7,000 × 7,000 pixels (49 MP, just under the limit) in a small PNG, as the audit sent. */
let png7000: Buffer;

function running(): ServerProcess {
  if (!server) throw new Error('the server did not start');
  return server;
}

function rss(): number {
  const status = readFileSync(`/proc/${running().child.pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (!kb) throw new Error('no VmRSS for the server process');
  return Number(kb) * 1024;
}

async function upload(bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${running().base}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.accessToken}` },
    body: form,
  });
  const body: unknown = await response.json();
  return { status: response.status, body };
}

/** Samples health latency and memory every 25 ms until `done` settles. */
async function watch<T>(done: Promise<T>) {
  const state = { finished: false };
  const samples = { healthMs: [] as number[], rss: [] as number[] };
  const watching = (async () => {
    while (!state.finished) {
      const started = performance.now();
      const response = await fetch(`${running().base}/api/health`);
      await response.arrayBuffer();
      samples.healthMs.push(performance.now() - started);
      samples.rss.push(rss());
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const result = await done.finally(() => (state.finished = true));
  await watching;
  return { result, samples };
}

/** The 8,000² HEIC and seven 7,000² PNGs, all at once, as the audit sent them. */
function hostileBurst() {
  return Promise.all([
    upload(heic8000, 'a.heic', 'image/heic'),
    ...Array.from({ length: 7 }, (_, i) => upload(png7000, `p${i}.png`, 'image/png')),
  ]);
}

/** The server kept answering: nine health checks in ten within budget, none past the ceiling. */
function expectAnswering(healthMs: number[]) {
  const sorted = healthMs.toSorted((a, b) => a - b);
  const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? Infinity;
  const slowest = sorted.at(-1) ?? Infinity;
  const times = `${healthMs.length} answers, p90 ${Math.round(p90)} ms, slowest ${Math.round(slowest)} ms`;
  expect(p90, times).toBeLessThan(HEALTH_BUDGET_MS);
  expect(slowest, times).toBeLessThan(HEALTH_CEILING_MS);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** How long memory may take to come back near idle: the pool's idle timeout, a collection or two. */
const RETURN_MS = 30_000;
/**
 * How far above idle memory may stay once it has come back. One decoded 7,000² picture is 147 MB
 * (a burst decodes eight, over 1 GB), so a leak of any of them stands out; what stays behind
 * below this is the database, heap and allocator arenas grown by the burst's writes (in CI a burst
 * after two warm-up bursts now and then left 50 MB behind for good: 10 % of idle was too tight).
 */
const LEFT_BEHIND = 96 * MB;

/**
 * Where memory comes back to: the lowest sample once the pool has let its workers go, polled for
 * up to RETURN_MS until it is below `target` (the collector and glibc give memory back in their
 * own time; a leak never comes back).
 */
async function settledRss(target: number): Promise<number> {
  await settle();
  let lowest = rss();
  const until = Date.now() + RETURN_MS;
  while (lowest >= target && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    lowest = Math.min(lowest, rss());
  }
  return lowest;
}

// The server runs on its embedded database here whatever the pass: the PostgreSQL-only pass
// (TEST_DATABASES=postgres) would time the same thing again, beside the soak.
describe.runIf(databaseKinds.includes('pglite'))('hostile pictures', () => {
  beforeAll(async () => {
    png7000 = await sharp({
      create: { width: 7000, height: 7000, channels: 3, background: '#336699' },
    })
      .composite([{ input: { text: { text: 'Arena', dpi: 2400 } }, gravity: 'centre' }])
      .png({ compressionLevel: 9 })
      .toBuffer();
    server = await startServer({ DATA_DIR: dataDir });
    // The server's event loop, and this test's thread that times it, come before the other test
    // files sharing these cores, as on a machine of the server's own (the picture threads the
    // server starts later inherit this; the libvips threads that decode do not). Without the
    // right to raise them, both stay as they are and the budget is timed among everything else.
    for (const pid of [server.child.pid, 0]) {
      try {
        if (pid !== undefined) setPriority(pid, -10);
      } catch {
        // Not root.
      }
    }
    member = await signUpMember(server.base, 'img');
    // Idle is the server at rest once it has been through such bursts: the image libraries
    // loaded for good, its database, heap and allocator arenas grown to what such work needs
    // (after one burst only, the next one in CI now and then left 40–50 MB more behind).
    // A further burst must stay within its budget above that, and come back to it (a leak would
    // not).
    for (let burst = 0; burst < 2; burst++) {
      await hostileBurst();
      await settle();
    }
  }, 240_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a picture that declares too many pixels at once, before decoding it', async () => {
    const started = performance.now();
    const { status, body } = await upload(heic8000, 'big.heic', 'image/heic');
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('50 megapixels');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('keeps answering and stays within its memory while eight hostile pictures are worked on', async () => {
    const idle = rss();
    const { result, samples } = await watch(hostileBurst());

    expect(result.map((answer) => answer.status)).toEqual([400, 201, 201, 201, 201, 201, 201, 201]);
    expect(samples.healthMs.length).toBeGreaterThan(10);
    expectAnswering(samples.healthMs);

    // The pool's workers go once idle, and with them what the decoders held.
    const after = await settledRss(idle + LEFT_BEHIND);
    const peak = Math.max(...samples.rss) - idle;
    expect(peak, `${peak >> 20} MB above idle (${idle >> 20} MB) at the peak`).toBeLessThan(
      PEAK_BUDGET,
    );
    expect(after, `${after >> 20} MB after, against ${idle >> 20} MB idle`).toBeLessThan(
      idle + LEFT_BEHIND,
    );
  }, 180_000);

  it('keeps answering while a phone-sized HEIC photo is decoded, and gives its memory back after', async () => {
    const idle = rss();
    const { result, samples } = await watch(upload(heic4000, 'b.heic', 'image/heic'));
    expect(result.status).toBe(201);
    expectAnswering(samples.healthMs);
    const after = await settledRss(idle * 1.1);
    expect(after, `${after >> 20} MB after, against ${idle >> 20} MB idle`).toBeLessThan(
      idle * 1.1,
    );
  }, 90_000);
});
