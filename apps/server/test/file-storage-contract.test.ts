import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sha256Of } from '../src/modules/storage/checksums.ts';
import {
  type Bucket,
  createDiskStorage,
  type FileStorage,
} from '../src/modules/storage/file-storage.ts';
import { createS3Storage } from '../src/modules/storage/s3-storage.ts';
import { type RunningS3Server, s3SettingsFor, startS3Server } from './support/s3-server.ts';

let workDir: string;
let s3: RunningS3Server;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'arena-storage-'));
  s3 = await startS3Server({ dir: path.join(workDir, 's3'), buckets: ['arena', 'arena-private'] });
});
afterAll(async () => {
  await s3.stop();
  await rm(workDir, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const read = async (storage: FileStorage, bucket: Bucket, key: string) => {
  const object = await storage.get(bucket, key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Private kinds in a bucket of their own: both layouts are exercised. */
const s3Buckets = (): Record<Bucket, string> => ({
  avatars: 'arena',
  'post-media': 'arena',
  'message-media': 'arena-private',
  'offer-applications': 'arena-private',
});

const implementations: [string, () => FileStorage][] = [
  ['disk', () => createDiskStorage(path.join(workDir, 'disk'))],
  ['S3 (s3rver)', () => createS3Storage(s3SettingsFor(s3.endpoint, s3Buckets()))],
];

describe.each(implementations)('FileStorage on %s', (_name, open) => {
  it('stores, reads, lists and removes an object', async () => {
    const storage = open();
    const data = randomBytes(10_000);
    await storage.put('post-media', 'put-1/photo.webp', data);

    const object = await storage.get('post-media', 'put-1/photo.webp');
    expect(object?.size).toBe(data.length);
    expect(await read(storage, 'post-media', 'put-1/photo.webp')).toEqual(data);
    // The same object can be read twice.
    expect((await sha256Of(object!.stream())).sha256).toBe(sha256(data));

    const listed = [];
    for await (const entry of storage.list('post-media')) listed.push(entry);
    expect(listed).toContainEqual({ key: 'put-1/photo.webp', size: data.length });
    for await (const entry of storage.list('avatars'))
      expect(entry.key).not.toBe('put-1/photo.webp');

    await storage.remove('post-media', 'put-1/photo.webp');
    expect(await storage.get('post-media', 'put-1/photo.webp')).toBeNull();
  });

  it('adopts a finished temporary file, and streams a large one in parts', async () => {
    const storage = open();
    for (const size of [2_000, 21 * 1024 * 1024]) {
      const source = path.join(workDir, `upload-${size}.tmp`);
      const data = randomBytes(size);
      await writeFile(source, data);
      await storage.adopt('message-media', `adopt-${size}/clip.mp4`, source);

      expect(existsSync(source)).toBe(false);
      const object = await storage.get('message-media', `adopt-${size}/clip.mp4`);
      expect(object?.size).toBe(size);
      expect(await sha256Of(object!.stream())).toEqual({ sha256: sha256(data), size });
      if (object?.sha256 !== null) expect(object?.sha256).toBe(sha256(data));
    }
  });

  it('answers a missing object with null, and removing it again is harmless', async () => {
    const storage = open();
    expect(await storage.get('avatars', 'nobody/avatar.webp')).toBeNull();
    await expect(storage.remove('avatars', 'nobody/avatar.webp')).resolves.toBeUndefined();
  });

  it('refuses keys the server would never make', async () => {
    const storage = open();
    for (const key of ['../escape.webp', 'a/../../b.webp', '/absolute.webp', 'no-extension', '']) {
      await expect(storage.put('avatars', key, Buffer.from('x'))).rejects.toThrow(
        'Invalid storage key',
      );
      expect(await storage.get('avatars', key)).toBeNull();
    }
  });

  it('is reachable', async () => {
    await expect(open().checkReachable()).resolves.toBeUndefined();
  });
});

describe('S3 storage serving', () => {
  const publicBase = () => `${s3.endpoint}/arena`;

  it('names a public address for public buckets only, and it serves the object', async () => {
    const storage = createS3Storage(s3SettingsFor(s3.endpoint, s3Buckets(), publicBase()));
    const data = randomBytes(500);
    await storage.put('avatars', 'pub-1/avatar_w192.webp', data);

    const url = storage.publicUrl('avatars', 'pub-1/avatar_w192.webp');
    expect(url).toBe(`${publicBase()}/avatars/pub-1/avatar_w192.webp`);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(data);

    expect(storage.publicUrl('offer-applications', 'cv-1/cv.pdf')).toBeNull();
    expect(
      createS3Storage(s3SettingsFor(s3.endpoint, s3Buckets())).publicUrl('avatars', 'a.webp'),
    ).toBeNull();
  });

  it('signs a URL that opens one private object with its name and type, until it expires', async () => {
    const storage = createS3Storage(s3SettingsFor(s3.endpoint, s3Buckets()));
    const data = Buffer.from('%PDF-1.4 a CV');
    await storage.put('offer-applications', 'app-1/cv.pdf', data);
    const options = { downloadName: 'José CV.pdf', contentType: 'application/pdf' };

    const url = await storage.signedUrl('offer-applications', 'app-1/cv.pdf', {
      ...options,
      expiresInSeconds: 60,
    });
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Jos%C3%A9%20CV.pdf",
    );
    expect(Buffer.from(await response.arrayBuffer())).toEqual(data);

    // Unsigned, the object stays closed; signed for one second, it closes after it.
    const unsigned = await fetch(`${s3.endpoint}/arena-private/offer-applications/app-1/cv.pdf`, {
      headers: { authorization: 'AWS S3RVER:forged' },
    });
    expect(unsigned.status).toBe(403);
    const brief = await storage.signedUrl('offer-applications', 'app-1/cv.pdf', {
      ...options,
      expiresInSeconds: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await fetch(brief!)).status).toBe(403);
  });

  it('says which bucket cannot be reached', async () => {
    const storage = createS3Storage(
      s3SettingsFor(s3.endpoint, { ...s3Buckets(), 'message-media': 'missing-bucket' }),
    );
    await expect(storage.checkReachable()).rejects.toThrow(
      'S3 bucket missing-bucket is not reachable: does not exist',
    );
    const closed = createS3Storage(s3SettingsFor('http://127.0.0.1:9', s3Buckets()));
    await expect(closed.checkReachable()).rejects.toThrow('S3 bucket arena is not reachable');
  });
});

describe('disk storage', () => {
  it('serves through Arena only: no public or signed address of its own', async () => {
    const storage = createDiskStorage(path.join(workDir, 'disk'));
    expect(storage.publicUrl('avatars', 'a/b.webp')).toBeNull();
    expect(
      await storage.signedUrl('offer-applications', 'a/cv.pdf', {
        downloadName: 'cv.pdf',
        contentType: 'application/pdf',
        expiresInSeconds: 60,
      }),
    ).toBeNull();
  });

  it('is not reachable when its folder cannot be made', async () => {
    const blocker = path.join(workDir, 'a-file');
    await writeFile(blocker, 'not a folder');
    await expect(
      createDiskStorage(path.join(blocker, 'storage')).checkReachable(),
    ).rejects.toThrow();
  });
});
