import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll } from 'vitest';

import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { freshDatabase, testConfig } from './harness.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * For a suite about serving the web app: a temporary build folder (with its `assets`), filled by
 * `write`, served by an app on a fresh embedded database with `config` on top of the tests'.
 * Made before the suite's tests, removed after them; returns how to reach the app.
 */
export function serveWebBuild(
  write: (dist: string) => void,
  config: Partial<AppConfig> = {},
): () => App {
  let app: App | undefined;
  let drop: () => Promise<void> = () => Promise.resolve();
  const dist = mkdtempSync(path.join(tmpdir(), 'arena-web-'));

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    write(dist);
    const fresh = await freshDatabase('pglite');
    drop = fresh.drop;
    app = await buildApp(testConfig({ webDistDir: dist, ...config }), {
      database: fresh.database,
      logger: false,
    });
  });

  afterAll(async () => {
    await app?.close();
    await drop();
    rmSync(dist, { recursive: true, force: true });
  });

  return () => {
    if (!app) throw new Error('the app is made before the suite’s tests');
    return app;
  };
}
