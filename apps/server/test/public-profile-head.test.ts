import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { RATE_LIMITS } from '../src/http/rate-limits.ts';
import { signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { OFFERS_CONFIG } from './offers-fixtures.ts';
import { appPageDist, PUBLIC_URL, publicProfileHelpers } from './public-profile-fixtures.ts';

const dist = appPageDist();

describeEachDatabase(
  'the head of a public profile’s page',
  (context) => {
    const { ok, turnOn, page, athlete, uploadPng } = publicProfileHelpers(context);

    it('writes the head of /p/{username}: Open Graph, Twitter card, canonical, noindex', async () => {
      const user = await athlete();
      const uploaded = await uploadPng(user, 'PUT', '/api/me/avatar', 200);
      const avatarUrl = uploaded.json<{ avatarUrl: string }>().avatarUrl;
      await turnOn(user, ['sport']);

      const url = `${PUBLIC_URL}/p/${user.input.username}`;
      const response = await page(user.input.username);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = response.body;
      const title = `${user.input.fullName} (@${user.input.username}) | Arena`;
      expect(html).toContain(`<title data-public-profile>${title}</title>`);
      expect(html.match(/<title/g)).toHaveLength(1);
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).toContain(`<meta property="og:title" content="${title}"`);
      expect(html).toContain('<meta property="og:type" content="profile"');
      expect(html).toContain(`<meta property="og:url" content="${url}"`);
      expect(html).toContain(
        `<meta property="og:image" content="${PUBLIC_URL}${avatarUrl.replaceAll('&', '&amp;')}"`,
      );
      expect(html).toContain('<meta name="twitter:card" content="summary"');
      expect(html).toContain(`<meta name="twitter:title" content="${title}"`);
      expect(html).toContain('<meta name="twitter:image"');
      expect(html).toContain(
        `content="${user.input.fullName} on Arena: Football player · Left winger."`,
      );
      expect(html).toContain(`<link rel="canonical" href="${url}"`);
      expect(html).toContain('<meta name="robots" content="noindex"');
      expect(html).toContain('<div id="root"></div>');
      const head = await context().app.inject({
        method: 'HEAD',
        url: `/p/${user.input.username}`,
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toContain('text/html');

      // Search engines allowed: no noindex.
      await turnOn(user, ['sport'], true);
      const indexed = (await page(user.input.username)).body;
      expect(indexed).not.toContain('noindex');
      expect(indexed).toContain(`<link rel="canonical" href="${url}"`);

      // Other pages keep the app's own head.
      const other = await context().app.inject({ method: 'GET', url: '/feed' });
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('<title>Arena</title>');
      expect(other.body).not.toContain('og:');
    });

    it('escapes what the member wrote in the head', async () => {
      const user = await athlete();
      const name = `Eve "<script>alert('x')</script>" & co`;
      await context().database.db.execute(
        sql`UPDATE profiles SET full_name = ${name} WHERE id = ${user.session.profile.id}::uuid`,
      );
      await ok('PATCH', '/api/me/cv/athlete', user, {
        mainPosition: '<img src=x onerror=alert(1)>',
      });
      await turnOn(user, ['sport']);
      const html = (await page(user.input.username)).body;
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<img');
      expect(html).toContain(
        'Eve &quot;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; &amp; co',
      );
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    });
  },
  { ...OFFERS_CONFIG, webDistDir: dist, publicUrl: PUBLIC_URL },
);

describeEachDatabase(
  'public profiles at a crawler’s pace',
  (context) => {
    it('limits the page and its data per address', async () => {
      const user = await signUp(context());
      const on = await context().app.inject({
        method: 'PUT',
        url: '/api/me/public-profile',
        headers: user.bearer,
        payload: { sections: ['sport'] },
      });
      expect(on.statusCode, on.body).toBe(200);
      const { max } = RATE_LIMITS.publicProfile;
      for (const url of [
        `/api/public/profiles/${user.input.username}`,
        `/p/${user.input.username}`,
      ]) {
        for (let i = 0; i < max; i++) {
          const response = await context().app.inject({ method: 'GET', url });
          expect(response.statusCode, `${url} #${i + 1}`).toBe(200);
        }
        const limited = await context().app.inject({ method: 'GET', url });
        expect(limited.statusCode, url).toBe(429);
        expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      }
    });
  },
  { webDistDir: dist, publicUrl: PUBLIC_URL, rateLimits: 'strict' },
);
