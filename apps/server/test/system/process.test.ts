import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';

import { startServer } from '../live/server-process.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-process-'));

function run(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function finished(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** The server on this file's data directory (`env` adds to it). */
const startOnData = (env: Record<string, string> = {}) =>
  startServer({ DATA_DIR: dataDir, ...env });

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-42' }),
  });
  return response.json() as Promise<Session>;
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process on the embedded database', () => {
  it('persists data, stops cleanly on SIGTERM, the admin CLI grants the role, ADMIN_EMAILS not to an unconfirmed address', async () => {
    // First run: an account is created, then a clean stop.
    const first = await startOnData();
    const created = await fetch(`${first.base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Club Secretary',
        username: 'club_secretary',
        email: 'secretary@arena.test',
        password: 'correct-horse-42',
        userType: 'club',
        adultConfirmed: true,
      }),
    });
    expect(created.status).toBe(201);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);

    // The CLI works on the same data directory while the server is stopped.
    const grant = await finished(run('src/cli/admin.ts', ['grant', 'secretary@arena.test'], {}));
    expect(grant.output).toContain('now holds the admin role');
    expect(grant.code).toBe(0);
    const unknown = await finished(run('src/cli/admin.ts', ['grant', 'nobody@arena.test'], {}));
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account has the email nobody@arena.test');
    const usage = await finished(run('src/cli/admin.ts', ['promote'], {}));
    expect(usage.code).toBe(2);

    // Second run: the data survived and the role is there.
    const second = await startOnData();
    expect((await signIn(second.base, 'secretary@arena.test')).roles).toEqual(['admin']);
    second.child.kill('SIGINT');
    expect((await second.exited).code).toBe(0);

    const revoke = await finished(run('src/cli/admin.ts', ['revoke', 'secretary@arena.test'], {}));
    expect(revoke.code).toBe(0);

    // ADMIN_EMAILS grants the role at start only to a confirmed address (admin-emails.test.ts):
    // this one was never confirmed.
    const third = await startOnData({ ADMIN_EMAILS: 'Secretary@Arena.test' });
    expect((await signIn(third.base, 'secretary@arena.test')).roles).toEqual([]);
    third.child.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
  }, 240_000);

  it('refuses a bad configuration with a clear message and exit code 1', async () => {
    const result = await finished(run('src/main.ts', [], { PORT: 'not-a-port' }));
    expect(result.code).toBe(1);
    expect(result.output).toContain('Invalid configuration');
    expect(result.output).toContain('PORT');
  });
});
