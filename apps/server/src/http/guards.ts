import type { TokenVerifier } from './authenticate.ts';
import { authenticate, identify } from './authenticate.ts';
import { type RateLimitName, rateLimit } from './rate-limits.ts';

/**
 * Who a guard lets in, marked on the route's config for the OpenAPI document (`openapi.ts`
 * turns it into the operation's `security` and its 401).
 */
export type Access = 'signedIn' | 'anyone';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the guards; a route without one states `security` in its schema. */
    access?: Access;
  }
}

/** What every feature's routes need to guard themselves: who is calling, and how fast they may write. */
export interface Guards {
  verify: TokenVerifier;
  rateLimits: 'strict' | 'relaxed';
}

const signedInAccess = { access: 'signedIn' } as const;

/** Each guard judges the token at `preParsing`, before the body (see `authenticate.ts`). */
export function guardsFor({ verify, rateLimits }: Guards) {
  const signedIn = { preParsing: authenticate(verify), config: signedInAccess };
  return {
    /** Signed-in callers only. */
    signedIn,
    /** Signed-in callers only; a caller without a valid token hears the route's own sentence. */
    signedInSaying: (refusal: string) => ({
      preParsing: authenticate(verify, refusal),
      config: signedInAccess,
    }),
    /** Anyone; a signed-in caller is identified, and a bad token refused. */
    anyone: { preParsing: identify(verify), config: { access: 'anyone' } as const },
    /** Signed-in callers only, at the write rate. */
    write: {
      ...signedIn,
      config: { ...signedInAccess, rateLimit: rateLimit('write', rateLimits) },
    },
    /** Signed-in callers only, at a named rate. */
    limited: (name: RateLimitName) => ({
      ...signedIn,
      config: { ...signedInAccess, rateLimit: rateLimit(name, rateLimits) },
    }),
  };
}
