/**
 * `npm start`: builds the web app when its sources changed since the last build (or when there
 * is none), then runs the server (src/main.ts) in a child process and stays with it.
 *
 * Stopping: SIGTERM, SIGINT or SIGHUP to this process is passed on to the server (or to a build
 * in progress), which finishes its requests, closes the database and gives back the data
 * directory's lock; this process exits with the server's code. Should the server not stop within
 * 15 s, it is killed. This process also stops the server when whatever started it goes away
 * without a signal (its parent changes), and the server stops by itself when this process is
 * killed outright (its IPC channel closes: see main.ts).
 *
 * With WEB_DIST_DIR set, the server serves that folder and nothing is built.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

import { recordWebBuild, webBuildIsCurrent, webSourcesFingerprint } from './web-build.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SERVER_DIR = path.join(ROOT, 'apps/server');
const DIST_DIR = path.join(ROOT, 'apps/web/dist');
const STOP_GRACE_MS = 15_000;
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

let child: ChildProcess | undefined;
let stopping: NodeJS.Signals | undefined;

function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = signal;
  if (!child || child.exitCode !== null || child.signalCode !== null) process.exit(130);
  child.kill(signal);
  setTimeout(() => {
    process.stderr.write(`The server did not stop within ${STOP_GRACE_MS / 1000} s: killing it\n`);
    child?.kill('SIGKILL');
  }, STOP_GRACE_MS).unref();
}

for (const signal of SIGNALS) process.on(signal, () => stop(signal));

// Started through `sh -c` (npm), a signal may reach the shell and not this process: when the
// parent goes away, this process is adopted by another, and stops the server as for SIGTERM.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();

/** Runs `command` to its end; its output is kept and shown only if it fails. */
function runQuietly(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

async function buildWebAppIfChanged(): Promise<void> {
  if (process.env.WEB_DIST_DIR) return;
  // Taken before the build: a source changed while it runs makes the next start build again.
  const fingerprint = webSourcesFingerprint(ROOT);
  if (webBuildIsCurrent(DIST_DIR, fingerprint)) return;
  process.stdout.write('Building the web app (first start, or its sources changed)…\n');
  const started = Date.now();
  const npm = process.env.npm_execpath;
  const { code, output } = npm
    ? await runQuietly(process.execPath, [npm, 'run', 'build', '-w', '@arena/web'])
    : await runQuietly('npm', ['run', 'build', '-w', '@arena/web']);
  if (stopping) process.exit(130);
  if (code !== 0) {
    process.stderr.write(`${output}\nThe web app's build failed (exit code ${code}).\n`);
    process.exit(1);
  }
  recordWebBuild(DIST_DIR, fingerprint);
  process.stdout.write(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

await buildWebAppIfChanged();

child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: SERVER_DIR,
  // The server writes to this terminal (or pipe) itself; the IPC channel tells it when this
  // process is gone. Relative paths stay those of the folder `npm start` was typed in.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal === stopping ? 0 : 1));
});
