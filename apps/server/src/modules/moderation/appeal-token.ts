import { loadLinkSecret, signedLinks } from '../../http/signed-link.ts';
import type { ServerKeysRepository } from '../notifications/server-keys.repository.ts';

/**
 * The signed token of the appeal link a suspended or banned member gets by email (they cannot
 * sign in to appeal), made as the unsubscribe links are (`http/signed-link.ts`): `m1.<payload>.<mac>`,
 * the payload `{ "p": "appeal", "a": actionId, "m": memberId, "x": expiry }`. It expires after
 * `APPEAL_LINK_DAYS`.
 */
export interface AppealClaims {
  actionId: string;
  memberId: string;
}

const APPEAL_LINK_DAYS = 90;
const links = signedLinks('m1', 'appeal');

export function signAppeal(secret: string, claims: AppealClaims, now = Date.now()): string {
  return links.sign(secret, {
    a: claims.actionId,
    m: claims.memberId,
    x: now + APPEAL_LINK_DAYS * 86_400_000,
  });
}

/** The claims of an unexpired appeal token this secret signed; null for anything else. */
export function verifyAppeal(secret: string, token: string, now = Date.now()): AppealClaims | null {
  const claims = links.open(secret, token);
  if (!claims) return null;
  const { a, m, x } = claims;
  if (typeof a !== 'string' || typeof m !== 'string' || typeof x !== 'number') return null;
  if (x < now) return null;
  return { actionId: a, memberId: m };
}

/** The installation's secret for appeal links, made at the first start and kept in `server_keys`. */
export const loadAppealSecret = (keys: ServerKeysRepository): Promise<string> =>
  loadLinkSecret(keys, 'moderation-appeal');
