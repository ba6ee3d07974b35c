import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createBackup } from '../src/cli/backup-archive.ts';
import { createS3Client, createS3Storage } from '../src/modules/storage/s3-storage.ts';
import {
  type RunningS3Server,
  S3RVER_CREDENTIALS,
  s3SettingsFor,
  startS3Server,
} from './support/s3-server.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
let workDir: string;
let s3: RunningS3Server;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'arena-migrate-'));
  s3 = await startS3Server({ dir: path.join(workDir, 's3'), buckets: ['arena', 'arena-backup'] });
});
afterAll(async () => {
  await s3.stop();
  await rm(workDir, { recursive: true, force: true });
});

/** `storage:migrate` as a process of its own, configured as an operator would. */
function migrate(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const { DATABASE_URL: _, INIT_CWD: __, ...inherited } = process.env;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/storage-migrate.ts', ...args],
      {
        cwd: serverDir,
        env: {
          ...inherited,
          DATA_DIR: dataDir,
          S3_BUCKET: 'arena',
          S3_ENDPOINT: s3.endpoint,
          S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
          ...env,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('npm run storage:migrate', () => {
  it('copies DATA_DIR/storage to S3 and back, verified, and skips what is already there', async () => {
    const from = path.join(workDir, 'from');
    const files: Record<string, Buffer> = {
      'avatars/u1/avatar_v1.webp': randomBytes(3_000),
      'post-media/p1/photo.webp': randomBytes(40_000),
      'post-media/p1/photo_w320.webp': randomBytes(8_000),
      'offer-applications/a1/cv.pdf': randomBytes(12_000),
      'message-media/m1/clip.mp4': randomBytes(6 * 1024 * 1024),
    };
    for (const [name, data] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(from, 'storage', name)), { recursive: true });
      await writeFile(path.join(from, 'storage', name), data);
    }
    // An upload in progress is no stored file: it stays behind.
    await mkdir(path.join(from, 'storage', '.uploads'), { recursive: true });
    await writeFile(path.join(from, 'storage', '.uploads', 'partial'), 'half');

    const first = await migrate(from, ['--to', 's3']);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain('Copied 5 files (6.1 MB); 0 were already there; 0 failed.');
    expect(first.stderr).toContain('post-media: 2 of 2');

    const storage = createS3Storage(s3SettingsFor(s3.endpoint, 'arena'));
    for (const [name, data] of Object.entries(files)) {
      const [bucket, ...rest] = name.split('/');
      const object = await storage.get(bucket as 'avatars', rest.join('/'));
      expect(object?.sha256, name).toBe(sha256(data));
    }
    expect(await storage.get('post-media', '.uploads/partial')).toBeNull();

    const again = await migrate(from, ['--to', 's3']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Copied 0 files (0.0 MB); 5 were already there; 0 failed.');

    const back = path.join(workDir, 'back');
    const returned = await migrate(back, ['--to', 'disk']);
    expect(returned.code, returned.stdout + returned.stderr).toBe(0);
    expect(returned.stdout).toContain('Copied 5 files');
    for (const [name, data] of Object.entries(files)) {
      expect(sha256(await readFile(path.join(back, 'storage', name))), name).toBe(sha256(data));
    }
  });

  it('names an object whose content does not match its checksum, and exits with 1', async () => {
    const client = createS3Client(s3SettingsFor(s3.endpoint, 'arena'));
    await client.send(
      new PutObjectCommand({
        Bucket: 'arena',
        Key: 'avatars/u9/avatar_v1.webp',
        Body: Buffer.from('damaged in transit'),
        Metadata: { sha256: sha256(Buffer.from('the original')) },
      }),
    );
    client.destroy();

    const result = await migrate(path.join(workDir, 'damaged'), ['--to', 'disk']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'avatars/u9/avatar_v1.webp: its content does not match its recorded SHA-256',
    );
    expect(result.stdout).toContain('1 failed.');
  });

  it('explains how it is used, and that it needs S3 configured', async () => {
    const usage = await migrate(path.join(workDir, 'usage'), ['--to', 'tape']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run storage:migrate -- --to s3|disk');

    const unset = await migrate(path.join(workDir, 'usage'), ['--to', 's3'], { S3_BUCKET: '' });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('S3_BUCKET: set it');
  });
});

describe('npm run backup with S3 storage', () => {
  it('copies the objects from the buckets into the backup, in the layout of DATA_DIR', async () => {
    const storage = createS3Storage(s3SettingsFor(s3.endpoint, 'arena-backup'));
    const avatar = randomBytes(2_000);
    const cv = randomBytes(5_000);
    await storage.put('avatars', 'u1/avatar_v2.webp', avatar);
    await storage.put('offer-applications', 'a1/cv.pdf', cv);

    const target = path.join(workDir, 'backup');
    const manifest = await createBackup({
      dataDir: path.join(workDir, 'unused'),
      databaseUrl: 'postgres://arena@db.invalid/arena',
      target,
      store: storage,
    });
    expect(manifest).toMatchObject({ database: 'postgres', files: 2, fileBytes: 7_000 });
    expect(await readFile(path.join(target, 'storage/avatars/u1/avatar_v2.webp'))).toEqual(avatar);
    expect(await readFile(path.join(target, 'storage/offer-applications/a1/cv.pdf'))).toEqual(cv);
  });
});
