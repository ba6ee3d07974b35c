import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { lockDataDir } from '../../src/db/data-dir-lock.ts';
import { createBackup, restoreBackup } from '../../src/cli/backup-archive.ts';
import {
  createPost,
  getPost,
  openConversation,
  sendMessage,
  signUpMember,
  uploadPhoto,
} from '../live/api-client.ts';
import { startServer } from '../live/server-process.ts';
import { databaseKinds } from '../harness.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
// Made when a test first runs (none may run, in the PostgreSQL-only pass), removed at the end.
let scratch = '';
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'arena-backup-'));
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** `npm run <script> -- <args>` from the repository root, as an operator would type it. */
function npmRun(script: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

async function photoBytes(base: string, url: string) {
  const response = await fetch(`${base}${url}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

// The embedded database's commands: run in the PGlite pass, not again in the PostgreSQL-only one.
describe.runIf(databaseKinds.includes('pglite'))(
  'npm run backup / npm run restore on the embedded database',
  () => {
    it('round-trips the database and the stored files: backup, wipe, restore', async () => {
      const dataDir = path.join(scratch, 'data');
      const env = { DATA_DIR: dataDir };
      const server = await startServer(env);
      const author = await signUpMember(server.base, 'b');
      const friend = await signUpMember(server.base, 'b');
      const photo = await uploadPhoto(server.base, author);
      const post = await createPost(server.base, author, 'Kept across a restore', photo.id);
      const conversation = await openConversation(server.base, author, friend);
      await sendMessage(server.base, author, conversation, 'See you at training');
      const photoBefore = await photoBytes(server.base, post.mediaUrl!);

      // While the server runs, a backup is refused rather than read from under it.
      const target = path.join(scratch, 'backup-1');
      const refused = await npmRun('backup', [target], env);
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toContain('is in use by process');
      expect(existsSync(path.join(target, 'db.tar.gz'))).toBe(false);

      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);

      const backup = await npmRun('backup', [target], env);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('Backed up the embedded database and 1 stored files');
      const manifest = JSON.parse(readFileSync(path.join(target, 'arena-backup.json'), 'utf8')) as {
        database: string;
        files: number;
      };
      expect(manifest).toMatchObject({ database: 'pglite', files: 1 });

      // Wipe: nothing of the data directory is left.
      rmSync(dataDir, { recursive: true, force: true });

      const restore = await npmRun('restore', [target], env);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toContain(
        'Restored the embedded database (2 accounts) and 1 stored files',
      );

      const restored = await startServer(env);
      try {
        const signIn = await fetch(`${restored.base}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: author.email, password: author.password }),
        });
        expect(signIn.status).toBe(200);
        const { accessToken } = (await signIn.json()) as { accessToken: string };
        const found = await getPost(restored.base, post.id);
        expect(found.content).toBe('Kept across a restore');
        expect(await photoBytes(restored.base, found.mediaUrl!)).toEqual(photoBefore);
        const thread = await fetch(`${restored.base}/api/conversations/${conversation}/messages`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        const messages = (await thread.json()) as { items: { content: string }[] };
        expect(messages.items.map((m) => m.content)).toEqual(['See you at training']);
      } finally {
        restored.child.kill('SIGTERM');
        await restored.exited;
      }

      // Restoring over data needs --replace, which moves the data aside rather than deleting it.
      await expect(
        restoreBackup({ dataDir, databaseUrl: undefined, source: target, replace: false }),
      ).rejects.toThrow('already holds data');
      const replaced = await npmRun('restore', [target, '--replace'], env);
      expect(replaced.code, replaced.output).toBe(0);
      const aside = readdirSync(dataDir).filter((name) => name.startsWith('replaced-'));
      expect(aside).toHaveLength(1);
      expect(readdirSync(path.join(dataDir, aside[0]!)).sort()).toEqual(['db', 'storage']);

      // A damaged backup is refused before anything is touched.
      const archive = path.join(target, 'db.tar.gz');
      const bytes = readFileSync(archive);
      bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0xff;
      writeFileSync(archive, bytes);
      const before = readdirSync(dataDir).sort();
      await expect(
        restoreBackup({ dataDir, databaseUrl: undefined, source: target, replace: true }),
      ).rejects.toThrow('does not match its checksum');
      expect(readdirSync(dataDir).sort()).toEqual(before);
    }, 240_000);

    it('refuses a folder that is not a backup, and a backup target that is not empty', async () => {
      const dataDir = path.join(scratch, 'empty-data');
      const notBackup = mkdtempSync(path.join(scratch, 'not-a-backup-'));
      await expect(
        restoreBackup({ dataDir, databaseUrl: undefined, source: notBackup, replace: false }),
      ).rejects.toThrow('is not an Arena backup');
      writeFileSync(path.join(notBackup, 'something'), 'x');
      await expect(
        createBackup({ dataDir, databaseUrl: undefined, target: notBackup }),
      ).rejects.toThrow('already exists and is not empty');
      await expect(
        createBackup({ dataDir, databaseUrl: undefined, target: path.join(scratch, 'new') }),
      ).rejects.toThrow('There is no embedded database');
    });

    it('with PostgreSQL, backs up and restores the stored files and leaves the database to pg_dump', async () => {
      const dataDir = path.join(scratch, 'pg-data');
      const storage = path.join(dataDir, 'storage', 'post-media', 'someone');
      await import('node:fs/promises').then((fs) => fs.mkdir(storage, { recursive: true }));
      writeFileSync(path.join(storage, 'photo.webp'), 'photo bytes');
      writeFileSync(path.join(storage, 'half.webp.123.tmp'), 'being written');
      const databaseUrl = 'postgres://postgres@127.0.0.1:5432/arena';
      const target = path.join(scratch, 'pg-backup');
      const manifest = await createBackup({ dataDir, databaseUrl, target });
      expect(manifest).toMatchObject({ database: 'postgres', databaseSha256: null, files: 1 });
      expect(existsSync(path.join(target, 'db.tar.gz'))).toBe(false);

      rmSync(dataDir, { recursive: true, force: true });
      const result = await restoreBackup({ dataDir, databaseUrl, source: target, replace: false });
      expect(result.users).toBeNull();
      expect(readFileSync(path.join(storage, 'photo.webp'), 'utf8')).toBe('photo bytes');
      expect(existsSync(path.join(storage, 'half.webp.123.tmp'))).toBe(false);
    });
  },
);

describe.runIf(databaseKinds.includes('pglite'))('the embedded database lock', () => {
  it('refuses a directory held by a live process and takes over one left by a dead process', async () => {
    const dir = path.join(scratch, 'locked-db');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      const other = { pid: holder.pid, host: (await import('node:os')).hostname(), since: 'x' };
      writeFileSync(`${dir}.lock`, JSON.stringify(other));
      expect(() => lockDataDir(dir)).toThrow(`is in use by process ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.on('exit', resolve));
    }
    // The holder is gone now: its lock is stale and is taken over.
    const unlock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    unlock();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
