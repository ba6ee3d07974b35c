import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built single-page app: hashed assets cached for a year, `index.html` never cached,
 * and every client route answered with `index.html` (history fallback).
 *
 * The build writes `.br` and `.gz` copies of its text files (apps/web/vite-precompress.ts): the
 * copy the request's Accept-Encoding allows is sent (brotli preferred, then gzip, an encoding
 * given q=0 never), with the original's Content-Type, else the file itself. Every file answered
 * here may come in more than one encoding, so every answer varies by Accept-Encoding.
 *
 * Returns false when no build is present (API-only, as in the API tests).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const relative = path.relative(distDir, filePath);
      res.setHeader(
        'cache-control',
        relative.startsWith(`assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  return true;
}
