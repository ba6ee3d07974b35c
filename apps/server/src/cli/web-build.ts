import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether the web build is that of the sources at hand: a fingerprint of everything the build
 * reads (apps/web, packages/shared, the lockfile) is stored beside the build when it is made,
 * and compared at the next start. `npm start` builds only when they differ, or when there is
 * no build.
 */

/** What the build does not read: what it writes, the fingerprint, tools' caches. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  '.dist-fingerprint',
  'coverage',
  'test-results',
  '.vite',
]);

/**
 * Where the fingerprint of the build in `distDir` is kept: beside it, not in it, since the
 * server serves every file of the build.
 */
function fingerprintFile(distDir: string): string {
  return path.join(path.dirname(distDir), `.${path.basename(distDir)}-fingerprint`);
}

function filesUnder(root: string, dir: string, found: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(root, full, found);
    else if (entry.isFile()) found.push(path.relative(root, full));
  }
}

/** SHA-256 over the path and content of every source of the web build, in a stable order. */
export function webSourcesFingerprint(root: string): string {
  const files: string[] = [];
  for (const dir of ['apps/web', 'packages/shared']) {
    const full = path.join(root, dir);
    if (existsSync(full)) filesUnder(root, full, files);
  }
  if (existsSync(path.join(root, 'package-lock.json'))) files.push('package-lock.json');
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when `distDir` holds a build made from sources with this fingerprint. */
export function webBuildIsCurrent(distDir: string, fingerprint: string): boolean {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  try {
    return readFileSync(fingerprintFile(distDir), 'utf8').trim() === fingerprint;
  } catch {
    return false;
  }
}

export function recordWebBuild(distDir: string, fingerprint: string): void {
  writeFileSync(fingerprintFile(distDir), `${fingerprint}\n`);
}
