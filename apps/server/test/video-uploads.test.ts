import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { MediaUpload } from '@arena/shared/post.schema';

import { selectRows } from '../src/db/database.ts';
import { multipartFile, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { changes, storedState } from './route-table.ts';
import { videoSettled } from './video-jobs.ts';
import { mp4ThenHtml, mp4WithHtmlFrames, truncatedMp4, videos } from './videos.ts';

type ErrorBody = { error: { code: string; message: string } };

/** The two routes that take a video, with the spec's message for one that cannot be processed. */
const ROUTES = {
  'post media': { url: '/api/media', failed: MESSAGES.post.mediaFailed },
  'message media': { url: '/api/message-media', failed: MESSAGES.messaging.uploadFailed },
} as const;
type RouteName = keyof typeof ROUTES;
const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

describeEachDatabase('video uploads', (context) => {
  let user: SignedUp;
  beforeAll(async () => {
    user = await signUp(context());
  });

  const upload = (route: RouteName, name: string, type: string, bytes: Buffer) => {
    const body = multipartFile('file', name, type, bytes);
    return context().app.inject({
      method: 'POST',
      url: ROUTES[route].url,
      headers: { ...user.bearer, ...body.headers },
      payload: body.payload,
    });
  };

  const storedFileRows = async () =>
    (
      await selectRows<{ count: string }>(
        context().database.db,
        sql`SELECT count(*)::text AS count FROM stored_files`,
      )
    )[0]!.count;

  /** Uploads `bytes` as an MP4 and expects the spec's refusal, with nothing kept anywhere. */
  async function refused(route: RouteName, name: string, bytes: Buffer) {
    const before = await storedState(context());
    const rows = await storedFileRows();
    const response = await upload(route, name, 'video/mp4', bytes);
    expect(response.statusCode, `${route} ${name}: ${response.body}`).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      error: { code: 'bad_request', message: ROUTES[route].failed },
    });
    expect(await storedFileRows()).toBe(rows);
    const uploads = path.join(context().dataDir, 'storage', '.uploads');
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    expect(changes(before, await storedState(context()))).toEqual([]);
  }

  describe.each(ROUTE_NAMES)('%s', (route) => {
    it('accepts a real MP4, MOV and WebM, to become an MP4, but not an ftyp box followed by HTML', async () => {
      for (const [name, type, bytes] of [
        ['clip.mp4', 'video/mp4', videos.mp4()],
        ['clip.mov', 'video/quicktime', videos.mov()],
        ['clip.webm', 'video/webm', videos.webm()],
      ] as const) {
        const response = await upload(route, name, type, bytes);
        expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
        const media = response.json<MediaUpload>();
        expect(media.mediaType).toBe('video');
        // The original is kept aside for its job (video-processing.test.ts), never served.
        expect(media.url.split('?')[0]).toMatch(/\.mp4$/);
        // Settled before the refusals below compare what is stored.
        expect(await videoSettled(context(), media.id)).toBe('ready');
      }

      await refused(route, 'clip.mp4', mp4ThenHtml());
    });

    it('refuses an MP4 with only a sound track, one cut off before its index and one whose frames are HTML', async () => {
      await refused(route, 'song.mp4', videos.audioOnlyMp4());
      await refused(route, 'cut.mp4', truncatedMp4());
      await refused(route, 'frames.mp4', mp4WithHtmlFrames());
    });

    it('refuses, quickly, 11 KB that would decode to a frame of 35 megapixels', async () => {
      const started = Date.now();
      await refused(route, 'huge.mp4', videos.hugeFrameMp4());
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });
});
