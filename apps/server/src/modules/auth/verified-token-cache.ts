import type { VerifiedAccess } from './signing-keys.ts';

/** How many verified access tokens are remembered: a few thousand members active at once. */
const VERIFIED_TOKEN_CACHE_SIZE = 4096;

export type AccessVerifier = (token: string) => Promise<VerifiedAccess | null>;

/**
 * Remembers access tokens whose ES256 signature and claims were verified, so that a member's
 * next requests with the same token skip the signature check: verifying an ES256 signature
 * cost about as much CPU as the rest of a feed request.
 *
 * Only what the token itself proves is remembered, and never past the token's own expiry; a
 * token that failed verification is not remembered (it could not be made to pass later, and an
 * attacker's made-up tokens must not fill the cache). Whether the token's session has ended, and
 * whether its assurance level is still enough, are not properties of the token: callers check
 * them on every request, after this.
 *
 * Least recently used first out: a Map keeps insertion order, and a hit moves its entry to the end.
 */
export function cacheVerifiedTokens(
  verify: AccessVerifier,
  options: { capacity?: number; now?: () => number } = {},
): AccessVerifier {
  const capacity = options.capacity ?? VERIFIED_TOKEN_CACHE_SIZE;
  const now = options.now ?? Date.now;
  const verified = new Map<string, VerifiedAccess>();

  return async (token) => {
    const known = verified.get(token);
    if (known) {
      verified.delete(token);
      // jose refuses a token once `exp` is reached; so does the cache.
      if (known.expiresAt.getTime() > now()) {
        verified.set(token, known);
        return known;
      }
    }
    const access = await verify(token);
    if (access && access.expiresAt.getTime() > now()) {
      // Shared by every request that presents the token: nobody may change it for the others.
      Object.freeze(access);
      verified.set(token, access);
      if (verified.size > capacity) {
        const oldest = verified.keys().next();
        if (!oldest.done) verified.delete(oldest.value);
      }
    }
    return access;
  };
}
