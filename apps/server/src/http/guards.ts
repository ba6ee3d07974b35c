import type { TokenVerifier } from './authenticate.ts';
import { authenticate, identify } from './authenticate.ts';
import { type RateLimitName, rateLimit } from './rate-limits.ts';

/** What every feature's routes need to guard themselves: who is calling, and how fast they may write. */
export interface Guards {
  verify: TokenVerifier;
  rateLimits: 'strict' | 'relaxed';
}

export function guardsFor({ verify, rateLimits }: Guards) {
  return {
    /** Signed-in callers only. */
    signedIn: { preHandler: authenticate(verify) },
    /** Anyone; a signed-in caller is identified. */
    anyone: { preHandler: identify(verify) },
    /** Signed-in callers only, at the write rate. */
    write: {
      preHandler: authenticate(verify),
      config: { rateLimit: rateLimit('write', rateLimits) },
    },
    /** Signed-in callers only, at a named rate. */
    limited: (name: RateLimitName) => ({
      preHandler: authenticate(verify),
      config: { rateLimit: rateLimit(name, rateLimits) },
    }),
  };
}
