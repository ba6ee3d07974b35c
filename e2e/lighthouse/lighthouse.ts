/**
 * `npm run lighthouse` (after `npm run build`): Lighthouse's mobile preset on the built app,
 * served by the real server on a fresh embedded database, in the system Chromium. It measures the
 * landing page as a visitor and the feed as a signed-in member with posts to show, takes the best
 * of LIGHTHOUSE_RUNS runs of each, prints the scores and metrics, writes the HTML reports to
 * LIGHTHOUSE_REPORTS when set, and exits non-zero below the gates of scores.ts
 * (docs/decisions/0029-…). LIGHTHOUSE_PAGES=feed measures one page; LIGHTHOUSE_RUN_FILES=1 also
 * writes every run's result and trace to LIGHTHOUSE_REPORTS, to see where a run's time went.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch } from 'chrome-launcher';
import type { LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { Browser } from 'puppeteer-core';

import { CHROMIUM_FLAGS } from '../fixtures/chromium.ts';
import { OwnServer } from '../fixtures/own-server.ts';
import { PAGES, TARGETS, bestRun, seconds, shortfalls, summarise, table } from './scores.ts';
import type { PageName, RunSummary } from './scores.ts';
import { seedFeed } from './seed.ts';
import type { Member } from './seed.ts';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** `LIGHTHOUSE_PAGES`: which pages to measure, e.g. `feed`; all of them when unset. */
function pagesToMeasure(value: string | undefined): PageName[] {
  const all = Object.keys(PAGES) as PageName[];
  if (value === undefined || value.trim() === '') return all;
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !all.includes(name as PageName));
  if (unknown.length > 0)
    throw new Error(`LIGHTHOUSE_PAGES: ${unknown.join(', ')} unknown (pages: ${all.join(', ')})`);
  return all.filter((name) => names.includes(name));
}

function settings(env: NodeJS.ProcessEnv) {
  const runs = Number(env.LIGHTHOUSE_RUNS ?? 3);
  const port = Number(env.LIGHTHOUSE_PORT ?? 4320);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('LIGHTHOUSE_RUNS: a whole number ≥ 1');
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error('LIGHTHOUSE_PORT: a port');
  const reportsDir = env.LIGHTHOUSE_REPORTS ? path.resolve(env.LIGHTHOUSE_REPORTS) : null;
  const runFiles = env.LIGHTHOUSE_RUN_FILES === '1';
  if (runFiles && !reportsDir) throw new Error('LIGHTHOUSE_RUN_FILES: set LIGHTHOUSE_REPORTS too');
  return {
    runs,
    port,
    pages: pagesToMeasure(env.LIGHTHOUSE_PAGES),
    chromePath: env.CHROME_PATH ?? '/usr/bin/chromium',
    reportsDir,
    /** Every run's result and trace, `<page>-<run>.json` and `.trace.json`, for a closer look. */
    runFilesDir: runFiles ? reportsDir : null,
  };
}

/** A server already on the port would answer the health check in place of ours. */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} is taken: set LIGHTHOUSE_PORT to a free one`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Signs in through the page, as a person would: the refresh cookie and the remember flag stay. */
async function signIn(browser: Browser, baseUrl: string, member: Member): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(`${baseUrl}/auth`, { waitUntil: 'networkidle0' });
    await page.locator('[role="tabpanel"] input[type="email"]').fill(member.email);
    await page.locator('[role="tabpanel"] input[type="password"]').fill(member.password);
    await page.locator('[role="tabpanel"] button[type="submit"]').click();
    await page.waitForFunction(() => location.pathname === '/feed', { timeout: 30_000 });
  } finally {
    await page.close();
  }
}

/**
 * Did the run see the feed of a signed-in member? A run that was sent to /auth, or whose feed
 * request failed, measured some other page.
 */
function assertSignedInFeed(lhr: Result): void {
  const requests = lhr.audits['network-requests']?.details;
  const items =
    requests && 'items' in requests
      ? (requests.items as { url?: string; statusCode?: number }[])
      : [];
  const feed = items.find((item) => item.url && new URL(item.url).pathname === '/api/feed');
  if (new URL(lhr.finalDisplayedUrl).pathname !== '/feed' || feed?.statusCode !== 200) {
    throw new Error(
      `the feed run was not signed in (ended on ${lhr.finalDisplayedUrl}, feed request ${feed?.statusCode ?? 'never made'})`,
    );
  }
}

interface Run {
  summary: RunSummary;
  html: string;
}

/**
 * One Lighthouse navigation in a new tab of the browser. Lighthouse clears the HTTP cache, service
 * workers and cache storage of the origin before it loads the page, so every run is a cold load;
 * cookies and local storage are kept (its `clearStorageTypes`), so a member stays signed in.
 */
/**
 * Lighthouse could not record the run (a trace without its start, say: "Please run Lighthouse
 * again"). It says nothing about the page: the run is made again.
 */
class RecordingFailed extends Error {}

/** Runs made again after a `RecordingFailed`, per page, before the command gives up. */
const MAX_RERUNS = 2;

interface Audited {
  lhr: Result;
  html: string;
  /** The page load's trace, as Lighthouse recorded it. */
  trace: unknown;
}

async function audit(browser: Browser, url: string): Promise<Audited> {
  const page = await browser.newPage();
  try {
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'html',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      undefined,
      page,
    ).catch((error: unknown) => {
      throw new RecordingFailed(
        `${url}: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    if (!result) throw new RecordingFailed(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new RecordingFailed(`${url}: ${lhr.runtimeError.message}`);
    const html = Array.isArray(result.report) ? (result.report[0] ?? '') : result.report;
    return { lhr, html, trace: result.artifacts.Trace };
  } finally {
    if (!page.isClosed()) await page.close();
  }
}

