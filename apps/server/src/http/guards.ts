import type { TokenVerifier } from './authenticate.ts';
import { authenticate, identify } from './authenticate.ts';
import { type RateLimitName, rateLimit } from './rate-limits.ts';

/** What every feature's routes need to guard themselves: who is calling, and how fast they may write. */
export interface Guards {
  verify: TokenVerifier;
  rateLimits: 'strict' | 'relaxed';
}

/** Each guard judges the token at `preParsing`, before the body (see `authenticate.ts`). */
export function guardsFor({ verify, rateLimits }: Guards) {
  const signedIn = { preParsing: authenticate(verify) };
  return {
    /** Signed-in callers only. */
    signedIn,
    /** Signed-in callers only; a caller without a valid token hears the route's own sentence. */
    signedInSaying: (refusal: string) => ({ preParsing: authenticate(verify, refusal) }),
    /** Anyone; a signed-in caller is identified, and a bad token refused. */
    anyone: { preParsing: identify(verify) },
    /** Signed-in callers only, at the write rate. */
    write: {
      ...signedIn,
      config: { rateLimit: rateLimit('write', rateLimits) },
    },
    /** Signed-in callers only, at a named rate. */
    limited: (name: RateLimitName) => ({
      ...signedIn,
      config: { rateLimit: rateLimit(name, rateLimits) },
    }),
  };
}
