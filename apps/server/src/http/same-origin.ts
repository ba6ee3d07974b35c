import type { FastifyRequest } from 'fastify';

import { MESSAGES } from '@arena/shared/messages';

import { AppError } from './app-error.ts';

/**
 * onRequest hook for the routes a browser's cookies authenticate (refresh, sign-out, those that
 * set the session cookie) and for the WebSocket upgrade. SameSite=Strict keeps the cookies from
 * other sites, but not from sibling sites (another subdomain of the same registrable domain), so
 * the browser's own account of where a request comes from is checked too (fetch metadata):
 *
 * - `Sec-Fetch-Site: cross-site` is refused;
 * - an `Origin` other than this server's is refused: PUBLIC_URL's origin, or the request's own
 *   (its Host with its scheme; behind a proxy, TRUST_PROXY makes those the proxy's forwarded
 *   ones). `Origin: null` (sandboxed frames, some redirects) is not an origin and is refused;
 * - without an `Origin`, `Sec-Fetch-Site: same-site` is refused;
 * - a request with neither header passes: it is not a browser's (scripts, the load and soak
 *   tools, the tests), and it carries only the cookies its sender chose to send.
 */
export function sameOriginCheck(config: { publicUrl: string | undefined }) {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;

  return async (request: FastifyRequest): Promise<void> => {
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const allowed =
      site !== 'cross-site' &&
      (origin === undefined
        ? site !== 'same-site'
        : origin === publicOrigin || origin === ownOrigin(request));
    if (!allowed) throw new AppError('forbidden', MESSAGES.auth.foreignOrigin);
  };
}

export type SameOriginCheck = ReturnType<typeof sameOriginCheck>;

/** The origin this request was addressed to, as a browser would write it in `Origin`. */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}
