import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import type { EnrolFactorResponse, PasskeyOptionsResponse } from '@arena/shared/mfa.schema';

import { startTestProvider } from '../oidc-test-provider.ts';
import { freePort, startServer } from '../live/server-process.ts';

/** Loaded at their first use (src/load-once.ts), never at start. */
const LOADED_AT_FIRST_USE = [
  'sharp',
  'file-type',
  '@simplewebauthn/server',
  'nodemailer',
  'openid-client',
  'qrcode',
];

const dataUrl = (code: string) => `data:text/javascript,${encodeURIComponent(code)}`;
/** Module hooks that append the URL of every module the server resolves to $ARENA_TEST_LOADS. */
const RECORD_LOADS = dataUrl(`
  import { register } from 'node:module';
  register(${JSON.stringify(
    dataUrl(`
      import { appendFileSync } from 'node:fs';
      export async function resolve(specifier, context, next) {
        const resolved = await next(specifier, context);
        appendFileSync(process.env.ARENA_TEST_LOADS, resolved.url + '\\n');
        return resolved;
      }
    `),
  )});
`);

const dir = mkdtempSync(path.join(tmpdir(), 'arena-first-use-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited 10 s for ${what}`);
}

describe('a freshly started server process', () => {
  it('loads image, passkey, mail, OpenID Connect and QR code libraries at their first use, which works', async () => {
    const loads = path.join(dir, 'loads.txt');
    writeFileSync(loads, '');
    const loaded = (name: string) => readFileSync(loads, 'utf8').includes(`/node_modules/${name}/`);
    const dataDir = path.join(dir, 'data');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const client = { clientId: 'arena-acme', clientSecret: 'acme-secret-0123456789abcdef' };
    const provider = await startTestProvider({
      clients: [{ ...client, redirectUris: [`${base}/api/auth/oidc/acme/callback`] }],
    });
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        ARENA_TEST_LOADS: loads,
        PUBLIC_URL: base,
        OIDC_PROVIDERS: 'acme',
        OIDC_ACME_ISSUER: provider.issuer,
        OIDC_ACME_CLIENT_ID: client.clientId,
        OIDC_ACME_CLIENT_SECRET: client.clientSecret,
      },
      { port, nodeFlags: ['--import', RECORD_LOADS] },
    );
    try {
      // The recorder sees what start-up loads (so a miss below is not a blind recorder).
      expect(loaded('fastify')).toBe(true);
      expect(loaded('drizzle-orm')).toBe(true);
      expect(LOADED_AT_FIRST_USE.filter(loaded)).toEqual([]);

      const signedUp = await fetch(`${base}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fullName: 'First User',
          username: 'first_user',
          email: 'first@arena.test',
          password: 'correct-horse-42',
          userType: 'player',
          birthdate: '1990-05-15',
        }),
      });
      expect(signedUp.status).toBe(201);
      const session = (await signedUp.json()) as Session;
      const authorization = `Bearer ${session.accessToken}`;

      // The first mail: written to the outbox.
      const reset = await fetch(`${base}/api/auth/password-reset/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'first@arena.test' }),
      });
      expect(reset.status).toBe(202);
      const outbox = path.join(dataDir, 'outbox');
      const mail = await until(() => {
        const files = (() => {
          try {
            return readdirSync(outbox);
          } catch {
            return [];
          }
        })();
        return files.find((file) => file.endsWith('.eml'));
      }, 'the reset mail in the outbox');
      expect(readFileSync(path.join(outbox, mail), 'utf8')).toContain(
        'Subject: Reset your Arena password',
      );

      // The first upload: sniffed, re-encoded and stored.
      const photo = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: '#2a6' },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
      const uploaded = await fetch(`${base}/api/me/avatar`, {
        method: 'PUT',
        headers: { authorization },
        body: form,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const { avatarUrl } = (await uploaded.json()) as { avatarUrl: string };
      const avatar = await fetch(`${base}${avatarUrl}`);
      expect(avatar.headers.get('content-type')).toBe('image/webp');
      const stored = await sharp(Buffer.from(await avatar.arrayBuffer())).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 512, height: 512 });

      // The first authenticator app: its QR code.
      const enrolled = await fetch(`${base}/api/auth/factors`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ factorType: 'totp', friendlyName: 'Phone' }),
      });
      expect(enrolled.status, await enrolled.clone().text()).toBe(201);
      const { totp } = (await enrolled.json()) as EnrolFactorResponse;
      expect(Buffer.from(totp!.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

      // The first passkey ceremony: sign-in options with a challenge.
      const options = await fetch(`${base}/api/auth/passkeys/options`, { method: 'POST' });
      expect(options.status).toBe(201);
      const passkey = (await options.json()) as PasskeyOptionsResponse;
      expect(passkey.options.challenge).toMatch(/^[\w-]{20,}$/);

      // The first third-party sign-in: discovery, then off to the provider.
      const started = await fetch(`${base}/api/auth/oidc/acme/start`, { redirect: 'manual' });
      expect(started.status).toBe(302);
      const location = new URL(started.headers.get('location')!);
      expect(location.origin).toBe(provider.issuer);
      expect(location.searchParams.get('client_id')).toBe(client.clientId);

      expect(LOADED_AT_FIRST_USE.filter((name) => !loaded(name))).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await provider.close();
    }
  }, 120_000);
});
