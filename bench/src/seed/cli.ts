/**
 * `npm run seed -- --preset <demo|small|large> [--seed <text>] [--anchor <ISO time>] [--reset]`
 *
 * Fills the configured database (DATABASE_URL, else the embedded one in DATA_DIR) with a
 * generated network. See bench/README.md.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { ConfigError, loadConfig } from '@arena/server/src/config.ts';

import { connect, type SeedTarget } from './connection.ts';
import { isPresetName, PRESETS } from './presets.ts';
import { SEED_PASSWORD, SeedRefused, seedDatabase } from './seed.ts';

const USAGE = `Usage: npm run seed -- --preset <${Object.keys(PRESETS).join('|')}> [options]

  --preset <name>    demo (a few dozen readable people), small (10k members, 100k posts),
                     large (100k members, 1M posts; PostgreSQL only),
                     xlarge (1M members, 10M posts; PostgreSQL only), tiny (tests)
  --seed <text>      randomness seed (default "arena"); same preset + seed + anchor = same rows
  --anchor <time>    when the generated history ends (ISO 8601; default: now)
  --reset, --force   DELETE ALL EXISTING DATA first (kept: the token signing keys)
  --keep-indexes     load with every index in place (slower: indexes are rebuilt after by default)
  --no-check         skip the counter consistency checks at the end

The target is DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data of
the folder the command is run from, as for \`npm start\`). Stop the server first when using DATA_DIR.`;

const SERVER_DIR = fileURLToPath(new URL('../../../apps/server/', import.meta.url));

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      preset: { type: 'string' },
      seed: { type: 'string', default: 'arena' },
      anchor: { type: 'string' },
      reset: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      'keep-indexes': { type: 'boolean', default: false },
      'no-check': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!values.preset || !isPresetName(values.preset)) {
    process.stderr.write(
      `${values.preset ? `Unknown preset: ${values.preset}\n\n` : ''}${USAGE}\n`,
    );
    return 2;
  }
  const preset = PRESETS[values.preset];
  const anchor = values.anchor ? Date.parse(values.anchor) : Date.now();
  if (Number.isNaN(anchor)) {
    process.stderr.write(`Not a date and time: ${values.anchor}\n`);
    return 2;
  }

  // Relative paths mean what they mean to `npm start`: they are taken from where the command was
  // typed (INIT_CWD, which npm sets), else from apps/server.
  process.chdir(SERVER_DIR);
  const config = loadConfig();
  const target: SeedTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') };
  if (target.kind === 'pglite' && (preset.name === 'large' || preset.name === 'xlarge')) {
    process.stderr.write(
      `The ${preset.name} preset needs PostgreSQL: set DATABASE_URL (the embedded database would take hours).\n`,
    );
    return 2;
  }

  const where =
    target.kind === 'postgres' ? redact(target.url) : `the embedded database in ${target.dataDir}`;
  process.stdout.write(
    `Seeding ${where} with the ${preset.name} preset (seed "${values.seed}", history ending ${new Date(anchor).toISOString()})\n`,
  );
  const connection = await connect(target);
  const storageDir = path.join(config.dataDir, 'storage');
  try {
    const reset = values.reset || values.force;
    const summary = await seedDatabase(connection, {
      storageDir,
      // Files of the deleted posts, messages and applications would be orphans.
      beforeLoad: reset ? () => rmSync(storageDir, { recursive: true, force: true }) : undefined,
      preset,
      seed: values.seed,
      anchor,
      reset,
      rebuildIndexes: !values['keep-indexes'],
      check: !values['no-check'],
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Done: ${rows.toLocaleString('en')} rows in ${summary.seconds.toFixed(1)} s.\n`,
    );
    const failed = summary.checks.filter((check) => check.mismatches !== 0);
    for (const check of failed) {
      process.stderr.write(`  INCONSISTENT: ${check.name}: ${check.mismatches} rows\n`);
    }
    if (summary.checks.length > 0 && failed.length === 0) {
      process.stdout.write(
        `Every stored counter matches its rows (${summary.checks.length} checks).\n`,
      );
    }
    process.stdout.write(
      `\nSign in with any of these (password for every account: ${SEED_PASSWORD}):\n`,
    );
    for (const account of summary.accounts) {
      process.stdout.write(`  ${account.email.padEnd(44)} ${account.role}\n`);
    }
    process.stdout.write(
      `\nThen: ${target.kind === 'postgres' ? 'DATABASE_URL=… ' : ''}npm start\n\n`,
    );
    return failed.length === 0 ? 0 : 1;
  } finally {
    await connection.close();
  }
}

function redact(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof SeedRefused || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(error instanceof SeedRefused ? 3 : 1);
    }
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
