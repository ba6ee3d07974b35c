import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { Offer, SignedUrl } from '@arena/shared/offer.schema';
import type { VerificationRequest } from '@arena/shared/verification.schema';

import { selectRows } from '../src/db/database.ts';
import { BUCKETS, isValidKey } from '../src/modules/storage/file-storage.ts';
import { docx, pdf } from './documents.ts';
import {
  multipartFile,
  signUp,
  signUpAdmin,
  type SignedUp,
  verificationRequestBody,
} from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { changes, storedState } from './route-table.ts';
import { applicationBody, offerBody } from './offers-fixtures.ts';
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

type ErrorBody = { error: { code: string; message: string } };

/** Every route that takes a file, with the spec's messages for what it refuses. */
const ROUTES = {
  avatar: {
    method: 'PUT',
    url: '/api/me/avatar',
    notAllowed: MESSAGES.profile.avatarNotImage,
    failed: MESSAGES.profile.imageFailed,
  },
  'post media': {
    method: 'POST',
    url: '/api/media',
    notAllowed: MESSAGES.post.mediaUnsupported,
    failed: MESSAGES.post.mediaFailed,
  },
  'message media': {
    method: 'POST',
    url: '/api/message-media',
    notAllowed: MESSAGES.messaging.mediaNotAllowed,
    failed: MESSAGES.messaging.uploadFailed,
  },
  CV: {
    method: 'POST',
    url: '/api/cv-uploads',
    notAllowed: MESSAGES.application.cvInvalidType,
    failed: MESSAGES.application.cvInvalidType,
  },
} as const;
type RouteName = keyof typeof ROUTES;
const IMAGE_ROUTES: RouteName[] = ['avatar', 'post media', 'message media'];
const ALL_ROUTES = Object.keys(ROUTES) as RouteName[];

const ADMIN = 'admin@uploads.test';

describeEachDatabase(
  'upload attacks',
  (context) => {
    let user: SignedUp;
    beforeAll(async () => {
      user = await signUp(context());
    });

    const upload = (route: RouteName, name: string, type: string, bytes: Buffer) => {
      const body = multipartFile('file', name, type, bytes);
      return context().app.inject({
        method: ROUTES[route].method,
        url: ROUTES[route].url,
        headers: { ...user.bearer, ...body.headers },
        payload: body.payload,
      });
    };

    /** Uploads and expects a refusal with `status` and `message` that leaves nothing behind. */
    async function refused(
      route: RouteName,
      name: string,
      type: string,
      bytes: Buffer,
      status: number,
      message: string,
    ) {
      const before = await storedState(context());
      const response = await upload(route, name, type, bytes);
      expect(response.statusCode, `${route} ${name}: ${response.body}`).toBe(status);
      expect(response.json<ErrorBody>().error.message).toBe(message);
      expect(changes(before, await storedState(context()))).toEqual([]);
    }

    /** The storage key a successful upload was given. */
    async function storedKey(route: RouteName, body: Record<string, string>): Promise<string> {
      if (route === 'CV') {
        const [row] = await selectRows<{ path: string }>(
          context().database.db,
          sql`SELECT path FROM stored_files WHERE id = ${body.id}`,
        );
        return row!.path;
      }
      const url = (route === 'avatar' ? body.avatarUrl : body.url)!;
      return url.split('?')[0]!.replace(/^\/files\/(signed\/)?[a-z-]+\//, '');
    }

    /** Every file under the data directory sits in a bucket under a key the server made. */
    async function everyFileInItsBucket() {
      const root = context().dataDir;
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      for (const entry of entries.filter((e) => e.isFile())) {
        const relative = path.relative(root, path.join(entry.parentPath, entry.name));
        const [top, bucket, ...key] = relative.split(path.sep);
        // The mail the server wrote (no SMTP_URL), such as the admin's confirmation link.
        if (top === 'outbox' && key.length === 0 && bucket?.endsWith('.eml')) continue;
        expect(top, relative).toBe('storage');
        expect(BUCKETS as readonly string[], relative).toContain(bucket);
        expect(isValidKey(key.join('/')), relative).toBe(true);
      }
    }

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
        const inject = (who: SignedUp, method: 'GET' | 'POST', url: string, payload?: object) =>
          context().app.inject({ method, url, headers: who.bearer, payload });
        const admin = await signUpAdmin(context(), { email: ADMIN });
        const club = await signUp(context(), { userType: 'club' });
        await inject(club, 'POST', '/api/me/verification', verificationRequestBody);
        const { items } = (
          await inject(admin, 'GET', '/api/admin/verification-requests?limit=50')
        ).json<{ items: VerificationRequest[] }>();
        const request = items.find((r) => r.profile.id === club.session.profile.id)!;
        await inject(admin, 'POST', `/api/admin/verification-requests/${request.id}/approve`);
        const offer = (await inject(club, 'POST', '/api/offers', offerBody)).json<Offer>();
        const applied = await inject(user, 'POST', `/api/offers/${offer.id}/applications`, {
          ...applicationBody,
          cvUploadId: cv.json<{ id: string }>().id,
        });
        expect(applied.statusCode, applied.body).toBe(201);
        const [application] = (await inject(club, 'GET', '/api/me/applications-received')).json<
          { id: string }[]
        >();
        const { url } = (
          await inject(club, 'GET', `/api/applications/${application!.id}/cv-url`)
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

      /**
       * Sends a multipart upload of `size` bytes starting with `head` and never finishes it: the
       * answer has to come while the body is still streaming in.
       */
      function sendWithoutEnding(
        route: RouteName,
        name: string,
        type: string,
        head: Buffer,
        size: number,
      ): Promise<{ status: number; body: string }> {
        return new Promise((resolve, reject) => {
          const boundary = 'arenaUploadAttack';
          const request = http.request(
            {
              host: '127.0.0.1',
              port,
              method: ROUTES[route].method,
              path: ROUTES[route].url,
              headers: {
                ...user.bearer,
                'content-type': `multipart/form-data; boundary=${boundary}`,
              },
            },
            (response) => {
              let body = '';
              response.on('data', (part: Buffer) => (body += part.toString()));
              response.on('end', () => {
                clearTimeout(timer);
                request.destroy();
                resolve({ status: response.statusCode ?? 0, body });
              });
            },
          );
          const timer = setTimeout(() => {
            request.destroy();
            reject(new Error(`${route}: no answer while the upload was still streaming`));
          }, 25_000);
          request.on('error', () => undefined);
          request.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
          );
          request.write(head);
          let sent = head.length;
          const chunk = Buffer.alloc(1024 * 1024);
          const pump = () => {
            while (sent < size) {
              sent += chunk.length;
              if (!request.write(chunk)) {
                request.once('drain', pump);
                return;
              }
            }
          };
          pump();
        });
      }

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
          const answer = await sendWithoutEnding(route, name, type, head, limit + 2 * MB);
          expect(answer.status, answer.body).toBe(413);
          expect(JSON.parse(answer.body)).toEqual({
            error: { code: 'payload_too_large', message },
          });
          expect(changes(before, await storedState(context()))).toEqual([]);
        },
      );
    });
  },
  { adminEmails: [ADMIN] },
);
