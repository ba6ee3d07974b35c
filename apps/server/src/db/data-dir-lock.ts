import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database allows one process at a time on its directory; a second one (another
 * server, the admin command, a backup) would corrupt it. Whoever opens it holds `<dir>.lock`,
 * naming its process. A lock left by a process that has died (a crash, SIGKILL) is taken over.
 */
export class DataDirInUseError extends Error {}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(lockPath, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/** Takes the lock on `dir`; returns the function that gives it back. */
export function lockDataDir(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => {
        if (readOwner(lockPath)?.pid === me.pid) unlinkSync(lockPath);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockPath);
    const held =
      owner !== null && owner.pid !== process.pid && (owner.host !== me.host || alive(owner.pid));
    if (held) {
      throw new DataDirInUseError(
        `The embedded database in ${dir} is in use by process ${owner.pid} on ${owner.host} ` +
          `(since ${owner.since}). Stop it first; if that process is gone, delete ${lockPath}.`,
      );
    }
    // Left behind by a process that is gone: take it over.
    try {
      unlinkSync(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirInUseError(`Could not take the lock ${lockPath}`);
}
