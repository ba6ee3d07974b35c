import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing. Images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves about as much as its extra headers cost. */
const MIN_BYTES = 256;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, at the
 * highest levels (done once per build, not per request), so that the server sends the copy
 * the browser accepts without compressing anything itself. A copy that would not be smaller
 * than its original is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'arena-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await compressibleFiles(outDir);
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const candidates = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const sizes = await Promise.all(candidates.map(async (file) => (await stat(file)).size));
  return candidates.filter((_, i) => (sizes[i] ?? 0) >= MIN_BYTES);
}
