import type { Plugin } from 'vite';

interface ModuleGraph {
  /** The ids a module imports statically, or null for an id the build does not know. */
  importsOf(id: string): readonly string[] | null;
}

/** `roots` and everything they import statically, each once. */
export function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    const imports = graph.importsOf(id);
    if (imports === null) throw new Error(`${id} is not in the build`);
    seen.add(id);
    stack.push(...imports);
  }
  return seen;
}

/**
 * The modules a page loads on top of what is already there: the static closure of `page`
 * less that of `already`.
 */
export function modulesOnTop(
  graph: ModuleGraph,
  page: readonly string[],
  already: readonly string[],
): Set<string> {
  const before = staticClosure(graph, already);
  return new Set([...staticClosure(graph, page)].filter((id) => !before.has(id)));
}

/**
 * One chunk for the code a page adds on top of the entry, the app and the pages listed in
 * `already`, instead of the dozens of small shared chunks automatic splitting makes of it: each
 * of them is another request and another `<link rel="modulepreload">` the entry's preload helper
 * inserts while the page waits (docs/decisions/0034-…). The chunking calls `test` after the
 * build has read every module, when `collect` has filled the set.
 */
export function firstPageChunk(options: {
  name: string;
  page: readonly string[];
  already: readonly string[];
}): { plugin: Plugin; test: (id: string) => boolean } {
  let modules: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'arena-first-page-chunk',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      modules = modulesOnTop(
        { importsOf: (id) => this.getModuleInfo(id)?.importedIds ?? null },
        options.page,
        options.already,
      );
    },
  };
  const test = (id: string) => {
    if (!modules) throw new Error(`${options.name}: the module graph was not read before chunking`);
    return modules.has(id);
  };
  return { plugin, test };
}
