import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, inject } from 'vitest';

import type { RouteOptions } from 'fastify';

import { type BuildOptions, buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { createPostgresDatabase } from './support/postgres-databases.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; the real PostgreSQL too when TEST_DATABASE_URL is set (CI). */
export const databaseKinds: DatabaseKind[] = (() => {
  const available: DatabaseKind[] = process.env.TEST_DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
  // TEST_DATABASES (e.g. `postgres`) narrows the list, so a second pass need not repeat the first.
  const wanted = process.env.TEST_DATABASES?.split(',').map((kind) => kind.trim());
  return wanted ? available.filter((kind) => wanted.includes(kind)) : available;
})();

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    databasePoolSize: 5,
    adminEmails: [],
    publicUrl: undefined,
    secureCookies: false,
    contactEmail: 'contact@arena.test',
    rateLimits: 'relaxed',
    logLevel: 'silent',
    logFormat: 'json',
    trustProxy: false,
    webDistDir: '/nonexistent',
    smtpUrl: undefined,
    mailFrom: 'Arena <no-reply@arena.test>',
    requireEmailConfirmation: false,
    smsProvider: 'console',
    ...overrides,
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated empty PGlite data directory (a tar file) every suite's database starts from. */
    pgliteTemplate?: string;
    /** A migrated PostgreSQL database every suite's PostgreSQL database is created from. */
    postgresTemplate?: string;
  }
}

let template: Blob | undefined;

/**
 * The migrated copy test/global-setup.ts made, read once per test file's process; undefined in a
 * project without that setup (the bench's), whose databases then migrate themselves.
 */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (file) template ??= new Blob([readFileSync(file)]);
  return template;
}

/** A fresh, migrated database of the given kind; `drop` removes it afterwards. */
export async function freshDatabase(
  kind: DatabaseKind,
): Promise<{ database: DatabaseHandle; drop: () => Promise<void>; url?: string }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', startFrom: pgliteTemplate() });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // From the run's migrated template when test/global-setup.ts made one (not in the system tier).
  const created = await createPostgresDatabase(adminUrl, 'arena_t_', inject('postgresTemplate'));
  const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 });
  return {
    database,
    url: created.url,
    drop: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export interface TestContext {
  app: App;
  /** Where this suite's stored files go. */
  dataDir: string;
  database: DatabaseHandle;
  kind: DatabaseKind;
  /** Every route the app registered, as Fastify saw it (set by `describeEachDatabase`). */
  routes?: RouteOptions[];
}

/**
 * Runs the suite once per database kind, each on its own fresh database with an app on top.
 * `context()` is valid inside tests and hooks.
 */
export function describeEachDatabase(
  title: string,
  suite: (context: () => TestContext) => void,
  config: Partial<AppConfig> = {},
  build: Omit<BuildOptions, 'database' | 'logger'> = {},
) {
  describe.each(databaseKinds)(`${title} [%s]`, (kind) => {
    let current: TestContext | undefined;
    let drop: (() => Promise<void>) | undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-test-'));

    beforeAll(async () => {
      const fresh = await freshDatabase(kind);
      drop = fresh.drop;
      const routes: RouteOptions[] = [];
      const app = await buildApp(testConfig({ dataDir, ...config }), {
        ...build,
        database: fresh.database,
        logger: false,
        onRoute: (route) => routes.push(route),
      });
      await app.ready();
      current = { app, database: fresh.database, kind, dataDir, routes };
    });

    afterAll(async () => {
      await current?.app.close();
      await drop?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    suite(() => {
      if (!current) throw new Error('The test context is not ready yet');
      return current;
    });
  });
}
