import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      adminEmails: [],
      rateLimits: 'strict',
      secureCookies: false,
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/arena',
      DATABASE_URL: 'postgres://arena@db:5432/arena',
      ADMIN_EMAILS: ' Admin@Arena.io, second@arena.io ,',
      PUBLIC_URL: 'https://arena.example',
      CONTACT_EMAIL: 'hello@arena.example',
      RATE_LIMITS: 'relaxed',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/arena',
      databaseUrl: 'postgres://arena@db:5432/arena',
      adminEmails: ['admin@arena.io', 'second@arena.io'],
      publicUrl: 'https://arena.example',
      secureCookies: true,
      contactEmail: 'hello@arena.example',
      rateLimits: 'relaxed',
      trustProxy: true,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ ADMIN_EMAILS: 'root' }, 'ADMIN_EMAILS must be a comma-separated list of email addresses'],
    [{ RATE_LIMITS: 'off' }, 'RATE_LIMITS'],
    [{ PUBLIC_URL: 'arena.example' }, 'PUBLIC_URL must be an absolute http(s) URL'],
  ])('refuses %j naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});

describe('mail settings', () => {
  it('writes to the outbox and confirms no email by default', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Arena <no-reply@localhost>',
      requireEmailConfirmation: false,
    });
  });

  it('reads SMTP_URL, MAIL_FROM and REQUIRE_EMAIL_CONFIRMATION', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtp://user:pass@mail.example:587',
        MAIL_FROM: 'Arena <no-reply@arena.example>',
        REQUIRE_EMAIL_CONFIRMATION: 'true',
      }),
    ).toMatchObject({
      smtpUrl: 'smtp://user:pass@mail.example:587',
      mailFrom: 'Arena <no-reply@arena.example>',
      requireEmailConfirmation: true,
    });
    expect(loadConfig({ MAIL_FROM: 'hello@arena.example' }).mailFrom).toBe('hello@arena.example');
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ SMTP_URL: 'smtp://mail.example:587' }, 'MAIL_FROM: set the sender address'],
    [{ MAIL_FROM: 'Arena' }, 'MAIL_FROM must be an address'],
    [{ MAIL_FROM: 'Arena <not an address>' }, 'MAIL_FROM must be an address'],
    [{ REQUIRE_EMAIL_CONFIRMATION: 'yes' }, 'REQUIRE_EMAIL_CONFIRMATION must be true or false'],
  ])('refuses %j naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});

describe('push endpoint hosts', () => {
  it('has none beyond the push services by default, and reads a comma-separated list', () => {
    expect(loadConfig({}).pushEndpointHosts).toEqual([]);
    expect(
      loadConfig({ PUSH_ENDPOINT_HOSTS: ' Push.Test:8443, 127.0.0.1:9000 ,,localhost' })
        .pushEndpointHosts,
    ).toEqual(['push.test:8443', '127.0.0.1:9000', 'localhost']);
  });

  it.each(['https://push.test', 'push.test/path', 'user@push.test', 'push.test:99999', 'a b'])(
    'refuses %j naming the variable',
    (hosts) => {
      expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: hosts })).toThrow(
        'PUSH_ENDPOINT_HOSTS must be a comma-separated list of hosts',
      );
    },
  );
});

describe('Redis and the realtime bus', () => {
  it('uses no Redis by default, and reads REDIS_URL, REDIS_PREFIX and REALTIME_BUS', () => {
    expect(loadConfig({})).toMatchObject({ redis: undefined, realtimeBus: undefined });
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379/2' }).redis).toEqual({
      url: 'redis://cache:6379/2',
      keyPrefix: 'arena:',
    });
    expect(
      loadConfig({
        REDIS_URL: 'rediss://user:secret@cache.example:6380',
        REDIS_PREFIX: 'arena-eu:',
        REALTIME_BUS: 'redis',
      }),
    ).toMatchObject({
      redis: { url: 'rediss://user:secret@cache.example:6380', keyPrefix: 'arena-eu:' },
      realtimeBus: 'redis',
    });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://arena@db/arena', REALTIME_BUS: 'postgres' })
        .realtimeBus,
    ).toBe('postgres');
  });

  it.each([
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ REDIS_URL: 'redis://cache', REDIS_PREFIX: 'two words' }, 'REDIS_PREFIX must be'],
    [{ REALTIME_BUS: 'notify' }, 'REALTIME_BUS must be postgres or redis'],
    [{ REALTIME_BUS: 'redis' }, 'REALTIME_BUS: redis needs REDIS_URL to be set'],
    [
      { REALTIME_BUS: 'postgres', REDIS_URL: 'redis://cache' },
      'REALTIME_BUS: postgres needs DATABASE_URL to be set',
    ],
  ])('refuses %j naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});

describe('where relative paths and logs go', () => {
  it('takes DATA_DIR and WEB_DIST_DIR from where the npm command was typed (INIT_CWD)', () => {
    const config = loadConfig({ INIT_CWD: '/home/someone/arena' });
    expect(config.dataDir).toBe('/home/someone/arena/data');
    expect(loadConfig({ INIT_CWD: '/srv', DATA_DIR: 'arena-data' }).dataDir).toBe(
      '/srv/arena-data',
    );
    expect(loadConfig({ INIT_CWD: '/srv', DATA_DIR: '/var/lib/arena' }).dataDir).toBe(
      '/var/lib/arena',
    );
    expect(loadConfig({ INIT_CWD: '/srv', WEB_DIST_DIR: 'web' }).webDistDir).toBe('/srv/web');
  });

  it('logs plain lines to a terminal and JSON elsewhere, unless LOG_FORMAT says which', () => {
    expect(loadConfig({}, { terminal: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, { terminal: false }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { terminal: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { terminal: false }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT must be json or pretty');
  });
});
