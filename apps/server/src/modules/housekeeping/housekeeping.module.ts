import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { MediaService } from '../media/media.service.ts';
import { createHousekeepingRepository } from './housekeeping.repository.ts';
import { startHousekeeping } from './housekeeping.ts';

const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * The periodic chores, stopped with the app: uploads never attached to a post are removed after
 * an hour; rows no rule reads any more, a day after they lapsed.
 */
export function registerHousekeeping(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; media: MediaService },
) {
  const housekeeping = startHousekeeping(
    createHousekeepingRepository(deps.database.db),
    [{ name: 'sweeping abandoned uploads', run: () => deps.media.sweepAbandoned() }],
    app.log,
    SWEEP_INTERVAL_MS,
  );
  app.addHook('onClose', () => housekeeping.stop());
}
