import { describe, expect, it } from 'vitest';

import { modulesOnTop, staticClosure } from './vite-first-page-chunk.ts';

/** entry → http; app → router → ui; feed → list → ui, http; list → feed (a cycle). */
const imports: Record<string, string[]> = {
  entry: ['http'],
  http: [],
  app: ['router'],
  router: ['ui'],
  ui: [],
  feed: ['list'],
  list: ['ui', 'http', 'feed'],
};
const graph = { importsOf: (id: string) => imports[id] ?? null };

describe('staticClosure', () => {
  it('holds the roots and all they import, each once, through cycles', () => {
    expect([...staticClosure(graph, ['feed'])].sort()).toEqual(['feed', 'http', 'list', 'ui']);
  });

  it('refuses a module the build does not know', () => {
    expect(() => staticClosure(graph, ['missing'])).toThrow('missing is not in the build');
  });
});

describe('modulesOnTop', () => {
  it('leaves out what the pages already loaded bring', () => {
    expect([...modulesOnTop(graph, ['feed'], ['entry', 'app'])].sort()).toEqual(['feed', 'list']);
  });

  it('is the whole closure when nothing is loaded before', () => {
    expect(modulesOnTop(graph, ['router'], []).size).toBe(2);
  });
});
