import { BUCKETS, type Bucket, PUBLIC_BUCKETS } from './file-storage.ts';

/** S3-compatible object storage, from the `S3_*` environment variables. */
export interface S3Settings {
  /** A non-AWS server (MinIO, Ceph, Garage, s3rver…); AWS itself when absent. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's own chain (an instance role) signs requests. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Where public objects are read by browsers (a CDN, or the public bucket), without a slash. */
  publicUrl: string | undefined;
  /** The bucket each kind of file lives in; every object is stored as `{kind}/{key}` in it. */
  buckets: Record<Bucket, string>;
}

const BUCKET_VARIABLES: Record<Bucket, string> = {
  avatars: 'S3_BUCKET_AVATARS',
  'post-media': 'S3_BUCKET_POST_MEDIA',
  'message-media': 'S3_BUCKET_MESSAGE_MEDIA',
  'offer-applications': 'S3_BUCKET_OFFER_APPLICATIONS',
};

const OTHER_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
];

/** S3's naming rules: 3 to 63 lower-case letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

/**
 * Reads the `S3_*` variables. No bucket and no other S3 variable: files stay on the disk
 * (`settings` null). Returns each problem naming its variable, for the configuration error.
 */
export function parseS3Settings(env: NodeJS.ProcessEnv): {
  settings: S3Settings | null;
  issues: string[];
} {
  const read = (name: string) => env[name]?.trim() ?? '';
  const issues: string[] = [];
  const issue = (variable: string, message: string) => issues.push(`  ${variable}: ${message}`);

  const shared = read('S3_BUCKET');
  const named = BUCKETS.filter((bucket) => read(BUCKET_VARIABLES[bucket]) !== '');
  const others = OTHER_VARIABLES.filter((name) => read(name) !== '');
  if (!shared && named.length === 0) {
    if (others.length > 0) {
      issue(
        'S3_BUCKET',
        `set it (or S3_BUCKET_AVATARS, …_POST_MEDIA, …_MESSAGE_MEDIA, …_OFFER_APPLICATIONS) ` +
          `to store files on S3; ${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} set without one`,
      );
    }
    return { settings: null, issues };
  }

  const buckets = {} as Record<Bucket, string>;
  for (const bucket of BUCKETS) {
    const variable = BUCKET_VARIABLES[bucket];
    const name = read(variable) || shared;
    if (!name) issue(variable, `is needed when other S3 buckets are set and S3_BUCKET is not`);
    else if (!BUCKET_NAME.test(name)) {
      issue(
        read(variable) ? variable : 'S3_BUCKET',
        `"${name}" is not a bucket name (3 to 63 lower-case letters, digits, dots, hyphens)`,
      );
    }
    buckets[bucket] = name;
  }

  const endpoint = read('S3_ENDPOINT');
  if (endpoint && !httpUrl(endpoint)) {
    issue('S3_ENDPOINT', 'must be an http(s) URL, e.g. https://s3.eu-central-1.example.com');
  }
  const publicUrl = read('S3_PUBLIC_URL');
  if (publicUrl && !httpUrl(publicUrl)) {
    issue('S3_PUBLIC_URL', 'must be an http(s) URL, e.g. https://cdn.arena.example');
  }
  const accessKeyId = read('S3_ACCESS_KEY_ID');
  const secretAccessKey = read('S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    issue(
      accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
  }
  const pathStyle = read('S3_FORCE_PATH_STYLE') || 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') {
    issue('S3_FORCE_PATH_STYLE', 'must be true or false');
  }

  if (issues.length > 0) return { settings: null, issues };
  return {
    settings: {
      endpoint: endpoint ? (httpUrl(endpoint) ?? undefined) : undefined,
      region: read('S3_REGION') || 'us-east-1',
      accessKeyId: accessKeyId || undefined,
      secretAccessKey: secretAccessKey || undefined,
      forcePathStyle: pathStyle === 'true',
      publicUrl: publicUrl ? (httpUrl(publicUrl) ?? undefined) : undefined,
      buckets,
    },
    issues,
  };
}

/**
 * The origins browsers load stored files from besides Arena's own (for the Content-Security-
 * Policy): the public address, and the store's own address for the private buckets' signed
 * links, path-style or with the bucket in the host name as the SDK signs them.
 */
export function s3BrowserOrigins(settings: S3Settings): string[] {
  const origins = new Set<string>();
  if (settings.publicUrl) origins.add(new URL(settings.publicUrl).origin);
  const base = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  origins.add(base.origin);
  if (!settings.forcePathStyle) {
    for (const bucket of BUCKETS.filter((kind) => !PUBLIC_BUCKETS.includes(kind))) {
      origins.add(`${base.protocol}//${settings.buckets[bucket]}.${base.host}`);
    }
  }
  return [...origins];
}
