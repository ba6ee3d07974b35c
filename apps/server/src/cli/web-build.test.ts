import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { recordWebBuild, webBuildIsCurrent, webSourcesFingerprint } from './web-build.ts';

let root: string;
let dist: string;

function write(file: string, content: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'arena-web-build-'));
  dist = path.join(root, 'apps/web/dist');
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/index.html', '<div id="root"></div>');
  write('packages/shared/src/messages.ts', 'export const MESSAGES = {}');
  write('package-lock.json', '{}');
  write('apps/server/src/main.ts', 'listen()');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the web build fingerprint', () => {
  it('finds no current build on a fresh clone, and one once recorded', () => {
    const fingerprint = webSourcesFingerprint(root);
    expect(webBuildIsCurrent(dist, fingerprint)).toBe(false);
    write('apps/web/dist/index.html', 'built');
    expect(webBuildIsCurrent(dist, fingerprint)).toBe(false);
    recordWebBuild(dist, fingerprint);
    expect(webBuildIsCurrent(dist, webSourcesFingerprint(root))).toBe(true);
    // Kept beside the build, which the server serves whole, not in it.
    expect(readdirSync(dist)).toEqual(['index.html']);
  });

  it('changes with the web sources, the shared package and the lockfile, not with the build or the server', () => {
    write('apps/web/dist/index.html', 'built');
    const before = webSourcesFingerprint(root);
    recordWebBuild(dist, before);

    write('apps/web/dist/assets/app.js', 'more output');
    write('apps/web/node_modules/.vite/deps.json', '{}');
    write('apps/server/src/main.ts', 'listen(); close()');
    expect(webSourcesFingerprint(root)).toBe(before);

    for (const [file, content] of [
      ['apps/web/src/main.tsx', 'render(); hydrate()'],
      ['apps/web/src/features/new-page.tsx', 'page()'],
      ['packages/shared/src/messages.ts', 'export const MESSAGES = { a: 1 }'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ] as const) {
      const was = webSourcesFingerprint(root);
      write(file, content);
      const now = webSourcesFingerprint(root);
      expect(now, file).not.toBe(was);
      expect(webBuildIsCurrent(dist, now), file).toBe(false);
    }
  });

  it('is not fooled by a build whose index.html is gone', () => {
    write('apps/web/dist/index.html', 'built');
    const fingerprint = webSourcesFingerprint(root);
    recordWebBuild(dist, fingerprint);
    rmSync(path.join(dist, 'index.html'));
    expect(webBuildIsCurrent(dist, fingerprint)).toBe(false);
  });
});
