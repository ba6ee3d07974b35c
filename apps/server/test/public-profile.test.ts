import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { ageOn } from '@arena/shared/age';
import { MESSAGES } from '@arena/shared/messages';
import type { MediaUpload } from '@arena/shared/post.schema';
import type { PublicProfilePage, PublicProfileSettings } from '@arena/shared/public-profile.schema';

import { multipartFile, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { birthdateAged } from './minors-fixtures.ts';
import { moderationHelpers } from './moderation-fixtures.ts';
import { OFFERS_CONFIG } from './offers-fixtures.ts';
import { appPageDist, PUBLIC_URL, publicProfileHelpers } from './public-profile-fixtures.ts';
import { videoSettled } from './video-jobs.ts';
import { videos } from './videos.ts';

const m = MESSAGES.publicProfile;
const dist = appPageDist();

describeEachDatabase(
  'public profiles',
  (context) => {
    const moderation = moderationHelpers(context);
    const {
      inject,
      ok,
      settingsOf,
      turnOn,
      publicJson,
      page,
      rows,
      expectNotFound,
      athlete,
      photoPost,
    } = publicProfileHelpers(context);

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

      // Newer photos come first, until the member pins the video to their Highlights.
      const photos = [await photoPost(user, 'Warm-up'), await photoPost(user, 'Team photo')];
      expect((await shown()).map((item) => item.id)).toEqual([...photos.reverse(), id]);
      await ok('PUT', '/api/me/highlights', user, { postIds: [id] });
      expect((await shown()).map((item) => item.id)).toEqual([id, ...photos]);
      // Unpinned, it falls back to its place by time.
      await ok('PUT', '/api/me/highlights', user, { postIds: [] });
      expect((await shown()).map((item) => item.id)).toEqual([...photos, id]);
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
  },
  { ...OFFERS_CONFIG, webDistDir: dist, publicUrl: PUBLIC_URL },
);
