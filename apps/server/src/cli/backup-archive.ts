import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { z } from 'zod';

import { lockDataDir } from '../db/data-dir-lock.ts';
import { createDiskStorage, type FileStorage } from '../modules/storage/file-storage.ts';
import { copyAllObjects } from '../modules/storage/storage-copy.ts';

/**
 * A backup is a directory: `arena-backup.json` (what it holds), `db.tar.gz` (the embedded
 * database, as PGlite's `dumpDataDir` writes it) and `storage/` (every stored file). With
 * PostgreSQL the database is backed up with `pg_dump` instead (README, "Backups").
 */
export const MANIFEST = 'arena-backup.json';
const DATABASE_ARCHIVE = 'db.tar.gz';

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  /** What held the database: `pglite` when `db.tar.gz` is in the backup. */
  database: z.enum(['pglite', 'postgres']),
  databaseSha256: z.string().nullable(),
  files: z.number().int(),
  fileBytes: z.number().int(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {}

/** Stored files, without uploads still being received and half-written temporaries. */
function keepFile(source: string): boolean {
  const name = path.basename(source);
  return name !== '.uploads' && !name.endsWith('.tmp');
}

async function countFiles(dir: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

async function isEmptyDir(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Opens the embedded database (the caller holds its lock), runs `work`, and closes it. */
async function withEmbeddedDatabase<T>(
  dbDir: string,
  options: { loadDataDir?: Blob },
  work: (db: PGlite) => Promise<T>,
): Promise<T> {
  const db = await PGlite.create(dbDir, { extensions: { pg_trgm }, ...options });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** Runs `work` holding the data directory's lock: no server or command can open it meanwhile. */
async function holdingLock<T>(dbDir: string, work: () => Promise<T>): Promise<T> {
  const unlock = lockDataDir(dbDir);
  try {
    return await work();
  } finally {
    unlock();
  }
}

/**
 * Copies every object of an object store into the backup's `storage/`, in DATA_DIR's layout, each
 * checked by its SHA-256 once written.
 */
async function copyFromStore(store: FileStorage, target: string) {
  const scratchDir = path.join(target, '.copying');
  const summary = await copyAllObjects({
    source: store,
    target: createDiskStorage(path.join(target, 'storage')),
    scratchDir,
  });
  await rm(scratchDir, { recursive: true, force: true });
  await mkdir(path.join(target, 'storage'), { recursive: true });
  if (summary.problems.length > 0) {
    const lines = summary.problems.map(({ bucket, key, why }) => `  ${bucket}/${key}: ${why}`);
    throw new BackupError(
      `${summary.problems.length} stored files could not be copied from ${store.description}:\n` +
        lines.join('\n'),
    );
  }
}

export async function createBackup(options: {
  dataDir: string;
  databaseUrl: string | undefined;
  target: string;
  /** Where the stored files are when not in DATA_DIR/storage (S3). */
  store?: FileStorage | undefined;
}): Promise<Manifest> {
  const { dataDir, target } = options;
  if (!(await isEmptyDir(target)))
    throw new BackupError(`${target} already exists and is not empty; choose a new folder.`);
  const dbDir = path.join(dataDir, 'db');
  const storageDir = path.join(dataDir, 'storage');
  if (!options.databaseUrl && !existsSync(path.join(dbDir, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${dbDir} to back up.`);

  await mkdir(target, { recursive: true });
  let databaseSha256: string | null = null;
  const copyFiles = async () => {
    if (options.store) await copyFromStore(options.store, target);
    else if (existsSync(storageDir))
      await cp(storageDir, path.join(target, 'storage'), { recursive: true, filter: keepFile });
    else await mkdir(path.join(target, 'storage'));
  };

  if (options.databaseUrl) {
    await copyFiles();
  } else {
    // The files are copied while the lock is held, so that no server writes either.
    await holdingLock(dbDir, () =>
      withEmbeddedDatabase(dbDir, {}, async (db) => {
        const dump = new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
        databaseSha256 = sha256(dump);
        await writeFile(path.join(target, DATABASE_ARCHIVE), dump);
        await copyFiles();
      }),
    );
  }

  const counted = await countFiles(path.join(target, 'storage'));
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: options.databaseUrl ? 'postgres' : 'pglite',
    databaseSha256,
    files: counted.files,
    fileBytes: counted.bytes,
  };
  await writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(source: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(source, MANIFEST), 'utf8');
  } catch {
    throw new BackupError(`${source} is not an Arena backup (it has no ${MANIFEST}).`);
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new BackupError(
      `${path.join(source, MANIFEST)} is not a backup description this version reads.`,
    );
  return parsed.data;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where what was in the data directory before went, when `replace` moved it aside. */
  movedAside: string | null;
  users: number | null;
}

/**
 * Restores a backup into `dataDir`. The data directory must be empty, unless `replace` is set:
 * then its database and files are moved aside (never deleted) first.
 */
export async function restoreBackup(options: {
  dataDir: string;
  databaseUrl: string | undefined;
  source: string;
  replace: boolean;
}): Promise<RestoreResult> {
  const { dataDir, source } = options;
  const manifest = await readManifest(source);
  const dbDir = path.join(dataDir, 'db');
  const storageDir = path.join(dataDir, 'storage');

  let dump: Uint8Array | null = null;
  if (manifest.database === 'pglite') {
    if (options.databaseUrl)
      throw new BackupError(
        'This backup holds an embedded database, but DATABASE_URL is set. Unset it to restore ' +
          'into DATA_DIR (to move the data to PostgreSQL, restore it and copy it with pg_dump).',
      );
    dump = new Uint8Array(await readFile(path.join(source, DATABASE_ARCHIVE)));
    if (sha256(dump) !== manifest.databaseSha256)
      throw new BackupError(
        `${DATABASE_ARCHIVE} does not match its checksum: the backup is damaged.`,
      );
  }

  // Nobody may use the data directory while it is replaced.
  return holdingLock(dbDir, async () => {
    const occupied =
      (dump !== null && !(await isEmptyDir(dbDir))) || !(await isEmptyDir(storageDir));
    if (occupied && !options.replace)
      throw new BackupError(
        `${dataDir} already holds data. Restore into an empty DATA_DIR, or pass --replace to ` +
          'move what is there aside first.',
      );
    let movedAside: string | null = null;
    if (occupied) {
      movedAside = path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      await mkdir(movedAside, { recursive: true });
      if (dump !== null && existsSync(dbDir)) await rename(dbDir, path.join(movedAside, 'db'));
      if (existsSync(storageDir)) await rename(storageDir, path.join(movedAside, 'storage'));
    }

    let users: number | null = null;
    if (dump !== null) {
      await mkdir(dbDir, { recursive: true });
      // Opening the restored database proves it whole before anyone relies on it.
      users = await withEmbeddedDatabase(
        dbDir,
        { loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]) },
        async (db) => {
          const result = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
          return result.rows[0]?.n ?? 0;
        },
      );
    }
    await cp(path.join(source, 'storage'), storageDir, { recursive: true });
    return { manifest, movedAside, users };
  });
}
