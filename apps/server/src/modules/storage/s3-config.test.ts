import { describe, expect, it } from 'vitest';

import { loadConfig } from '../../config.ts';
import { s3BrowserOrigins } from './s3-config.ts';

const complete = {
  S3_BUCKET: 'arena-files',
  S3_ENDPOINT: 'https://objects.example.net/',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('S3 configuration', () => {
  it('keeps files on the disk when no S3 variable is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('puts every kind in S3_BUCKET unless a kind names its own bucket', () => {
    const config = loadConfig({
      ...complete,
      S3_BUCKET_OFFER_APPLICATIONS: 'arena-cvs',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.arena.example/',
    });
    expect(config.s3).toEqual({
      endpoint: 'https://objects.example.net',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://cdn.arena.example',
      buckets: {
        avatars: 'arena-files',
        'post-media': 'arena-files',
        'message-media': 'arena-files',
        'offer-applications': 'arena-cvs',
      },
    });
  });

  it('takes per-kind buckets alone, and the SDK credentials chain without keys', () => {
    const config = loadConfig({
      S3_BUCKET_AVATARS: 'a-avatars',
      S3_BUCKET_POST_MEDIA: 'a-posts',
      S3_BUCKET_MESSAGE_MEDIA: 'a-messages',
      S3_BUCKET_OFFER_APPLICATIONS: 'a-cvs',
      S3_REGION: 'eu-west-3',
    });
    expect(config.s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-3',
      accessKeyId: undefined,
      forcePathStyle: false,
      buckets: { avatars: 'a-avatars', 'offer-applications': 'a-cvs' },
    });
  });

  it.each([
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      'S3_BUCKET: set it',
      'S3_ENDPOINT is set without one',
    ],
    [
      { S3_BUCKET_AVATARS: 'avatars-bucket' },
      'S3_BUCKET_POST_MEDIA: is needed',
      'S3_BUCKET_OFFER_APPLICATIONS',
    ],
    [{ ...complete, S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY: set both', ''],
    [
      { ...complete, S3_ENDPOINT: 'objects.example.net' },
      'S3_ENDPOINT: must be an http(s) URL',
      '',
    ],
    [{ ...complete, S3_PUBLIC_URL: 'ftp://cdn' }, 'S3_PUBLIC_URL: must be an http(s) URL', ''],
    [{ ...complete, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE: must be true or false', ''],
    [
      { ...complete, S3_BUCKET: 'Arena_Files' },
      'S3_BUCKET: "Arena_Files" is not a bucket name',
      '',
    ],
  ])('refuses a half-set configuration, naming the variable: %o', (env, first, second) => {
    expect(() => loadConfig(env)).toThrow(first);
    if (second) expect(() => loadConfig(env)).toThrow(second);
  });

  it('lets browsers load from the public address and, signed, from the store', () => {
    const config = loadConfig({ ...complete, S3_PUBLIC_URL: 'https://cdn.arena.example/media' });
    expect(s3BrowserOrigins(config.s3!)).toEqual([
      'https://cdn.arena.example',
      'https://objects.example.net',
      'https://arena-files.objects.example.net',
    ]);
    const aws = loadConfig({ S3_BUCKET: 'arena-files', S3_FORCE_PATH_STYLE: 'true' });
    expect(s3BrowserOrigins(aws.s3!)).toEqual(['https://s3.us-east-1.amazonaws.com']);
  });
});
