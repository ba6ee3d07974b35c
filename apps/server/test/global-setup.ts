import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import { dumpMigratedPglite } from '../src/db/database.ts';
import { migratedPostgresTemplate } from './support/postgres-databases.ts';

/**
 * Runs once before the server's test files: migrating a new database takes seconds, and a run
 * opens about a hundred of each kind. Each PGlite now loads one migrated copy, and each
 * PostgreSQL database (when TEST_DATABASE_URL asks for them) is created from one migrated
 * template database instead of migrating itself (test/harness.ts).
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'arena-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const image = await dumpMigratedPglite();
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteTemplate', file);

  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl ? await migratedPostgresTemplate(adminUrl) : null;
  if (template) project.provide('postgresTemplate', template.name);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await template?.drop();
  };
}
