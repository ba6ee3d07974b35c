import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** The real server (`src/main.ts` through tsx) in a child process, as `npm start` runs it. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (or the signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const serverDir = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

export interface StartOptions {
  /** Default: a free one. */
  port?: number;
  /** Node options before the script, e.g. `--import <module hooks>`. */
  nodeFlags?: string[];
  timeoutMs?: number;
}

/**
 * Starts the server on a free port with `env` (DATA_DIR or DATABASE_URL, ...) and waits until
 * `/api/health` answers. Throws with the server's output if it exits or does not answer in time.
 */
export async function startServer(
  env: Record<string, string>,
  { port: chosenPort, nodeFlags = [], timeoutMs = 90_000 }: StartOptions = {},
): Promise<ServerProcess> {
  const port = chosenPort ?? (await freePort());
  // A DATABASE_URL left in the shell must not decide which database the test writes to.
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeFlags, 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...inherited,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'relaxed',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const state = { gone: false };
  void exited.then(() => (state.gone = true));

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !state.gone) {
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { base, child, output: () => output, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  await exited;
  throw new Error(`the server did not start:\n${output}`);
}
