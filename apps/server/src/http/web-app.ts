import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A page whose `<head>` the server writes (a public profile's Open Graph tags, for link previews
 * and search engines that do not run the app): its status and the markup, escaped, that takes
 * the place of the app's own `<title>` and description.
 */
export interface PageHead {
  status: number;
  head: string;
}

/** The head of the page at `pathname`, or null for a page that keeps the app's own. */
export type PageHeads = (
  pathname: string,
  request: FastifyRequest,
) => Promise<PageHead | null> | null;

/** Answers a client route with the app's page (history fallback). */
export type WebAppShell = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** The app's page with `head` in place of its own title and description, before `</head>`. */
function withHead(html: string, head: string): string {
  const bare = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const at = bare.search(/<\/head>/i);
  return at < 0 ? bare : `${bare.slice(0, at)}  ${head}\n  ${bare.slice(at)}`;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, `index.html` never cached,
 * and every client route answered with `index.html` (history fallback).
 *
 * The build writes `.br` and `.gz` copies of its text files (apps/web/vite-precompress.ts): the
 * copy the request's Accept-Encoding allows is sent (brotli preferred, then gzip, an encoding
 * given q=0 never), with the original's Content-Type, else the file itself. Every file answered
 * here may come in more than one encoding, so every answer varies by Accept-Encoding.
 *
 * A page that `pageHeads` knows gets `index.html` with its own head, read afresh (it is small,
 * and a deploy replaces it), uncompressed.
 *
 * Returns how to answer a client route, or null when no build is present (API-only, as in the
 * API tests).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pageHeads: PageHeads = () => null,
): Promise<WebAppShell | null> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
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
  return async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    const page = await pageHeads(new URL(request.url, 'http://arena.invalid').pathname, request);
    if (!page) return reply.sendFile('index.html');
    const html = withHead(await readFile(indexFile, 'utf8'), page.head);
    return reply.status(page.status).type('text/html; charset=utf-8').send(html);
  };
}
