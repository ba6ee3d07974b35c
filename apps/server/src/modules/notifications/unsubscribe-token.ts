import { NOTICE_KINDS, type NoticeKind } from '@arena/shared/notification.schema';

import { loadLinkSecret, signedLinks } from '../../http/signed-link.ts';
import type { ServerKeysRepository } from './server-keys.repository.ts';

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

const UNSUBSCRIBE_KINDS: readonly string[] = [...NOTICE_KINDS, 'daily'];
const links = signedLinks('u1', 'unsubscribe');

export function signUnsubscribe(secret: string, claims: UnsubscribeClaims): string {
  return links.sign(secret, { id: claims.profileId, k: claims.kind, e: claims.email });
}

/** The claims of a token this secret signed for unsubscribing; null for anything else. */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeClaims | null {
  const claims = links.open(secret, token);
  if (!claims) return null;
  const { id, k, e } = claims;
  if (
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
export const loadUnsubscribeSecret = (keys: ServerKeysRepository): Promise<string> =>
  loadLinkSecret(keys, 'unsubscribe');
