import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createAccountTypeRepository } from './account-type.repository.ts';
import { createAccountTypeService } from './account-type.service.ts';
import { type SettingsRoutesOptions, settingsRoutes } from './settings.routes.ts';

/**
 * The Settings page's lists in one request (`/api/me/settings`), from the services that serve
 * them, and the account type (`/api/me/account-type`).
 */
export async function registerSettings(
  app: FastifyInstance,
  deps: Omit<SettingsRoutesOptions, keyof Guards | 'accountType'> & {
    guards: Guards;
    database: DatabaseHandle;
    bus: EventBus;
  },
) {
  const { guards, database, bus, ...services } = deps;
  const accountType = createAccountTypeService(createAccountTypeRepository(database.db), bus);
  await app.register(settingsRoutes, { prefix: '/api', ...guards, ...services, accountType });
}
