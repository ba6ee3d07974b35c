import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig, devices } from '@playwright/test';
import type { ReporterDescription } from '@playwright/test';

import { CHROMIUM_FLAGS } from './fixtures/chromium.ts';
import { oidcServerEnv } from './fixtures/oidc.ts';

/**
 * Browser journeys against the BUILT app (`npm run test:e2e` builds first), served by the
 * real server on an empty database in a fresh temporary DATA_DIR, in Debian's Chromium.
 * Playwright never downloads a browser here (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
 */

const isCI = Boolean(process.env.CI);
const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;

// This file is evaluated by the runner and again by every worker. The runner creates the run's
// directory and records it in its environment, which the workers inherit, so there is one per run.
// It holds the server's DATA_DIR (empty: a fresh database) and a copy of the web build, so that a
// rebuild of apps/web/dist while the journeys run (`npm run dev`, another terminal) cannot pull
// the app's lazily loaded chunks from under the browser.
if (!process.env.ARENA_E2E_RUN_DIR) {
  const runDir = mkdtempSync(join(tmpdir(), 'arena-e2e-'));
  process.env.ARENA_E2E_RUN_DIR = runDir;
  mkdirSync(join(runDir, 'data'));
  const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
  if (existsSync(join(webDist, 'index.html')))
    cpSync(webDist, join(runDir, 'web'), { recursive: true });
  else console.warn(`No web build in ${webDist}: run \`npm run test:e2e\`, which builds first.`);
  if (process.env.E2E_KEEP_DATA) {
    console.log(`E2E_KEEP_DATA: this run's data directory and web build stay in ${runDir}`);
  } else {
    // By 'exit' the web server has been stopped, so nothing holds the database open any more.
    process.on('exit', () => {
      rmSync(runDir, { recursive: true, force: true });
    });
  }
}
const runDir = process.env.ARENA_E2E_RUN_DIR;

// The journeys run on the embedded database unless E2E_DATABASE_URL says otherwise: a
// DATABASE_URL left in a developer's shell must not fill their database with test users.
if (process.env.E2E_DATABASE_URL) process.env.DATABASE_URL = process.env.E2E_DATABASE_URL;
else delete process.env.DATABASE_URL;

const reporter: ReporterDescription[] = [['list'], ['html', { open: 'never' }]];
// .ci/run reads the counts of every suite from JSON reports to print one closing line.
if (process.env.E2E_JSON_REPORT)
  reporter.push(['json', { outputFile: process.env.E2E_JSON_REPORT }]);

export default defineConfig({
  testDir: './journeys',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Two cores: the server (argon2, PGlite) needs one of them.
  workers: 2,
  // In CI the 10-minute soak shares the two cores with the journeys: on a slow day three journeys
  // ran out of 45 s there (and passed on their retry in half that), so CI allows them 90 s.
  timeout: isCI ? 90_000 : 45_000,
  expect: { timeout: 10_000 },
  reporter,
  // A real OpenID Connect provider for third-party sign-in (fixtures/oidc.ts).
  globalSetup: './fixtures/oidc-provider.setup.ts',
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-first-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        headless: true,
        launchOptions: {
          executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
          args: CHROMIUM_FLAGS,
        },
      },
    },
  ],
  webServer: {
    command: 'npm run start -w @arena/server',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: !isCI,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: join(runDir, 'data'),
      WEB_DIST_DIR: join(runDir, 'web'),
      RATE_LIMITS: 'relaxed',
      ADMIN_EMAILS: 'admin@arena.test',
      CONTACT_EMAIL: 'legal@arena.test',
      LOG_LEVEL: 'warn',
      // Saved searches look for new matches every second, not once a day (saved-searches.spec.ts).
      SCOUT_ALERT_INTERVAL_SECONDS: '1',
      ...oidcServerEnv(),
    },
  },
});
