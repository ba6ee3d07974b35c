import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import {
  loadOrCreateServerKey,
  type ServerKeysRepository,
} from '../notifications/server-keys.repository.ts';

/**
 * The signed token of the appeal link a suspended or banned member gets by email (they cannot
 * sign in to appeal). Signed as the unsubscribe links are (`unsubscribe-token.ts`): `m1.<payload>.<mac>`,
 * both base64url; the payload is JSON `{ "p": "appeal", "a": actionId, "m": memberId, "x": expiry }`
 * and the mac HMAC-SHA256(secret, "arena/appeal/m1." + payload), so no other token of the
 * installation passes as one. It expires after `APPEAL_LINK_DAYS`.
 */
export interface AppealClaims {
  actionId: string;
  memberId: string;
}

const VERSION = 'm1';
const PURPOSE = 'appeal';
const MAC_CONTEXT = `arena/${PURPOSE}/${VERSION}.`;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const APPEAL_LINK_DAYS = 90;

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret)
    .update(MAC_CONTEXT + payload)
    .digest();

export function signAppeal(secret: string, claims: AppealClaims, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({
      p: PURPOSE,
      a: claims.actionId,
      m: claims.memberId,
      x: now + APPEAL_LINK_DAYS * 86_400_000,
    }),
  ).toString('base64url');
  return `${VERSION}.${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claims of an unexpired appeal token this secret signed; null for anything else. */
export function verifyAppeal(secret: string, token: string, now = Date.now()): AppealClaims | null {
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
  const { p, a, m, x } = claims as Record<string, unknown>;
  if (p !== PURPOSE || typeof a !== 'string' || typeof m !== 'string' || typeof x !== 'number') {
    return null;
  }
  if (x < now) return null;
  return { actionId: a, memberId: m };
}

/** The installation's secret for appeal links, made at the first start and kept in `server_keys`. */
export async function loadAppealSecret(keys: ServerKeysRepository): Promise<string> {
  const key = await loadOrCreateServerKey(keys, 'moderation-appeal', () => ({
    publicKey: '',
    privateKey: randomBytes(32).toString('base64url'),
  }));
  return key.privateKey;
}
