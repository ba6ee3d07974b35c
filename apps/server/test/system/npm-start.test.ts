import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { freePort } from '../live/server-process.ts';

/**
 * `npm start` as a person runs it: from a folder of their own (here a temporary one, with
 * `--prefix` pointing at the repository), with no DATA_DIR. The data goes to that folder's
 * ./data; the first log line says so; SIGTERM to npm stops the whole tree within seconds,
 * freeing the port and the database's lock. WEB_DIST_DIR skips the web build (tested apart in
 * web-build.test.ts).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const here = mkdtempSync(path.join(tmpdir(), 'arena-npm-start-'));

afterAll(() => rmSync(here, { recursive: true, force: true }));

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe('npm start', () => {
  it('keeps its data in ./data of the folder it is run from, says so first, and stops whole on SIGTERM', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    };
    delete env.DATA_DIR;
    delete env.DATABASE_URL;
    delete env.INIT_CWD;
    const npm: ChildProcess = spawn('npm', ['--prefix', root, 'start'], {
      cwd: here,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));

    const dataDir = path.join(here, 'data');
    const lock = path.join(dataDir, 'db.lock');
    try {
      const up = await waitFor(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            (response) => response.ok,
            () => false,
          ),
        150_000,
      );
      expect(up, output).toBe(true);
      expect(existsSync(lock)).toBe(true);
      expect(existsSync(path.join(root, 'apps/server', 'data', 'db.lock'))).toBe(false);
      const server = (JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid;

      // npm's own lines come first; the server's first log line is about the data.
      const logLines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string });
      expect(logLines[0]?.msg).toContain(`Arena keeps its data in ${dataDir}`);
      expect(logLines.some((line) => line.msg.includes(`http://localhost:${port}`))).toBe(true);

      const stoppedAt = Date.now();
      npm.kill('SIGTERM');
      await exited;
      expect(await waitFor(() => !alive(server), 10_000)).toBe(true);
      expect(await waitFor(() => portIsFree(port), 1_000)).toBe(true);
      expect(existsSync(lock)).toBe(false);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      if (existsSync(lock)) {
        const { pid } = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number };
        if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    }
  }, 180_000);
});
