import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { serveWebBuild } from './web-build.ts';

/** The build's precompressed copies (apps/web/vite-precompress.ts) and how they are chosen. */
describe('the app shell in the encoding the browser accepts', () => {
  const html = `<!doctype html><title>Arena</title><div id="root"></div>${' '.repeat(400)}`;
  const script = `console.log(${JSON.stringify('arena '.repeat(200))});`;
  const asset = '/assets/index-abc123.js';
  // The type the server gives the file itself: its compressed copies are sent with the same.
  const scriptType = 'application/javascript; charset=utf-8';

  const app = serveWebBuild((dist) => {
    const write = (file: string, text: string) => {
      writeFileSync(path.join(dist, file), text);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
    };
    write('index.html', html);
    write(asset.slice(1), script);
    // Too small to be worth a compressed copy: the build writes none.
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    app().inject({
      method,
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy of an asset when brotli is accepted, with its caching', async () => {
    const response = await get(asset, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe(scriptType);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when gzip is the only compression accepted', async () => {
    const response = await get(asset, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe(scriptType);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('prefers the encoding of higher quality', async () => {
    const response = await get(asset, 'br;q=0.5, gzip;q=0.9');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it.each([undefined, '', 'identity', 'zstd'])(
    'sends the file itself when no compressed copy is accepted (Accept-Encoding %j)',
    async (acceptEncoding) => {
      const response = await get(asset, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toBe(scriptType);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.body).toBe(script);
    },
  );

  it('never sends an encoding refused with q=0', async () => {
    const noBrotli = await get(asset, 'br;q=0, gzip');
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const neither = await get(asset, 'br;q=0, gzip;q=0');
    expect(neither.headers['content-encoding']).toBeUndefined();
    expect(neither.body).toBe(script);
  });

  it.each(['/', '/feed', '/profile/someone'])(
    'answers the page %s with the compressed app, uncached',
    async (url) => {
      const response = await get(url, 'gzip, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
    },
  );

  it('answers HEAD like GET, without a body', async () => {
    const response = await get(asset, 'br', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe(scriptType);
    expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect(response.body).toBe('');
  });

  it('sends a file without compressed copies as it is', async () => {
    const response = await get('/favicon.svg', 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a hashed asset that is gone with a 404 in every encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/index-old999.js', acceptEncoding);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['content-encoding']).toBeUndefined();
    }
  });
});
