import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { firstScreenIcons } from './vite-first-screen-icons.ts';

const root = mkdtempSync(path.join(tmpdir(), 'icons-'));
const first = path.join(root, 'landing');
const later = path.join(root, 'offers');
mkdirSync(path.join(first, 'nested'), { recursive: true });
mkdirSync(later);
writeFileSync(
  path.join(first, 'nested', 'header.tsx'),
  "import { Loader2 as Spin, Tent } from 'lucide-react';\nimport type { LucideIcon } from 'lucide-react';",
);
writeFileSync(path.join(later, 'card.tsx'), "import { Lock } from 'lucide-react';");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const lucide = (file: string) => `/app/node_modules/lucide-react/dist/esm/${file}`;

describe('firstScreenIcons', () => {
  const test = firstScreenIcons([first]);

  it('takes the icons the first screens import, by the file an alias names', () => {
    expect(test(lucide('icons/tent.mjs'))).toBe(true);
    // Loader2 is an alias of loader-circle.
    expect(test(lucide('icons/loader-circle.mjs'))).toBe(true);
  });

  it('leaves out the icons only other pages import, and other packages', () => {
    expect(test(lucide('icons/lock.mjs'))).toBe(false);
    expect(test('/app/node_modules/react/index.js')).toBe(false);
  });

  it('keeps the library’s own modules with the first screens', () => {
    expect(test(lucide('createLucideIcon.mjs'))).toBe(true);
  });
});
