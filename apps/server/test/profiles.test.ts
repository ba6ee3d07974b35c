import { readFileSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { ProfileDetail, Visibility } from '@arena/shared/profile.schema';
import type { HomeSidebar, ProfilePage } from '@arena/shared/screens.schema';

import { multipartFile, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

type ErrorBody = { error: { code: string; message: string } };

describeEachDatabase('profiles', (context) => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    context().app.inject({ method: 'GET', url, headers });

  describe('reading a profile', () => {
    it('shows a profile to visitors without the view count', async () => {
      const owner = await signUp(context(), { userType: 'coach' });
      const response = await get(`/api/profiles/${owner.input.username.toUpperCase()}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<ProfileDetail>()).toMatchObject({
        id: owner.session.profile.id,
        username: owner.input.username,
        fullName: owner.input.fullName,
        userType: 'coach',
        followersCount: 0,
        followingCount: 0,
        isOwn: false,
        isFollowing: false,
        profileViews: null,
      });
    });

    it('carries the athlete CV, so the profile page needs no second request for it', async () => {
      const owner = await signUp(context());
      const saved = await context().app.inject({
        method: 'PATCH',
        url: '/api/me/cv/athlete',
        headers: owner.bearer,
        payload: { sport: 'tennis', mainPosition: 'Singles' },
      });
      expect(saved.statusCode).toBe(200);
      const page = await get(`/api/profiles/${owner.input.username}`);
      const cv = await get(`/api/profiles/${owner.input.username}/cv`);
      expect(page.json<ProfilePage>().cv).toEqual(cv.json());
      expect(page.json<ProfilePage>().cv?.athlete).toMatchObject({
        sport: 'tennis',
        mainPosition: 'Singles',
      });
    });

    it("gives the feed's sidebar in one request: your CV, your views, people to follow", async () => {
      const owner = await signUp(context());
      const other = await signUp(context());
      await context().app.inject({
        method: 'POST',
        url: `/api/profiles/${owner.input.username}/views`,
        headers: other.bearer,
      });
      const home = await get('/api/me/home', owner.bearer);
      expect(home.statusCode).toBe(200);
      const body = home.json<HomeSidebar>();
      // The owner's own CV, exact birthdate included (others get the age only).
      expect(body.cv).toEqual(
        (await get(`/api/profiles/${owner.input.username}/cv`, owner.bearer)).json(),
      );
      expect(body.visibility).toEqual((await get('/api/me/visibility', owner.bearer)).json());
      expect(body.visibility.totalViews).toBe(1);
      expect(body.suggestions).toEqual((await get('/api/people/suggestions', owner.bearer)).json());
      expect(body.suggestions.some((person) => person.username === owner.input.username)).toBe(
        false,
      );
      expect((await get('/api/me/home')).statusCode).toBe(401);
    });

    it('shows the owner their own view count', async () => {
      const owner = await signUp(context());
      const response = await get(`/api/profiles/${owner.input.username}`, owner.bearer);
      expect(response.json<ProfileDetail>()).toMatchObject({ isOwn: true, profileViews: 0 });
    });

    it('answers 404 "Profile not found" for an unknown username', async () => {
      const response = await get('/api/profiles/nobody_here_at_all');
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.profileNotFound);
    });
  });

  describe('editing a profile', () => {
    const patch = (headers: Record<string, string>, payload: object) =>
      context().app.inject({ method: 'PATCH', url: '/api/me/profile', headers, payload });

    it("changes the caller's name, username and bio", async () => {
      const user = await signUp(context());
      const username = `${user.input.username.slice(0, 20)}_new`;
      const response = await patch(user.bearer, {
        fullName: ' Ana Lima ',
        username,
        bio: 'Left-footed striker.',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<ProfileDetail>()).toMatchObject({
        fullName: 'Ana Lima',
        username,
        bio: 'Left-footed striker.',
        isOwn: true,
      });
      expect((await get(`/api/profiles/${user.input.username}`)).statusCode).toBe(404);
    });

    it('clears the bio when it is blank', async () => {
      const user = await signUp(context());
      await patch(user.bearer, { ...user.input, bio: 'Something' });
      const response = await patch(user.bearer, {
        fullName: user.input.fullName,
        username: user.input.username,
        bio: '  ',
      });
      expect(response.json<ProfileDetail>().bio).toBeNull();
    });

    it.each([
      [{ bio: 'x'.repeat(501) }, MESSAGES.validation.bioMax],
      [{ fullName: '' }, MESSAGES.validation.fullNameRequired],
      [{ fullName: 'x'.repeat(101) }, MESSAGES.validation.fullNameMax],
      [{ username: 'no spaces' }, MESSAGES.validation.usernameChars],
      [{ username: 'ab' }, MESSAGES.validation.usernameMin],
    ])('refuses %j with the spec message and changes nothing', async (override, message) => {
      const user = await signUp(context());
      const response = await patch(user.bearer, {
        fullName: user.input.fullName,
        username: user.input.username,
        ...override,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.message).toBe(message);
      const after = (await get(`/api/profiles/${user.input.username}`)).json<ProfileDetail>();
      expect(after.fullName).toBe(user.input.fullName);
    });

    it("refuses another person's username, whatever the case", async () => {
      const taken = await signUp(context());
      const user = await signUp(context());
      const response = await patch(user.bearer, {
        fullName: 'X',
        username: taken.input.username.toUpperCase(),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.auth.usernameTaken);
    });

    it('lets a user change the case of their own username', async () => {
      const user = await signUp(context());
      const response = await patch(user.bearer, {
        fullName: 'X',
        username: user.input.username.toUpperCase(),
      });
      expect(response.statusCode).toBe(200);
    });

    it("only ever changes the caller's own profile, and refuses visitors", async () => {
      const other = await signUp(context());
      const user = await signUp(context());
      await patch(user.bearer, { fullName: 'Changed', username: user.input.username });
      expect(
        (await get(`/api/profiles/${other.input.username}`)).json<ProfileDetail>().fullName,
      ).toBe(other.input.fullName);
      const visitor = await patch({}, { fullName: 'Changed', username: other.input.username });
      expect(visitor.statusCode).toBe(401);
    });
  });

  describe('profile views', () => {
    const view = (username: string, headers: Record<string, string>) =>
      context().app.inject({ method: 'POST', url: `/api/profiles/${username}/views`, headers });

    it('counts a viewer once per hour, not the owner, and not visitors', async () => {
      const owner = await signUp(context());
      const viewer = await signUp(context());
      expect((await view(owner.input.username, viewer.bearer)).json()).toEqual({ counted: true });
      expect((await view(owner.input.username, viewer.bearer)).json()).toEqual({ counted: false });
      expect((await view(owner.input.username, owner.bearer)).json()).toEqual({ counted: false });
      expect((await view(owner.input.username, {})).statusCode).toBe(401);

      const profile = (
        await get(`/api/profiles/${owner.input.username}`, owner.bearer)
      ).json<ProfileDetail>();
      expect(profile.profileViews).toBe(1);
    });

    it('counts simultaneous views by one viewer once', async () => {
      const owner = await signUp(context());
      const viewer = await signUp(context());
      const results = await Promise.all(
        Array.from({ length: 6 }, () => view(owner.input.username, viewer.bearer)),
      );
      expect(results.filter((r) => r.json<{ counted: boolean }>().counted)).toHaveLength(1);
      const profile = (
        await get(`/api/profiles/${owner.input.username}`, owner.bearer)
      ).json<ProfileDetail>();
      expect(profile.profileViews).toBe(1);
    });

    it('reports visibility: total, last 7 days and the 7 before', async () => {
      const owner = await signUp(context());
      for (let i = 0; i < 3; i += 1)
        await view(owner.input.username, (await signUp(context())).bearer);
      const response = await get('/api/me/visibility', owner.bearer);
      expect(response.json<Visibility>()).toEqual({
        totalViews: 3,
        last7Days: 3,
        previous7Days: 0,
        growthPercent: null,
      });
    });
  });

  describe('avatars', () => {
    const upload = (
      headers: Record<string, string>,
      filename: string,
      type: string,
      bytes: Buffer,
    ) => {
      const body = multipartFile('file', filename, type, bytes);
      return context().app.inject({
        method: 'PUT',
        url: '/api/me/avatar',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };

    it('re-encodes the picture to a 512 px WebP without metadata, under a name it never changes', async () => {
      const user = await signUp(context());
      const photo = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: '#2a6' },
      })
        .jpeg()
        .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Location Cam' } })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();

      const response = await upload(user.bearer, 'me.jpg', 'image/jpeg', photo);
      expect(response.statusCode).toBe(200);
      const { avatarUrl } = response.json<{ avatarUrl: string }>();
      expect(avatarUrl).toMatch(
        new RegExp(`^/files/avatars/${user.session.user.id}/avatar-[a-z0-9]+\\.webp$`),
      );

      const file = await get(avatarUrl);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const stored = await sharp(file.rawPayload).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(stored.exif).toBeUndefined();

      const profile = (await get(`/api/profiles/${user.input.username}`)).json<ProfileDetail>();
      expect(profile.avatarUrl).toBe(avatarUrl);
    });

    it('gives each new picture a new URL so it shows at once', async () => {
      const user = await signUp(context());
      const png = await sharp({
        create: { width: 40, height: 40, channels: 3, background: '#123' },
      })
        .png()
        .toBuffer();
      const first = (await upload(user.bearer, 'a.png', 'image/png', png)).json<{
        avatarUrl: string;
      }>().avatarUrl;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = (await upload(user.bearer, 'a.png', 'image/png', png)).json<{
        avatarUrl: string;
      }>().avatarUrl;
      expect(second).not.toBe(first);
    });

    it('decodes a real HEIC photo', async () => {
      const user = await signUp(context());
      const heic = readFileSync(path.join(import.meta.dirname, 'fixtures', 'red-64x48.heic'));
      const response = await upload(user.bearer, 'IMG_0001.HEIC', 'image/heic', heic);
      expect(response.statusCode, response.body).toBe(200);
      const file = await get(response.json<{ avatarUrl: string }>().avatarUrl);
      const stored = await sharp(file.rawPayload).metadata();
      expect(stored.format).toBe('webp');
      const { dominant } = await sharp(file.rawPayload).stats();
      expect(dominant.r).toBeGreaterThan(150);
    });

    it('refuses bytes that are not an image, whatever the name says', async () => {
      const user = await signUp(context());
      const response = await upload(
        user.bearer,
        'photo.png',
        'image/png',
        Buffer.from('<script>alert(1)</script>'),
      );
      expect(response.statusCode).toBe(415);
      expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.profile.avatarNotImage);
      const profile = (await get(`/api/profiles/${user.input.username}`)).json<ProfileDetail>();
      expect(profile.avatarUrl).toBeNull();
    });

    it('refuses an image that cannot be decoded with "Failed to process image"', async () => {
      const user = await signUp(context());
      const png = await sharp({
        create: { width: 300, height: 300, channels: 3, background: '#f00' },
      })
        .png()
        .toBuffer();
      const response = await upload(user.bearer, 'broken.png', 'image/png', png.subarray(0, 120));
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.profile.imageFailed);
    });

    it('refuses a decompression bomb (a tiny file claiming a huge canvas)', async () => {
      const user = await signUp(context());
      const bomb = await sharp({
        create: { width: 10_000, height: 10_000, channels: 3, background: '#000' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const response = await upload(user.bearer, 'bomb.png', 'image/png', bomb);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.imageTooManyPixels);
    });

    it('cuts off an upload over 20 MB with the spec message', async () => {
      const user = await signUp(context());
      const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0xff);
      big.set([0xff, 0xd8, 0xff, 0xe0], 0);
      const response = await upload(user.bearer, 'huge.jpg', 'image/jpeg', big);
      expect(response.statusCode).toBe(413);
      expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.profile.avatarTooLarge);
    });

    it('refuses visitors and a request without a file', async () => {
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      expect((await upload({}, 'a.png', 'image/png', png)).statusCode).toBe(401);
      const user = await signUp(context());
      const noFile = await context().app.inject({
        method: 'PUT',
        url: '/api/me/avatar',
        headers: { ...user.bearer, 'content-type': 'application/json' },
        payload: {},
      });
      expect(noFile.statusCode).toBe(415);
      expect(noFile.json<ErrorBody>().error.message).toBe(MESSAGES.profile.avatarNotImage);
    });

    it('never serves private buckets or paths outside storage', async () => {
      for (const url of [
        '/files/offer-applications/x/cv.pdf',
        '/files/avatars/../../etc/passwd',
        '/files/secrets/x.png',
      ]) {
        const response = await get(url);
        expect([400, 404]).toContain(response.statusCode);
      }
    });
  });
});
