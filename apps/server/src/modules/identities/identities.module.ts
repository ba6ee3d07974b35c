import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import type { SameOriginCheck } from '../../http/same-origin.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createIdentitiesRepository } from './identities.repository.ts';
import { identitiesRoutes } from './identities.routes.ts';
import { createIdentitiesService } from './identities.service.ts';
import { createOidcClient } from './oidc-client.ts';
import { oidcRoutes } from './oidc.routes.ts';
import { createOidcService } from './oidc.service.ts';

/**
 * Third-party sign-in (`/api/auth/oidc/*`) and linked identities (`/api/me/identities`). Returns
 * the identities service and the configured providers, for screens that list them with more.
 */
export async function registerIdentities(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    database: DatabaseHandle;
    auth: AuthService;
    guards: Guards;
    sameOrigin: SameOriginCheck;
  },
) {
  const repo = createIdentitiesRepository(deps.database.db);
  const oidc = createOidcService({
    repo,
    auth: deps.auth,
    client: createOidcClient(),
    providers: deps.config.oidcProviders ?? [],
    logFailure: (error, provider) =>
      app.log.warn({ err: error, provider }, 'third-party sign-in failed'),
  });
  await app.register(oidcRoutes, {
    prefix: '/api/auth/oidc',
    oidc,
    auth: deps.auth,
    rateLimits: deps.config.rateLimits,
    secureCookies: deps.config.secureCookies,
    sameOrigin: deps.sameOrigin,
  });
  const identities = createIdentitiesService(repo, oidc);
  await app.register(identitiesRoutes, { prefix: '/api', ...deps.guards, identities });
  return { identities, providers: () => oidc.providers() };
}
