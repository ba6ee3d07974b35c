import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import {
  loadOrCreateServerKey,
  type ServerKeysRepository,
} from '../modules/notifications/server-keys.repository.ts';

/*
 * The tokens of emailed links that work without signing in (unsubscribe, appeal):
 * `<version>.<payload>.<mac>`, both base64url; the payload is JSON with `p` the purpose, and the
 * mac is HMAC-SHA256(secret, "arena/<purpose>/<version>." + payload). The purpose is both in the
 * MAC's input and in the payload, so a MAC made with the secret for anything else never passes.
 */

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function signedLinks(version: string, purpose: string) {
  const context = `arena/${purpose}/${version}.`;
  const mac = (secret: string, payload: string): Buffer =>
    createHmac('sha256', secret)
      .update(context + payload)
      .digest();

  return {
    sign(secret: string, claims: Record<string, unknown>): string {
      const payload = Buffer.from(JSON.stringify({ p: purpose, ...claims })).toString('base64url');
      return `${version}.${payload}.${mac(secret, payload).toString('base64url')}`;
    },

    /** The payload of a token this secret signed for this purpose; null for anything else. */
    open(secret: string, token: string): Record<string, unknown> | null {
      const [given, payload, signature, ...rest] = token.split('.');
      if (
        given !== version ||
        rest.length > 0 ||
        !payload ||
        !signature ||
        !BASE64URL.test(payload) ||
        !BASE64URL.test(signature)
      ) {
        return null;
      }
      const expected = mac(secret, payload);
      const actual = Buffer.from(signature, 'base64url');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (typeof claims !== 'object' || claims === null) return null;
      const record = claims as Record<string, unknown>;
      return record.p === purpose ? record : null;
    },
  };
}

/**
 * The installation's secret for one kind of link: 32 random bytes, base64url, made at the first
 * start and kept in `server_keys` (in `private_key`), so every instance and every restart
 * verifies the links already sent.
 */
export async function loadLinkSecret(keys: ServerKeysRepository, name: string): Promise<string> {
  const key = await loadOrCreateServerKey(keys, name, () => ({
    publicKey: '',
    privateKey: randomBytes(32).toString('base64url'),
  }));
  return key.privateKey;
}
