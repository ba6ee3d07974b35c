// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { chunksOf } from './vite-preload-app.ts';

const chunk = (fileName: string, imports: string[] = [], facadeModuleId: string | null = null) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  facadeModuleId,
});

describe('chunksOf', () => {
  it('lists the entry’s chunk and everything it imports, each once, and nothing else', () => {
    const bundle = {
      'assets/app.js': chunk(
        'assets/app.js',
        ['assets/framework.js', 'assets/button.js'],
        '/repo/src/app.tsx',
      ),
      'assets/button.js': chunk('assets/button.js', ['assets/framework.js', 'assets/icons.js']),
      'assets/framework.js': chunk('assets/framework.js'),
      'assets/icons.js': chunk('assets/icons.js'),
      'assets/feed-page.js': chunk('assets/feed-page.js', ['assets/framework.js']),
      'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
    };
    expect(chunksOf(bundle, '/src/app.tsx').sort()).toEqual([
      'assets/app.js',
      'assets/button.js',
      'assets/framework.js',
      'assets/icons.js',
    ]);
  });

  it('fails the build when the entry is not in it', () => {
    expect(() => chunksOf({ 'assets/x.js': chunk('assets/x.js') }, '/src/app.tsx')).toThrow(
      'No chunk for /src/app.tsx',
    );
  });
});
