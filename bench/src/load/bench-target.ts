import path from 'node:path';

import type { AppConfig } from '@arena/server/src/config.ts';

import type { SeedConnection, SeedTarget } from '../seed/connection.ts';
import { PRESETS } from '../seed/presets.ts';
import { seedDatabase } from '../seed/seed.ts';

/**
 * The database a bench reads its sample from and starts its server on: a throwaway embedded one
 * in `smokeDir` for a smoke check, else the server's own (`DATABASE_URL`, else `DATA_DIR/db`).
 */
export function benchTarget(config: AppConfig, smokeDir: string | null): SeedTarget {
  if (smokeDir) return { kind: 'pglite', dataDir: path.join(smokeDir, 'db') };
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') };
}

/** Fills a smoke check's throwaway database with the tiny preset. */
export async function seedForSmoke(db: SeedConnection): Promise<void> {
  process.stdout.write('Seeding a throwaway embedded database with the tiny preset…\n');
  await seedDatabase(db, {
    preset: PRESETS.tiny,
    seed: 'smoke',
    anchor: Date.now(),
    reset: false,
    rebuildIndexes: false,
    check: false,
  });
}

/** The preset a database was seeded with, told by its number of members. */
export function presetOf(users: number): string {
  const match = Object.values(PRESETS).find((preset) => preset.users === users);
  return match ? match.name : `${users}-members`;
}
