import type { FastifyInstance } from 'fastify';

import { MESSAGES } from '@arena/shared/messages';

import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Guards } from '../../http/guards.ts';
import { rateLimit } from '../../http/rate-limits.ts';
import type { PageHeads } from '../../http/web-app.ts';
import { publicProfileHead } from './public-profile-head.ts';
import { createPublicProfilesRepository } from './public-profiles.repository.ts';
import { publicProfilesRoutes } from './public-profiles.routes.ts';
import {
  createPublicProfilesService,
  type PublicProfilesService,
} from './public-profiles.service.ts';

const PAGE_PATH = /^\/p\/([^/]+)\/?$/;

/** The username in a `/p/{username}` path, or null for another path or one that does not decode. */
function usernameIn(pathname: string): string | null {
  const encoded = PAGE_PATH.exec(pathname)?.[1];
  if (encoded === undefined) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return '';
  }
}

/**
 * Public profiles (issue 24): the member's settings (`/api/me/public-profile`), the page's data
 * (`/api/public/profiles/:username`), and the head of the web app's page at `/p/:username`.
 * Returns the page heads for the web app (app.ts hands them to `registerWebApp`), and the
 * service (the Settings page's one request carries the member's settings).
 */
export async function registerPublicProfiles(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; guards: Guards; publicUrl: string },
): Promise<{ pageHeads: PageHeads; publicProfiles: PublicProfilesService }> {
  const publicProfiles = createPublicProfilesService(
    createPublicProfilesRepository(deps.database.db),
    deps.publicUrl,
  );
  await app.register(publicProfilesRoutes, { prefix: '/api', ...deps.guards, publicProfiles });

  // The page is read without signing in, as the JSON is: the same pace per address.
  // Its own key: a limiter made outside a route has no route to name its counters after, and
  // would share them (in Redis) with any other such limiter.
  const limit = app.createRateLimit({
    ...rateLimit('publicProfile', deps.guards.rateLimits),
    keyGenerator: (request) => `public-profile-page:${request.ip}`,
  });
  const pageHeads: PageHeads = async (pathname, request) => {
    const username = usernameIn(pathname);
    if (username === null) return null;
    const counted = await limit(request);
    if (!counted.isAllowed && counted.isExceeded) {
      const refusal = new AppError('rate_limited', MESSAGES.rateLimited);
      refusal.retryAfterSeconds = counted.ttlInSeconds;
      throw refusal;
    }
    const shown = username && username.length <= 64 ? await publicProfiles.shown(username) : null;
    return publicProfileHead(shown, deps.publicUrl);
  };
  return { pageHeads, publicProfiles };
}