async function measure(
  browser: Browser,
  baseUrl: string,
  name: PageName,
  { runs, runFilesDir }: { runs: number; runFilesDir: string | null },
): Promise<Run[]> {
  const results: Run[] = [];
  let reruns = 0;
  for (let i = 1; i <= runs; i += 1) {
    let audited: Audited;
    try {
      audited = await audit(browser, `${baseUrl}${PAGES[name]}`);
    } catch (error) {
      if (!(error instanceof RecordingFailed) || reruns >= MAX_RERUNS) throw error;
      reruns += 1;
      console.log(`${name} run ${i}/${runs} not recorded (${error.message}); running it again`);
      i -= 1;
      continue;
    }
    const { lhr, html } = audited;
    if (name === 'feed') assertSignedInFeed(lhr);
    const summary = summarise(lhr);
    console.log(
      `${name} run ${i}/${runs}: performance ${summary.performance}, accessibility ${summary.accessibility}, FCP ${seconds(summary.fcp)}, LCP ${seconds(summary.lcp)}, TBT ${Math.round(summary.tbt)} ms, benchmarkIndex ${Math.round(summary.benchmarkIndex)}`,
    );
    if (runFilesDir) {
      writeFileSync(path.join(runFilesDir, `${name}-${i}.json`), JSON.stringify(lhr));
      writeFileSync(
        path.join(runFilesDir, `${name}-${i}.trace.json`),
        JSON.stringify(audited.trace),
      );
    }
    results.push({ summary, html });
  }
  return results;
}

/** Starts the system Chromium, hands it to `use`, and stops it afterwards. */
async function inChromium<T>(
  chromePath: string,
  use: (browser: Browser) => Promise<T>,
): Promise<T> {
  let chrome: LaunchedChrome | null = null;
  let browser: Browser | null = null;
  try {
    chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    return await use(browser);
  } finally {
    await browser?.disconnect();
    chrome?.kill();
  }
}

async function main(): Promise<number> {
  const config = settings(process.env);
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.error(`No web build in ${webDist}: run \`npm run build\` first.`);
    return 2;
  }
  await assertPortFree(config.port);
  if (config.reportsDir) mkdirSync(config.reportsDir, { recursive: true });
  console.log(`Starting the server on port ${config.port} (fresh embedded database)`);
  const server = await OwnServer.start({}, config.port);
  try {
    const measured: { page: PageName; runs: Run[] }[] = [];
    // Each page in a browser of its own, started for it: the runs of one page do not inherit what
    // the other's left in the browser. The visitor first: nobody is signed in in that browser.
    if (config.pages.includes('landing'))
      measured.push({
        page: 'landing',
        runs: await inChromium(config.chromePath, (browser) =>
          measure(browser, server.url, 'landing', config),
        ),
      });
    if (config.pages.includes('feed'))
      measured.push({
        page: 'feed',
        runs: await inChromium(config.chromePath, async (browser) => {
          const drawing = await browser.newPage();
          const member = await seedFeed(server.url, drawing);
          await drawing.close();
          await signIn(browser, server.url, member);
          return measure(browser, server.url, 'feed', config);
        }),
      });

    const rows = measured.map(({ page, runs }) => ({
      page,
      runs: runs.map((run) => run.summary),
      best: bestRun(runs).summary,
    }));
    console.log(
      `\nLighthouse ${config.runs === 1 ? '(one run' : `(best of ${config.runs} runs`} per page, mobile preset, simulated throttling)\n`,
    );
    console.log(table(rows));

    if (config.reportsDir) {
      for (const { page, runs } of measured) {
        const file = path.join(config.reportsDir, `${page}.report.html`);
        writeFileSync(file, bestRun(runs).html);
        console.log(`report: ${file}`);
      }
    }

    const failures = rows.flatMap(({ page, best }) => shortfalls(page, best));
    if (failures.length > 0) {
      console.error(`\nBelow the gates:\n  ${failures.join('\n  ')}`);
      return 1;
    }
    const short = rows.flatMap(({ page, best }) => shortfalls(page, best, TARGETS));
    console.log(
      short.length > 0
        ? `\nAll pages reach their gates; below the targets:\n  ${short.join('\n  ')}`
        : '\nAll pages reach their targets.',
    );
    return 0;
  } finally {
    await server.dispose();
  }
}

process.exitCode = await main();
