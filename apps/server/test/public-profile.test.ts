import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';

import { ageOn } from '@arena/shared/age';
import { MESSAGES } from '@arena/shared/messages';
import type { MediaUpload } from '@arena/shared/post.schema';
import type { PublicProfilePage, PublicProfileSettings } from '@arena/shared/public-profile.schema';

import { selectRows } from '../src/db/database.ts';
import { RATE_LIMITS } from '../src/http/rate-limits.ts';
import { multipartFile, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { birthdateAged } from './minors-fixtures.ts';
import { moderationHelpers } from './moderation-fixtures.ts';
import { OFFERS_CONFIG } from './offers-fixtures.ts';
import { videoSettled } from './video-jobs.ts';
import { videos } from './videos.ts';

const m = MESSAGES.publicProfile;
const PUBLIC_URL = 'https://arena.example';

// The app's page, as the build writes it: the server puts a public profile's head into it.
const dist = mkdtempSync(path.join(tmpdir(), 'arena-public-profile-'));
writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Arena is the professional community for sport." />
    <title>Arena</title>
  </head>
  <body><div id="root"></div></body>
</html>`,
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describeEachDatabase(
  'public profiles',
  (context) => {
    const moderation = moderationHelpers(context);
    const inject = (
      method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH',
      url: string,
      user: SignedUp | null,
      payload?: object,
    ) =>
      context().app.inject({
        method,
        url,
        headers: user?.bearer ?? {},
        ...(payload ? { payload } : {}),
      });
    const ok = async (
      method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH',
      url: string,
      user: SignedUp | null,
      payload?: object,
    ) => {
      const response = await inject(method, url, user, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response;
    };
    const settingsOf = async (user: SignedUp) =>
      (await ok('GET', '/api/me/public-profile', user)).json<PublicProfileSettings>();
    const turnOn = (user: SignedUp, sections: string[], allowIndexing = false) =>
      inject('PUT', '/api/me/public-profile', user, { sections, allowIndexing });
    const publicJson = (username: string, viewer: SignedUp | null = null) =>
      inject('GET', `/api/public/profiles/${username}`, viewer);
    const page = (username: string) =>
      context().app.inject({ method: 'GET', url: `/p/${encodeURIComponent(username)}` });
    const rows = async () =>
      (
        await selectRows<{ n: number }>(
          context().database.db,
          sql`SELECT count(*)::int AS n FROM public_profiles`,
        )
      )[0]?.n ?? 0;
    const expectNotFound = async (username: string) => {
      const json = await publicJson(username);
      expect(json.statusCode).toBe(404);
      expect(json.json()).toEqual({
        error: { code: 'not_found', message: MESSAGES.profileNotFound },
      });
      const html = await page(username);
      expect(html.statusCode).toBe(404);
      expect(html.headers['content-type']).toContain('text/html');
      expect(html.body).toContain('<meta name="robots" content="noindex"');
      expect(html.body).not.toContain('og:title');
      expect(html.body).not.toContain(username);
      return html.body;
    };

    /** A player with a full CV, open to offers for everyone, and a post with a photo. */
    async function athlete(): Promise<SignedUp> {
      const user = await signUp(context());
      await ok('PATCH', '/api/me/cv/athlete', user, {
        sport: 'football',
        mainPosition: 'Left winger',
        otherPositions: 'Striker',
        heightCm: 181,
        weightKg: 74.5,
        nationalities: 'Portuguese',
        armSpan: 'secret-armspan-190',
        aboutPlayer: 'Fast and left-footed.',
        availabilityStatus: 'Available',
      });
      await ok('POST', '/api/me/cv/career', user, { season: '2025', teamName: 'FC Porto B' });
      await ok('POST', '/api/me/cv/awards', user, { title: 'Top scorer' });
      await ok('PUT', '/api/me/open-to-offers', user, {
        visibility: 'everyone',
        contractTypes: ['Full Season'],
      });
      return user;
    }

    /** Uploads a small PNG as `user` to `url`; the answer must be `status`. */
    async function uploadPng(user: SignedUp, method: 'POST' | 'PUT', url: string, status: number) {
      const png = await sharp({
        create: { width: 32, height: 32, channels: 3, background: '#2a6' },
      })
        .png()
        .toBuffer();
      const body = multipartFile('file', 'picture.png', 'image/png', png);
      const response = await context().app.inject({
        method,
        url,
        headers: { ...user.bearer, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(status);
      return response;
    }

    async function photoPost(user: SignedUp, content: string): Promise<string> {
      const media = await uploadPng(user, 'POST', '/api/media', 201);
      const post = await ok('POST', '/api/posts', user, {
        content,
        sport: 'football',
        mediaId: media.json<MediaUpload>().id,
      });
      return post.json<{ id: string }>().id;
    }

    it('is off by default: the settings say so and there is no page', async () => {
      const user = await signUp(context());
      expect(await settingsOf(user)).toEqual({
        enabled: false,
        sections: [],
        allowIndexing: false,
        url: `${PUBLIC_URL}/p/${user.input.username}`,
        eligible: true,
      });
      await expectNotFound(user.input.username);
      // Signed in, it is no different.
      expect((await publicJson(user.input.username, await signUp(context()))).statusCode).toBe(404);
    });

    it('turns on with the sections chosen, shows only those, and turns off again', async () => {
      const user = await athlete();
      const on = await turnOn(user, ['sport', 'career']);
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json<PublicProfileSettings>()).toMatchObject({
        enabled: true,
        sections: ['sport', 'career'],
        allowIndexing: false,
      });

      const shown = await publicJson(user.input.username);
      expect(shown.statusCode, shown.body).toBe(200);
      const body = shown.json<PublicProfilePage>();
      expect(body).toMatchObject({
        username: user.input.username,
        fullName: user.input.fullName,
        userType: 'player',
        verified: false,
        sections: ['sport', 'career'],
        sport: {
          sport: 'football',
          mainPosition: 'Left winger',
          otherPositions: 'Striker',
          heightCm: 181,
          weightKg: 74.5,
          nationalities: 'Portuguese',
          age: ageOn(user.input.birthdate),
        },
        career: [expect.objectContaining({ season: '2025', teamName: 'FC Porto B' })],
        awards: null,
        availability: null,
        highlights: null,
      });
      // Found whatever the case of the address.
      expect((await publicJson(user.input.username.toUpperCase())).statusCode).toBe(200);

      // Changed: other sections.
      await turnOn(user, ['awards', 'availability']);
      const changed = (await publicJson(user.input.username)).json<PublicProfilePage>();
      expect(changed.sport).toBeNull();
      expect(changed.career).toBeNull();
      expect(changed.awards).toEqual([expect.objectContaining({ title: 'Top scorer' })]);
      expect(changed.availability).toEqual({
        status: 'Available',
        openToOffers: {
          visibility: 'everyone',
          contractTypes: ['Full Season'],
          contractEndsOn: null,
        },
      });

      const off = await inject('DELETE', '/api/me/public-profile', user);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<PublicProfileSettings>()).toMatchObject({ enabled: false, sections: [] });
      await expectNotFound(user.input.username);
      // Off twice is still off.
      expect((await inject('DELETE', '/api/me/public-profile', user)).statusCode).toBe(200);
    });

    it('shows being open to offers only when the athlete shows it to everyone', async () => {
      const user = await athlete();
      await ok('PUT', '/api/me/open-to-offers', user, {
        visibility: 'verified',
        contractTypes: ['Full Season'],
      });
      await turnOn(user, ['availability']);
      const body = (await publicJson(user.input.username)).json<PublicProfilePage>();
      expect(body.availability).toEqual({ status: 'Available', openToOffers: null });
    });

    it('shows the latest posts with media as highlights, none removed by moderation', async () => {
      const user = await athlete();
      await ok('POST', '/api/posts', user, { content: 'Text only', sport: 'football' });
      const kept = await photoPost(user, 'Goal of the month');
      const removed = await photoPost(user, 'A post a moderator removes');
      const reported = await moderation.report(await signUp(context()), 'post', removed);
      expect(reported.statusCode, reported.body).toBe(201);
      const decided = await moderation.decide((await moderation.caseOf(removed)).id, {
        actions: ['remove'],
        reason: 'Spam',
      });
      expect(decided.statusCode, decided.body).toBeLessThan(300);

      await turnOn(user, ['highlights']);
      const body = (await publicJson(user.input.username)).json<PublicProfilePage>();
      expect(body.highlights?.map((post) => post.id)).toEqual([kept]);
      expect(body.highlights?.[0]).toMatchObject({
        content: 'Goal of the month',
        mediaType: 'image',
      });
      expect(body.highlights?.[0]?.mediaUrl).toMatch(/^\/files\//);
    });

    it('shows a video with its poster once it is processed, and not before', async () => {
      const user = await athlete();
      await turnOn(user, ['highlights']);
      const body = multipartFile('file', 'clip.mp4', 'video/mp4', videos.mp4());
      const uploaded = await context().app.inject({
        method: 'POST',
        url: '/api/media',
        headers: { ...user.bearer, ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const media = uploaded.json<MediaUpload>();
      const post = await ok('POST', '/api/posts', user, {
        content: 'Free kick',
        sport: 'football',
        mediaId: media.id,
      });
      const id = post.json<{ id: string }>().id;
      const shown = async () =>
        (await publicJson(user.input.username)).json<PublicProfilePage>().highlights ?? [];
      // Read while the job may still run: it is either not there yet or there as ready.
      const early = await shown();
      const settled = await videoSettled(context(), media.id);
      expect(early.every((item) => item.id !== id) || settled === 'ready').toBe(true);
      expect(settled).toBe('ready');
      const [video] = await shown();
      expect(video).toMatchObject({ id, mediaType: 'video', mediaImage: null });
      expect(video?.posterUrl).toMatch(/^\/files\/post-media\/.*-poster\.webp$/);
    });

    it('never holds a contact detail, the birthdate or a private field', async () => {
      const user = await athlete();
      await turnOn(user, ['sport', 'career', 'awards', 'availability', 'highlights'], true);
      const json = (await publicJson(user.input.username)).body;
      const html = (await page(user.input.username)).body;
      for (const text of [json, html]) {
        expect(text).not.toContain(user.input.email);
        expect(text).not.toContain(user.input.birthdate);
        expect(text).not.toContain('secret-armspan-190');
        expect(text).not.toContain('Fast and left-footed.');
        expect(text.toLowerCase()).not.toMatch(/"(email|phone|birthdate|sex)"/);
      }
      expect(Object.keys(JSON.parse(json) as object).sort()).toEqual(
        [
          'availability',
          'avatarUrl',
          'awards',
          'career',
          'fullName',
          'highlights',
          'sections',
          'sport',
          'username',
          'userType',
          'verified',
        ].sort(),
      );
    });

    it('refuses a minor (nothing stored) and never shows one', async () => {
      const minor = await signUp(context(), { birthdate: birthdateAged(16) });
      const before = await rows();
      const refused = await turnOn(minor, ['sport']);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: { code: 'forbidden', message: m.minorsCannot },
      });
      expect(await rows()).toBe(before);
      expect(await settingsOf(minor)).toMatchObject({ enabled: false, eligible: false });

      // A row that got there anyway (a birthdate an admin corrected) still shows nothing.
      await context().database.db.execute(
        sql`INSERT INTO public_profiles (profile_id, sections) VALUES (${minor.session.profile.id}::uuid, ARRAY['sport'])`,
      );
      await expectNotFound(minor.input.username);
      expect(await settingsOf(minor)).toMatchObject({ enabled: false, eligible: false });
    });

    it('hides a suspended or banned member with the same answer', async () => {
      const user = await athlete();
      await turnOn(user, ['sport']);
      expect((await publicJson(user.input.username)).statusCode).toBe(200);
      const db = context().database.db;
      await db.execute(
        sql`UPDATE users SET suspended_until = now() + interval '3 days' WHERE id = ${user.session.user.id}::uuid`,
      );
      await expectNotFound(user.input.username);
      await db.execute(
        sql`UPDATE users SET suspended_until = NULL, banned_at = now() WHERE id = ${user.session.user.id}::uuid`,
      );
      await expectNotFound(user.input.username);
      await db.execute(
        sql`UPDATE users SET banned_at = NULL WHERE id = ${user.session.user.id}::uuid`,
      );
      expect((await publicJson(user.input.username)).statusCode).toBe(200);
      // Nobody at that name: the same answer again.
      await expectNotFound('nobody_at_this_name');
    });

    it('refuses bad input with a clear message and changes nothing', async () => {
      const user = await athlete();
      await turnOn(user, ['career']);
      for (const [payload, message] of [
        [{ sections: ['career', 'phone'] }, m.sectionInvalid],
        [{ sections: ['career', 'career'] }, m.sectionsRepeated],
        [{ sections: 'career' }, m.sectionInvalid],
        [{ sections: ['career'], allowIndexing: 'yes' }, m.indexingInvalid],
      ] as const) {
        const response = await inject('PUT', '/api/me/public-profile', user, payload);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ error: { message } });
      }
      expect(await settingsOf(user)).toMatchObject({ enabled: true, sections: ['career'] });
      expect((await inject('GET', '/api/me/public-profile', null)).statusCode).toBe(401);
      expect(
        (await inject('PUT', '/api/me/public-profile', null, { sections: [] })).statusCode,
      ).toBe(401);
    });

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
