import { hash } from '@node-rs/argon2';

import { PASSWORD_HASH_OPTIONS } from '@arena/server/src/modules/auth/password.ts';

import type { SeedConnection } from './connection.ts';
import { type CheckResult, checkConsistency } from './consistency.ts';
import { countUsers, loadTables, type TableReport } from './load.ts';
import { userTypeOf } from './people.ts';
import { createPlan, type Plan } from './plan.ts';
import { addDemoMedia } from './media.ts';
import type { Preset } from './presets.ts';
import { Random } from './random.ts';
import { tableLoads } from './tables.ts';

/**
 * The password of every generated account. Hashing 100,000 passwords with argon2 would take
 * most of an hour, so it is hashed once and the hash is shared.
 */
export const SEED_PASSWORD = 'arena-seed-password';

export class SeedRefused extends Error {
  constructor(readonly users: number) {
    super(
      `The database already has ${users.toLocaleString('en')} account${users === 1 ? '' : 's'}. ` +
        'Seeding would mix generated members with them, so nothing was changed.\n' +
        'Run again with --reset to DELETE ALL EXISTING DATA first and seed from scratch.',
    );
  }
}

export interface SeedOptions {
  preset: Preset;
  seed: string;
  /** The data ends here (epoch ms); the same preset, seed and anchor give the same rows. */
  anchor: number;
  /** Delete what is there first; without it, a database with accounts is refused. */
  reset: boolean;
  rebuildIndexes: boolean;
  check: boolean;
  log?: (line: string) => void;
  /**
   * Where the stored files live (DATA_DIR/storage): the demo preset puts avatars, post photos
   * and CVs there (media.ts). Without it, no files are made.
   */
  storageDir?: string;
  /** Runs once the database may be seeded, before anything is written (clears old files). */
  beforeLoad?: () => void;
}

export interface DemoAccount {
  email: string;
  username: string;
  role: string;
}

export interface SeedSummary {
  tables: TableReport[];
  steps: { step: string; seconds: number }[];
  checks: CheckResult[];
  accounts: DemoAccount[];
  seconds: number;
}

/** A salt derived from the seed, so that even the password hash is the same on every run. */
function seedSalt(seed: string) {
  const random = Random.stream(seed, 'password-salt');
  return Uint8Array.from({ length: 16 }, () => Math.floor(random.next() * 256));
}

export function hashSeedPassword(seed: string): Promise<string> {
  return hash(SEED_PASSWORD, { ...PASSWORD_HASH_OPTIONS, salt: seedSalt(seed) });
}

/** A few accounts worth signing in with: an admin, a verified poster of offers, an active player. */
function notableAccounts(plan: Plan): DemoAccount[] {
  const { people } = plan;
  const accounts: DemoAccount[] = [];
  const add = (i: number | undefined, role: string) => {
    if (i === undefined || accounts.some((a) => a.username === people.username[i])) return;
    accounts.push({
      email: people.email[i] as string,
      username: people.username[i] as string,
      role,
    });
  };
  const indexes = Array.from({ length: people.count }, (_, i) => i);
  if (plan.preset.readable) {
    // The demo's first people are written to be signed in with.
    add(0, 'player');
  }
  add(
    indexes.find((i) => people.verified[i] && !people.admin[i] && people.type[i] === 3),
    'verified club: posts offers, sees applications',
  );
  add(
    indexes.find((i) => people.admin[i]),
    'admin: reviews verification requests',
  );
  const activePlayer = indexes
    .filter((i) => people.type[i] === 0)
    .sort((x, y) => (plan.users.followsOut[y] as number) - (plan.users.followsOut[x] as number))[0];
  add(activePlayer, `${userTypeOf(people, activePlayer ?? 0)}: follows many, has conversations`);
  return accounts;
}

export async function seedDatabase(
  connection: SeedConnection,
  options: SeedOptions,
): Promise<SeedSummary> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const users = await countUsers(connection);
  if (users > 0 && !options.reset) throw new SeedRefused(users);
  options.beforeLoad?.();

  const steps: SeedSummary['steps'] = [];
  let mark = performance.now();
  const plan = createPlan(options.preset, options.seed, options.anchor);
  const passwordHash = await hashSeedPassword(options.seed);
  steps.push({ step: 'plan', seconds: (performance.now() - mark) / 1000 });
  log(`  plan                      ${((performance.now() - mark) / 1000).toFixed(1)} s`);

  const tables = await loadTables(connection, tableLoads(plan, passwordHash), {
    rebuildIndexes: options.rebuildIndexes,
    onTable: (report) => {
      const rate = report.seconds > 0 ? Math.round(report.rows / report.seconds) : report.rows;
      log(
        `  ${report.table.padEnd(22)} ${report.rows.toLocaleString('en').padStart(11)} rows  ${report.seconds.toFixed(1).padStart(6)} s  ${rate.toLocaleString('en').padStart(9)} rows/s`,
      );
    },
    onStep: (step, seconds) => {
      steps.push({ step, seconds });
      log(`  ${step.padEnd(25)} ${seconds.toFixed(1)} s`);
    },
  });

  if (options.storageDir && options.preset.readable) {
    mark = performance.now();
    const media = await addDemoMedia(connection, plan, options.storageDir);
    steps.push({ step: 'media', seconds: (performance.now() - mark) / 1000 });
    log(
      `  media                     ${((performance.now() - mark) / 1000).toFixed(1)} s  (${media.avatars} avatars, ${media.photos} post photos, ${media.cvs} CVs)`,
    );
  }

  let checks: CheckResult[] = [];
  if (options.check) {
    mark = performance.now();
    checks = await checkConsistency(connection);
    steps.push({ step: 'consistency checks', seconds: (performance.now() - mark) / 1000 });
    log(`  consistency checks        ${((performance.now() - mark) / 1000).toFixed(1)} s`);
  }
  return {
    tables,
    steps,
    checks,
    accounts: notableAccounts(plan),
    seconds: (performance.now() - started) / 1000,
  };
}
