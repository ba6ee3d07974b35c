import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { SignedUrl } from '@arena/shared/offer.schema';

import { isValidKey } from '../src/modules/storage/file-storage.ts';
import { docx, pdf } from './documents.ts';
import { signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { OFFERS_CONFIG, offersHelpers } from './offers-fixtures.ts';
import { changes, storedState } from './route-table.ts';
import {
  docxBomb,
  gifJavaScript,
  HOSTILE_FILE_NAMES,
  html,
  impostors,
  jpeg,
  jpegWithHtml,
  mp4Head,
  pdfWithHtml,
  png,
  pngBomb,
  pngHeaderHtml,
  svg,
} from './upload-attack-files.ts';
import {
  ALL_ROUTES,
  IMAGE_ROUTES,
  ROUTES,
  uploadAttackHelpers,
} from './upload-attacks-fixtures.ts';

describeEachDatabase(
  'upload attacks',
  (context) => {
    let user: SignedUp;
    beforeAll(async () => {
      user = await signUp(context());
    });

    const { upload, refused, storedKey, everyFileInItsBucket, sendWithoutEnding } =
      uploadAttackHelpers(context, () => user);

    describe('bytes that are not what the name says', () => {
      it.each(IMAGE_ROUTES)(
        '%s: refuses a program, a zip, a PDF and text named as photos',
        async (route) => {
          for (const [name, bytes] of [
            ['photo.jpg', impostors.elf()],
            ['photo.png', impostors.zip()],
            ['photo.webp', impostors.pdf()],
            ['photo.heic', impostors.text()],
          ] as const) {
            await refused(route, name, 'image/jpeg', bytes, 415, ROUTES[route].notAllowed);
          }
        },
      );

      it('CV: refuses photos, a program and text named as documents', async () => {
        for (const [name, bytes] of [
          ['cv.pdf', await png()],
          ['cv.docx', await jpeg()],
          ['cv.doc', impostors.elf()],
          ['cv.pdf', impostors.text()],
        ] as const) {
          await refused('CV', name, 'application/pdf', bytes, 415, ROUTES.CV.notAllowed);
        }
      });
    });

    it.each(ALL_ROUTES)('%s: refuses SVG and HTML, whatever the name and type', async (route) => {
      for (const [name, type, bytes] of [
        ['logo.svg', 'image/svg+xml', svg()],
        ['logo.png', 'image/png', svg()],
        ['page.html', 'text/html', html()],
        ['page.jpg', 'image/jpeg', html()],
        ['cv.pdf', 'application/pdf', html()],
      ] as const) {
        await refused(route, name, type, bytes, 415, ROUTES[route].notAllowed);
      }
    });

    describe('polyglots', () => {
      it.each(IMAGE_ROUTES)(
        '%s: keeps only the picture of a JPEG with HTML appended, re-encoded to WebP',
        async (route) => {
          const response = await upload(route, 'photo.jpg', 'image/jpeg', await jpegWithHtml());
          expect(response.statusCode, response.body).toBeLessThan(300);
          const key = await storedKey(route, response.json());
          expect(key).toMatch(/\.webp$/);
          const bucket =
            route === 'avatar'
              ? 'avatars'
              : route === 'post media'
                ? 'post-media'
                : 'message-media';
          const { readFile } = await import('node:fs/promises');
          const stored = await readFile(path.join(context().dataDir, 'storage', bucket, key));
          expect((await sharp(stored).metadata()).format).toBe('webp');
          expect(stored.includes('<script')).toBe(false);
          expect(stored.includes('onerror')).toBe(false);
        },
      );

      it('refuses a GIF/JavaScript polyglot everywhere', async () => {
        await refused('avatar', 'a.gif', 'image/gif', gifJavaScript(), 400, ROUTES.avatar.failed);
        for (const route of ['post media', 'message media', 'CV'] as const) {
          await refused(
            route,
            'a.gif',
            'image/gif',
            gifJavaScript(),
            415,
            ROUTES[route].notAllowed,
          );
        }
      });

      it('refuses an HTML page behind a PNG signature, and a JPEG with HTML as a CV', async () => {
        for (const route of ALL_ROUTES) {
          await refused(
            route,
            'a.png',
            'image/png',
            pngHeaderHtml(),
            415,
            ROUTES[route].notAllowed,
          );
        }
        await refused(
          'CV',
          'cv.pdf',
          'application/pdf',
          await jpegWithHtml(),
          415,
          ROUTES.CV.notAllowed,
        );
      });

      it('serves a PDF/HTML polyglot CV only as a download that no browser will render', async () => {
        for (const route of IMAGE_ROUTES) {
          await refused(route, 'a.jpg', 'image/jpeg', pdfWithHtml(), 415, ROUTES[route].notAllowed);
        }
        const cv = await upload('CV', 'cv.pdf', 'application/pdf', pdfWithHtml());
        expect(cv.statusCode, cv.body).toBe(201);

        // Its link, as the offer's poster gets it.
        const { inject, verifiedClub, postOffer, apply } = offersHelpers(context);
        const club = await verifiedClub();
        const offer = await postOffer(club);
        const applied = await apply(user, offer.id, { cvUploadId: cv.json<{ id: string }>().id });
        expect(applied.statusCode, applied.body).toBe(201);
        const [application] = (await inject('GET', '/api/me/applications-received', club)).json<
          { id: string }[]
        >();
        const { url } = (
          await inject('GET', `/api/applications/${application!.id}/cv-url`, club)
        ).json<SignedUrl>();

        const file = await context().app.inject({ method: 'GET', url });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('application/pdf');
        expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[^"/]+\.pdf"$/);
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(String(file.headers['content-security-policy'])).toContain("script-src 'self'");
      });
    });

    describe('decompression bombs', () => {
      it.each(IMAGE_ROUTES)(
        '%s: refuses a tiny PNG that claims, or really holds, a huge canvas',
        async (route) => {
          const claims = pngBomb(60_000, 60_000, 4);
          const holds = pngBomb(10_000, 10_000);
          expect(holds.length).toBeLessThan(64 * 1024);
          for (const bomb of [claims, holds]) {
            // Judged by the canvas its header declares, before a pixel is decoded.
            const started = Date.now();
            await refused(route, 'bomb.png', 'image/png', bomb, 400, MESSAGES.imageTooManyPixels);
            expect(Date.now() - started).toBeLessThan(2_000);
          }
        },
      );

      it('CV: refuses a zip whose content types inflate to 50 MB, without inflating them', async () => {
        const bomb = docxBomb(50 * 1024 * 1024);
        expect(bomb.length).toBeLessThan(128 * 1024);
        await refused('CV', 'cv.docx', 'application/octet-stream', bomb, 415, ROUTES.CV.notAllowed);
      });
    });

    describe('file names', () => {
      it.each(ALL_ROUTES)('%s: never lets the name reach the stored path', async (route) => {
        const bytes = route === 'CV' ? pdf() : await png();
        for (const name of HOSTILE_FILE_NAMES) {
          const response = await upload(
            route,
            name,
            route === 'CV' ? 'application/pdf' : 'image/png',
            bytes,
          );
          expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(300);
          const key = await storedKey(route, response.json());
          expect(isValidKey(key), key).toBe(true);
          expect(key).toMatch(
            route === 'avatar'
              ? new RegExp(`^${user.session.user.id}/avatar-[a-z0-9]+\\.webp$`)
              : new RegExp(`^${user.session.user.id}/\\d+-[0-9a-f]{8}\\.(webp|pdf)$`),
          );
        }
        await everyFileInItsBucket();
        expect(existsSync('/tmp/arena-escape.png')).toBe(false);
        expect(existsSync(path.join(context().dataDir, 'etc'))).toBe(false);
      });

      it('CV: accepts a DOCX whatever its name', async () => {
        const response = await upload('CV', '../../cv.exe', 'application/x-msdownload', docx());
        expect(response.statusCode).toBe(201);
        expect(await storedKey('CV', response.json())).toMatch(/\.docx$/);
      });
    });

    describe('oversized uploads', () => {
      let port = 0;
      beforeAll(async () => {
        await context().app.listen({ port: 0, host: '127.0.0.1' });
        port = (context().app.server.address() as AddressInfo).port;
      });
      // The cut-off uploads' connections wait for the keep-alive timeout (72 s); end them now.
      afterAll(() => context().app.server.closeAllConnections());

      const MB = 1024 * 1024;
      it.each([
        ['avatar', 'me.jpg', 'image/jpeg', 'jpeg', 20 * MB, MESSAGES.profile.avatarTooLarge],
        ['post media', 'big.png', 'image/png', 'png', 20 * MB, MESSAGES.post.imageTooLarge],
        ['post media', 'big.mp4', 'video/mp4', 'mp4', 100 * MB, MESSAGES.post.videoTooLarge],
        ['message media', 'big.png', 'image/png', 'png', 10 * MB, MESSAGES.messaging.mediaTooLarge],
        ['message media', 'big.mp4', 'video/mp4', 'mp4', 50 * MB, MESSAGES.messaging.mediaTooLarge],
        ['CV', 'big.pdf', 'application/pdf', 'pdf', 10 * MB, MESSAGES.application.cvTooLarge],
      ] as const)(
        '%s: cuts off a %s (%s) past its limit while it streams, with the spec message',
        async (route, name, type, kind, limit, message) => {
          const head = {
            jpeg: await jpeg(),
            png: await png(),
            mp4: mp4Head(),
            pdf: pdf(),
          }[kind];
          const before = await storedState(context());
          const answer = await sendWithoutEnding(port, route, name, type, head, limit + 2 * MB);
          expect(answer.status, answer.body).toBe(413);
          expect(JSON.parse(answer.body)).toEqual({
            error: { code: 'payload_too_large', message },
          });
          expect(changes(before, await storedState(context()))).toEqual([]);
        },
      );
    });
  },
  OFFERS_CONFIG,
);
