import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { NOTICE_KINDS, type NoticeKind } from '@arena/shared/notification.schema';

import { loadOrCreateServerKey, type ServerKeysRepository } from './server-keys.repository.ts';

/**
 * The signed token of an email's one-click unsubscribe link (RFC 8058), which works without
 * signing in. It names the profile, the kind of notice and the address the mail went to, and
 * never expires: a link in a mail read months later must still work. It stops working when the
 * account's address changes (the caller compares `email` with the current one), so a forwarded
 * old mail cannot change the choices of whoever holds the address now.
 *
 * Format: `u1.<payload>.<mac>`, both base64url; the payload is JSON
 * `{ "p": "unsubscribe", "id": profileId, "k": kind, "e": email }`, and the mac is
 * HMAC-SHA256(secret, "arena/unsubscribe/u1." + payload). The purpose is both in the MAC's input
 * and in the payload, so a MAC made with this secret for anything else never passes as one.
 *
 * `kind` is a notice kind, or `'daily'` (this format's own value, not a NOTICE_KIND): the digest's
 * link, which turns off email for every kind the member gets in the daily digest.
 */
export type UnsubscribeKind = NoticeKind | 'daily';

export interface UnsubscribeClaims {
  profileId: string;
  kind: UnsubscribeKind;
  email: string;
}

const VERSION = 'u1';
const PURPOSE = 'unsubscribe';
const MAC_CONTEXT = `arena/${PURPOSE}/${VERSION}.`;
const UNSUBSCRIBE_KINDS: readonly string[] = [...NOTICE_KINDS, 'daily'];
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret)
    .update(MAC_CONTEXT + payload)
    .digest();
}

export function signUnsubscribe(secret: string, claims: UnsubscribeClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ p: PURPOSE, id: claims.profileId, k: claims.kind, e: claims.email }),
  ).toString('base64url');
  return `${VERSION}.${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claims of a token this secret signed for unsubscribing; null for anything else. */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeClaims | null {
  const [version, payload, signature, ...rest] = token.split('.');
  if (
    version !== VERSION ||
    rest.length > 0 ||
    !payload ||
    !signature ||
    !BASE64URL.test(payload) ||
    !BASE64URL.test(signature)
  ) {
    return null;
  }
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { p, id, k, e } = claims as Record<string, unknown>;
  if (
    p !== PURPOSE ||
    typeof id !== 'string' ||
    typeof e !== 'string' ||
    typeof k !== 'string' ||
    !UNSUBSCRIBE_KINDS.includes(k)
  ) {
    return null;
  }
  return { profileId: id, kind: k as UnsubscribeKind, email: e };
}

/**
 * This installation's secret for the links: 32 random bytes, base64url, made at the first start
 * and kept in `server_keys` (name 'unsubscribe', in `private_key`), so every instance and every
 * restart verifies the links already sent.
 */
export async function loadUnsubscribeSecret(keys: ServerKeysRepository): Promise<string> {
  const key = await loadOrCreateServerKey(keys, 'unsubscribe', () => ({
    publicKey: '',
    privateKey: randomBytes(32).toString('base64url'),
  }));
  return key.privateKey;
}
