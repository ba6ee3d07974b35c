import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The icons the first screens draw, as a test for a chunk of their own. Every page's icons in
 * one chunk would make the landing page load the icons of every screen of the app (and grow
 * with each new one, issue 8's budget); instead the icons that the given source folders import
 * share one long-cached chunk, and any other icon loads with the pages that draw it.
 */
export function firstScreenIcons(folders: string[]): (id: string) => boolean {
  const entry = createRequire(import.meta.url).resolve('lucide-react');
  const barrel = path.join(path.dirname(entry), '..', 'esm', 'lucide-react.mjs');
  // `export { default as Tent, default as TentIcon, … } from './icons/tent.mjs';`
  const fileOf = new Map<string, string>();
  for (const match of readFileSync(barrel, 'utf8').matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
  )) {
    const [, names = '', file = ''] = match;
    for (const alias of names.matchAll(/default as (\w+)/g)) fileOf.set(alias[1] ?? '', file);
  }
  const files = new Set<string>();
  for (const source of folders.flatMap(sourcesIn)) {
    for (const match of readFileSync(source, 'utf8').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g,
    )) {
      for (const name of (match[1] ?? '').split(',')) {
        const imported = name.trim().split(/\s+as\s+/)[0] ?? '';
        const file = fileOf.get(imported);
        if (file) files.add(file);
      }
    }
  }
  return (id) => {
    if (!/node_modules[\\/]lucide-react[\\/]/.test(id)) return false;
    const icon = /[\\/]icons[\\/]([\w-]+)\.mjs$/.exec(id);
    // The library's own modules (the icon factory) go with the first screens' icons.
    return icon === null || files.has(icon[1] ?? '');
  };
}

function sourcesIn(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}
