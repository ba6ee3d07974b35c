import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { expect } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { selectRows } from '../src/db/database.ts';
import { BUCKETS, isValidKey } from '../src/modules/storage/file-storage.ts';
import { multipartFile, type SignedUp } from './fixtures.ts';
import type { TestContext } from './harness.ts';
import { changes, storedState } from './route-table.ts';

type ErrorBody = { error: { code: string; message: string } };

/** Every route that takes a file, with the spec's messages for what it refuses. */
export const ROUTES = {
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
export type RouteName = keyof typeof ROUTES;
export const IMAGE_ROUTES: RouteName[] = ['avatar', 'post media', 'message media'];
export const ALL_ROUTES = Object.keys(ROUTES) as RouteName[];

/**
 * The upload attack suite's requests, as `user()` on `context()`'s app: an upload, a refused
 * upload that must leave nothing behind, where a file was stored, and an upload that never ends.
 */
export function uploadAttackHelpers(context: () => TestContext, user: () => SignedUp) {
  const upload = (route: RouteName, name: string, type: string, bytes: Buffer) => {
    const body = multipartFile('file', name, type, bytes);
    return context().app.inject({
      method: ROUTES[route].method,
      url: ROUTES[route].url,
      headers: { ...user().bearer, ...body.headers },
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

  /**
   * Sends to the server on `port` a multipart upload of `size` bytes starting with `head`,
   * and never finishes it: the answer has to come while the body is still streaming in.
   */
  function sendWithoutEnding(
    port: number,
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
            ...user().bearer,
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

  return { upload, refused, storedKey, everyFileInItsBucket, sendWithoutEnding };
}
