import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import { dumpMigratedPglite } from '../src/db/database.ts';

/**
 * Runs once before the server's test files: migrating a new PGlite takes seconds, and a run opens
 * about a hundred; each now loads this one migrated copy instead (test/harness.ts).
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'arena-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const image = await dumpMigratedPglite();
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
