import type { FastifyInstance } from 'fastify';

import type { Guards } from '../../http/guards.ts';
import { type SettingsRoutesOptions, settingsRoutes } from './settings.routes.ts';

/** The Settings page's lists in one request (`/api/me/settings`), from the services that serve them. */
export async function registerSettings(
  app: FastifyInstance,
  deps: Omit<SettingsRoutesOptions, keyof Guards> & { guards: Guards },
) {
  const { guards, ...services } = deps;
  await app.register(settingsRoutes, { prefix: '/api', ...guards, ...services });
}
