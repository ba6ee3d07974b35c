import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { MediaUpload } from '@arena/shared/post.schema';

import type { AppConfig } from '../src/config.ts';
import { pdf } from './documents.ts';
import { multipartFile, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';
import { OFFERS_CONFIG, offersHelpers } from './offers-fixtures.ts';
import { type RunningS3Server, s3SettingsFor, startS3Server } from './support/s3-server.ts';

let workDir: string;
let s3: RunningS3Server;
// Filled in once the S3 server runs, before each suite's app is built from it.
const withPublicUrl: Partial<AppConfig> = { ...OFFERS_CONFIG };
const proxied: Partial<AppConfig> = { ...OFFERS_CONFIG };

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'arena-s3-files-'));
  s3 = await startS3Server({ dir: workDir, buckets: ['arena', 'arena-private'] });
  const buckets = {
    avatars: 'arena',
    'post-media': 'arena',
    'message-media': 'arena-private',
    'offer-applications': 'arena-private',
  };
  withPublicUrl.s3 = s3SettingsFor(s3.endpoint, buckets, `${s3.endpoint}/arena`);
  proxied.s3 = s3SettingsFor(s3.endpoint, buckets);
});
afterAll(async () => {
  await s3.stop();
  await rm(workDir, { recursive: true, force: true });
});

const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

async function postPhoto(context: TestContext, user: SignedUp): Promise<MediaUpload> {
  const body = multipartFile('file', 'photo.jpg', 'image/jpeg', await photo());
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...user.bearer, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  const media = response.json<MediaUpload>();
  const posted = await context.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: user.bearer,
    payload: { content: 'Training', sport: 'rugby', mediaId: media.id },
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return media;
}

describe('stored files on S3', () => {
  describeEachDatabase(
    'with S3_PUBLIC_URL',
    (context) => {
      const { inject, verifiedClub, postOffer, uploadCv, apply } = offersHelpers(context);

      it('sends a posted photo from the public address, where it is', async () => {
        const media = await postPhoto(context(), await signUp(context()));
        const served = await context().app.inject({ method: 'GET', url: media.url });
        expect(served.statusCode).toBe(302);
        const key = media.url.replace('/files/post-media/', '');
        expect(served.headers.location).toBe(`${s3.endpoint}/arena/post-media/${key}`);
        expect(served.headers['cache-control']).toMatch(/^public, max-age=\d+$/);

        const file = await fetch(served.headers.location as string);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/webp');
        expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(900);
        // Nothing of it on the disk.
        expect(existsSync(path.join(context().dataDir, 'storage', 'post-media'))).toBe(false);
      });

      it('opens a CV only through its grant, by a short-lived signed address', async () => {
        const club = await verifiedClub();
        const offer = await postOffer(club);
        const athlete = await signUp(context());
        const cv = (await uploadCv(athlete, 'cv.pdf', pdf())).json<{ id: string }>();
        expect((await apply(athlete, offer.id, { cvUploadId: cv.id })).statusCode).toBe(201);
        const [application] = (await inject('GET', '/api/me/applications-received', club)).json<
          { id: string }[]
        >();
        const { url } = (
          await inject('GET', `/api/applications/${application!.id}/cv-url`, club)
        ).json<{ url: string }>();

        const opened = await context().app.inject({ method: 'GET', url });
        expect(opened.statusCode).toBe(302);
        expect(opened.headers['cache-control']).toBe('private, no-store');
        const signed = new URL(opened.headers.location as string);
        expect(signed.origin).toBe(s3.endpoint);
        expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
        const file = await fetch(signed);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('application/pdf');
        expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.pdf"/);
        expect(
          Buffer.from(await file.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');

        // Without the grant, or with a damaged one, Arena gives no address at all.
        const key = url.split('?')[0]!.replace('/files/signed/offer-applications/', '');
        const unsigned = await context().app.inject({
          method: 'GET',
          url: `/files/offer-applications/${key}`,
        });
        expect(unsigned.statusCode).toBe(404);
        const damaged = await context().app.inject({ method: 'GET', url: `${url}x` });
        expect(damaged.statusCode).toBe(403);
        expect(damaged.headers.location).toBeUndefined();
        // The private bucket is not under the public address.
        expect((await fetch(`${s3.endpoint}/arena/offer-applications/${key}`)).status).toBe(404);
      });

      it('allows the store in the Content-Security-Policy for pictures and media', async () => {
        const page = await context().app.inject({ method: 'GET', url: '/api/health' });
        const policy = String(page.headers['content-security-policy']);
        expect(policy).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
        expect(policy).toContain(`media-src 'self' blob: ${s3.endpoint}`);
      });
    },
    withPublicUrl,
  );

  describeEachDatabase(
    'without S3_PUBLIC_URL',
    (context) => {
      it('sends a posted photo itself, read from S3', async () => {
        const media = await postPhoto(context(), await signUp(context()));
        const served = await context().app.inject({ method: 'GET', url: media.url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect((await sharp(served.rawPayload).metadata()).width).toBe(900);
        expect(existsSync(path.join(context().dataDir, 'storage', 'post-media'))).toBe(false);

        const missing = await context().app.inject({
          method: 'GET',
          url: '/files/post-media/nobody/none.webp',
        });
        expect(missing.statusCode).toBe(404);
      });
    },
    proxied,
  );
});
