import S3rver from 's3rver';

import type { S3Settings } from '../../src/modules/storage/s3-config.ts';

/** s3rver's one account (any other key is refused with InvalidAccessKeyId). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface RunningS3Server {
  endpoint: string;
  stop: () => Promise<void>;
}

/**
 * An S3-protocol server (s3rver) in this process on 127.0.0.1, keeping its objects in `dir`,
 * with `buckets` created. Port 0 (the default) takes a free one.
 */
export async function startS3Server(options: {
  dir: string;
  port?: number;
  buckets: string[];
}): Promise<RunningS3Server> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory: options.dir,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/** Settings for Arena's S3 storage on such a server: every kind in one bucket unless named. */
export function s3SettingsFor(
  endpoint: string,
  buckets: S3Settings['buckets'] | string,
  publicUrl?: string,
): S3Settings {
  return {
    endpoint,
    region: 'us-east-1',
    ...S3RVER_CREDENTIALS,
    forcePathStyle: true,
    publicUrl,
    buckets:
      typeof buckets === 'string'
        ? {
            avatars: buckets,
            'post-media': buckets,
            'message-media': buckets,
            'offer-applications': buckets,
          }
        : buckets,
  };
}
