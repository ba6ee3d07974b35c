import type { FastifyInstance } from 'fastify';

import { MESSAGES } from '@arena/shared/messages';

import { sql } from 'drizzle-orm';

import { type DatabaseHandle, selectRows } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Guards } from '../../http/guards.ts';
import { createProfilesRepository } from '../profiles/profiles.repository.ts';
import { createSafetyRepository } from './safety.repository.ts';
import { safetyRoutes } from './safety.routes.ts';
import { blockedBy, isMinor, sanctioned } from './safety.sql.ts';
import { createSafetyService } from './safety.service.ts';

/** Blocking and muting (`/api/profiles/:username/block`, `/mute`, `/api/me/blocked`, `/muted`). */
export async function registerSafety(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; guards: Guards },
) {
  const repo = createSafetyRepository(deps.database.db);
  const safety = createSafetyService(repo, createProfilesRepository(deps.database.db));
  await app.register(safetyRoutes, { prefix: '/api', ...deps.guards, safety });
  return safety;
}

/**
 * On every route of the app registered after it, one query decides whether a `:username` exists
 * for the caller (its profile, CV, organisation, posts, follows lists: else 404, as a missing
 * profile): not when it blocked the signed-in caller, nor, to anyone, while its account is
 * suspended or banned, nor, to a visitor, when it is a minor's. Added to the root before the
 * routes that name a member.
 */
export function hideProfilesFromCaller(app: FastifyInstance, database: DatabaseHandle) {
  app.addHook('preHandler', async (request) => {
    const username = (request.params as { username?: unknown } | undefined)?.username;
    if (typeof username !== 'string') return;
    const viewerId = request.auth?.profileId;
    const rows = await selectRows<{ id: string }>(
      database.db,
      sql`SELECT p.id FROM profiles p
        WHERE lower(p.username) = ${username.toLowerCase()}
          AND (${sanctioned(sql`p.id`)}
            OR ${viewerId ? blockedBy(viewerId, sql`p.id`) : isMinor(sql`p.id`)})`,
    );
    if (rows.length > 0) throw new AppError('not_found', MESSAGES.profileNotFound);
  });
}
