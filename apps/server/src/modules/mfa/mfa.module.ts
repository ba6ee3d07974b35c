import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { SameOriginCheck } from '../../http/same-origin.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createAalGate } from './aal-gate.ts';
import { createMfaRepository } from './mfa.repository.ts';
import { mfaRoutes } from './mfa.routes.ts';
import { createMfaService } from './mfa.service.ts';
import { createPasskeysService } from './passkeys.service.ts';
import { relyingPartyFor } from './relying-party.ts';
import { type SmsProvider, createSmsProvider } from './sms.ts';

export interface MfaDeps {
  config: AppConfig;
  database: DatabaseHandle;
  auth: AuthService;
  sameOrigin: SameOriginCheck;
  /** Sends the texts of phone second factors instead of SMS_PROVIDER's choice (tests). */
  sms?: SmsProvider | undefined;
}

/**
 * Second factors, recovery codes and passkey sign-in (`/api/auth/factors`, `/recovery-codes`,
 * `/passkeys`). Returns the mfa service.
 */
export async function registerMfa(app: FastifyInstance, deps: MfaDeps) {
  const { config, auth } = deps;
  const repo = createMfaRepository(deps.database.db);
  const sms = deps.sms ?? createSmsProvider(config.smsProvider, app.log);
  const relyingParty = relyingPartyFor(config);
  const gate = createAalGate(repo);
  const mfa = createMfaService({ repo, auth, gate, sms, relyingParty });
  const passkeys = createPasskeysService({ repo, auth, relyingParty });
  await app.register(mfaRoutes, {
    prefix: '/api/auth',
    auth,
    mfa,
    passkeys,
    rateLimits: config.rateLimits,
    secureCookies: config.secureCookies,
    sameOrigin: deps.sameOrigin,
  });
  return { mfa };
}
