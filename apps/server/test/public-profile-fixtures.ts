import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, expect } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { MediaUpload } from '@arena/shared/post.schema';
import type { PublicProfileSettings } from '@arena/shared/public-profile.schema';

import { selectRows } from '../src/db/database.ts';
import { multipartFile, signUp, type SignedUp } from './fixtures.ts';
import type { TestContext } from './harness.ts';

export const PUBLIC_URL = 'https://arena.example';

/**
 * The app's page, as the build writes it, in a folder of its own (removed after the file's
 * tests): the server puts a public profile's head into it.
 */
export function appPageDist(): string {
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
  return dist;
}

/** The requests the public profile suites make, and a player with a CV worth showing. */
export function publicProfileHelpers(context: () => TestContext) {
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

  return {
    inject,
    ok,
    settingsOf,
    turnOn,
    publicJson,
    page,
    rows,
    expectNotFound,
    athlete,
    uploadPng,
    photoPost,
  };
}
