import path from 'node:path';

import { z } from 'zod';

import type { SmsProviderName } from './modules/mfa/sms.ts';
import { type OidcProviderConfig, parseOidcProviders } from './modules/identities/oidc-config.ts';
import { parseS3Settings, type S3Settings } from './modules/storage/s3-config.ts';

const emailList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.email({ error: 'ADMIN_EMAILS must be a comma-separated list of email addresses' })),
  );

/**
 * Extra hosts a push subscription's endpoint may point at besides the browsers' push services
 * (`host` or `host:port`, comma-separated): a local push receiver in tests.
 */
const hostList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().refine(isHost, {
        error: 'PUSH_ENDPOINT_HOSTS must be a comma-separated list of hosts, e.g. push.test:8443',
      }),
    ),
  );

/** A bare `host` or `host:port`, nothing else (no scheme, path or credentials). */
function isHost(value: string): boolean {
  try {
    return new URL(`https://${value}`).host === value;
  } catch {
    return false;
  }
}

/** A saved search looks for new matches, and so alerts, at most once a day. */
export const DEFAULT_SCOUT_ALERT_SECONDS = 86_400;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  ADMIN_EMAILS: emailList,
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute http(s) URL' }).optional(),
  CONTACT_EMAIL: z
    .email({ error: 'CONTACT_EMAIL must be an email address' })
    .default('support@arena.example'),
  RATE_LIMITS: z.enum(['strict', 'relaxed']).default('strict'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'LOG_FORMAT must be json or pretty' }).optional(),
  WEB_DIST_DIR: z.string().optional(),
  SMS_PROVIDER: z.enum(['console'], { error: 'SMS_PROVIDER must be console' }).default('console'),
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'TRUST_PROXY must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .refine(isMailbox, {
      error:
        'MAIL_FROM must be an address, e.g. no-reply@arena.example or Arena <no-reply@arena.example>',
    })
    .optional(),
  REQUIRE_EMAIL_CONFIRMATION: z
    .enum(['true', 'false'], { error: 'REQUIRE_EMAIL_CONFIRMATION must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  PUSH_ENDPOINT_HOSTS: hostList,
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' })
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, {
      error: 'REDIS_PREFIX must be 1 to 64 letters, digits or _ : . -, e.g. arena:',
    })
    .default('arena:'),
  REALTIME_BUS: z
    .enum(['postgres', 'redis'], { error: 'REALTIME_BUS must be postgres or redis' })
    .optional(),
  SCOUT_ALERT_INTERVAL_SECONDS: z.coerce
    .number({ error: 'SCOUT_ALERT_INTERVAL_SECONDS must be a whole number of seconds' })
    .int('SCOUT_ALERT_INTERVAL_SECONDS must be a whole number of seconds')
    .min(1, 'SCOUT_ALERT_INTERVAL_SECONDS must be at least 1')
    .default(DEFAULT_SCOUT_ALERT_SECONDS),
});

/** `someone@host` or `Display Name <someone@host>`. */
function isMailbox(value: string): boolean {
  const match = /^\s*(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && z.email().safeParse(address).success;
}

/** Mail written to the outbox (no SMTP_URL) needs no real sender. */
const OUTBOX_FROM = 'Arena <no-reply@localhost>';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite in `dataDir/db` (or in memory when `dataDir` is null). */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  adminEmails: string[];
  publicUrl: string | undefined;
  /** Cookies get the Secure flag when the public URL is https. */
  secureCookies: boolean;
  contactEmail: string;
  rateLimits: 'strict' | 'relaxed';
  logLevel: string;
  /** JSON lines (pino) for machines; one plain line per entry for a person at a terminal. */
  logFormat: 'json' | 'pretty';
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits, logs). */
  trustProxy: boolean;
  /** The built web app; not served when the folder is missing (API-only, e.g. in tests). */
  webDistDir: string;
  /** Outgoing mail through this SMTP server; without one, mail is written to `dataDir/outbox`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Sign-up sends a confirmation link, and sign-in waits for it to be used. */
  requireEmailConfirmation: boolean;
  /** Who sends the texts of phone second factors. */
  smsProvider: SmsProviderName;
  /** OpenID Connect providers for third-party sign-in (`OIDC_PROVIDERS`); none when absent. */
  oidcProviders?: OidcProviderConfig[];
  /** Hosts a push subscription may name besides the browsers' push services (tests). */
  pushEndpointHosts?: string[];
  /** How often a saved search looks for new matches, and so alerts at most (a day). */
  scoutAlertIntervalSeconds?: number;
  /** Stored files on S3-compatible object storage (`S3_*`); absent: in `dataDir/storage`. */
  s3?: S3Settings | undefined;
  /** State shared by every instance (per-IP rate limits; the realtime bus when chosen). */
  redis?: { url: string; keyPrefix: string } | undefined;
  /**
   * How live events reach every instance's sockets; unset: PostgreSQL's NOTIFY with
   * `databaseUrl`, else this process alone.
   */
  realtimeBus?: 'postgres' | 'redis' | undefined;
}

export class ConfigError extends Error {}

/**
 * Reads the configuration from environment variables; throws a ConfigError naming every bad one.
 * `terminal`: whether the logs go to a person (plain lines unless LOG_FORMAT says otherwise).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { terminal = process.stdout.isTTY }: { terminal?: boolean } = {},
): AppConfig {
  const parsed = envSchema.safeParse(env);
  const oidc = parseOidcProviders(env);
  const s3 = parseS3Settings(env);
  if (!parsed.success || oidc.issues.length > 0 || s3.issues.length > 0) {
    const lines = (parsed.error?.issues ?? []).map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(
      `Invalid configuration:\n${[...lines, ...oidc.issues, ...s3.issues].join('\n')}`,
    );
  }
  const e = parsed.data;
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_FROM: set the sender address when SMTP_URL is set',
    );
  }
  const busNeeds = e.REALTIME_BUS === 'redis' ? 'REDIS_URL' : 'DATABASE_URL';
  if (e.REALTIME_BUS && !env[busNeeds]) {
    throw new ConfigError(
      `Invalid configuration:\n  REALTIME_BUS: ${e.REALTIME_BUS} needs ${busNeeds} to be set`,
    );
  }
  // npm runs a workspace's scripts in the workspace's folder: relative paths are taken from where
  // the command was typed (INIT_CWD), so `npm start` in the repository keeps its data in ./data.
  const here = env.INIT_CWD ?? process.cwd();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(here, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    adminEmails: e.ADMIN_EMAILS,
    publicUrl: e.PUBLIC_URL,
    secureCookies: e.PUBLIC_URL?.startsWith('https:') ?? false,
    contactEmail: e.CONTACT_EMAIL,
    rateLimits: e.RATE_LIMITS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    trustProxy: e.TRUST_PROXY,
    smsProvider: e.SMS_PROVIDER,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(here, e.WEB_DIST_DIR)
      : path.join(import.meta.dirname, '../../web/dist'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM?.trim() ?? OUTBOX_FROM,
    requireEmailConfirmation: e.REQUIRE_EMAIL_CONFIRMATION,
    oidcProviders: oidc.providers,
    pushEndpointHosts: e.PUSH_ENDPOINT_HOSTS,
    scoutAlertIntervalSeconds: e.SCOUT_ALERT_INTERVAL_SECONDS,
    s3: s3.settings ?? undefined,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_PREFIX } : undefined,
    realtimeBus: e.REALTIME_BUS,
  };
}
