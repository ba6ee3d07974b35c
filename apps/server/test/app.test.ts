import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { serveWebBuild } from './web-build.ts';

describe('the app shell', () => {
  const app = serveWebBuild(
    (dist) => {
      writeFileSync(
        path.join(dist, 'index.html'),
        '<!doctype html><title>Arena</title><div id="root"></div>',
      );
      writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("arena")');
      writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    },
    { contactEmail: 'legal@arena.test' },
  );

  it.each(['/', '/feed', '/profile/someone', '/messages?user=abc', '/no/such/page'])(
    'answers the client route %s with the app, uncached',
    async (url) => {
      const response = await app().inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('caches hashed assets for a year, immutably', async () => {
    const response = await app().inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a hashed asset that is gone (an older build) with a 404, not the app', async () => {
    const response = await app().inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('serves other static files without long caching', async () => {
    const response = await app().inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'Not found: GET /api/nope' },
    });
  });

  it('sends the security headers', async () => {
    const response = await app().inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('reports health and the public configuration', async () => {
    expect((await app().inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'pglite',
    });
    expect((await app().inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'off', storage: 'ok', process: 'serving' },
    });
    expect((await app().inject({ method: 'GET', url: '/api/meta' })).json()).toEqual({
      contactEmail: 'legal@arena.test',
    });
  });

  it('publishes OpenAPI 3.1 with the auth routes, and a docs page', async () => {
    const spec = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      openapi: string;
      paths: Record<string, unknown>;
    }>();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-up',
        '/api/auth/sign-in',
        '/api/auth/refresh',
        '/api/auth/session',
      ]),
    );
    const docs = await app().inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });
});
