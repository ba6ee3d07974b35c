import type { HtmlTagDescriptor, Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
}

/**
 * The chunk whose module ends with `entry`, then every chunk it imports statically, depth first,
 * each once.
 */
export function chunksOf(bundle: Record<string, ChunkLike>, entry: string): string[] {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(entry));
  if (!root) throw new Error(`No chunk for ${entry} in the build`);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(root.fileName);
  return [...seen];
}

/**
 * Lists `entry`'s chunk and the chunks it imports as `<link rel="modulepreload">` in the built
 * index.html. The entry (src/boot.ts) is small and imports the app dynamically, so that it runs
 * before the framework has arrived; these links have the browser fetch the app's code at once,
 * beside the entry, rather than after it has run.
 */
export function preloadApp(entry: string): Plugin {
  return {
    name: 'arena-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const bundle = context.bundle as unknown as Record<string, ChunkLike>;
        const tags: HtmlTagDescriptor[] = chunksOf(bundle, entry)
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head',
          }));
        return { html, tags };
      },
    },
  };
}
