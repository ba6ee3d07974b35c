import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** http_ece (what web-push encrypts with) has no types: the one call the tests make. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string },
  ): Buffer;
};

interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's subscription at the receiver, with the private key to read what it was sent. */
export interface FakeBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The plaintext of an aes128gcm body sent to this browser (RFC 8291). */
  decrypt(body: Buffer): string;
}

/**
 * A push service on 127.0.0.1 for tests: HTTPS with a certificate made for the run (web-push
 * speaks only HTTPS), trusted by the `agent` it hands out. It records every request and answers
 * 201, or the status set for a path.
 */
export async function startPushReceiver() {
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  const key = readFileSync(path.join(dir, 'key.pem'));
  rmSync(dir, { recursive: true, force: true });

  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '/';
      received.push({ path: url, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(url) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    /** `host:port`, for PUSH_ENDPOINT_HOSTS. */
    host: `127.0.0.1:${port}`,
    agent: new Agent({ ca: cert }),
    received,
    /** Answers requests to `path` with `status` from now on. */
    answer(pathname: string, status: number) {
      statuses.set(pathname, status);
    },
    /** A new browser subscribed at `path` of this receiver. */
    browser(pathname: string): FakeBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        endpoint: origin + pathname,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        decrypt: (body) =>
          ece
            .decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
            .toString('utf8'),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
