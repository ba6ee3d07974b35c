import type { FastifyInstance } from 'fastify';

import { TOKEN_LIFETIMES } from '@arena/shared/limits';

import type { AppConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { FAILED_SIGN_INS_PER_ACCOUNT } from '../../http/rate-limits.ts';
import type { SameOriginCheck } from '../../http/same-origin.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { createMfaRepository } from '../mfa/mfa.repository.ts';
import { secondFactorsOf } from '../mfa/second-factors.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createAccountLinks } from './account-links.ts';
import { createAccountRepository } from './account.repository.ts';
import { accountRoutes } from './account.routes.ts';
import { createAttemptLimits } from './attempt-limits.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createEmailConfirmationService } from './email-confirmation.service.ts';
import { createPasswordChangeService } from './password-change.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { loadSecondFactorChanges } from './second-factor-changes.ts';
import { createSessionRevocations } from './session-revocations.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { createSessionsService } from './sessions.service.ts';
import { loadSigner } from './signing-keys.ts';

export interface AuthDeps {
  config: AppConfig;
  database: DatabaseHandle;
  bus: EventBus;
  mail: MailQueue;
  sameOrigin: SameOriginCheck;
}

/**
 * Sign-up, sign-in and tokens (`/api/auth`), email confirmation, password reset and change, the
 * sessions list, and the public signing keys (`/.well-known/jwks.json`). Returns the auth service,
 * the signer and the sessions service other modules use, and the guards every module's routes use.
 */
export async function registerAuth(app: FastifyInstance, deps: AuthDeps) {
  const { config, database, bus, mail, sameOrigin } = deps;
  const db = database.db;
  const repo = createAuthRepository(db);
  const signer = await loadSigner(repo);

  // A starting instance refuses at once the access tokens of sessions ended within their lifetime.
  const sessionsRepository = createSessionsRepository(db);
  const revocations = createSessionRevocations(
    bus,
    await sessionsRepository.revokedSince(
      new Date(Date.now() - TOKEN_LIFETIMES.accessTokenSeconds * 1000),
    ),
    (error) => app.log.error({ err: error }, 'announcing ended sessions failed'),
  );
  const sessions = createSessionsService(sessionsRepository, revocations);

  // Sign-in reads the second factors that the mfa module keeps.
  const factors = createMfaRepository(db);
  const factorChanges = await loadSecondFactorChanges(
    bus,
    (since) => factors.verifiedSince(since),
    (error) => app.log.error({ err: error }, 'announcing changed second factors failed'),
  );
  const auth = createAuthService(
    repo,
    signer,
    {
      adminEmails: config.adminEmails,
      failedSignInsPerAccount: FAILED_SIGN_INS_PER_ACCOUNT.max,
      failedSignInWindowMs: FAILED_SIGN_INS_PER_ACCOUNT.windowMs,
      requireEmailConfirmation: config.requireEmailConfirmation,
    },
    secondFactorsOf(factors),
    revocations,
    factorChanges,
  );
  await auth.applyAdminEmails();

  // Email confirmation, password reset and password change share the emailed links and limits.
  const accountRepository = createAccountRepository(db);
  const links = createAccountLinks(
    accountRepository,
    signer,
    config.publicUrl ?? `http://localhost:${config.port}`,
  );
  const limits = createAttemptLimits(accountRepository);
  const shared = { repo: accountRepository, links, limits, mail };
  const account = {
    emailConfirmation: createEmailConfirmationService({
      ...shared,
      auth,
      required: config.requireEmailConfirmation,
    }),
    passwordReset: createPasswordResetService({ ...shared, auth, revocations }),
    passwordChange: createPasswordChangeService({ ...shared, revocations }),
  };

  const cookies = {
    rateLimits: config.rateLimits,
    secureCookies: config.secureCookies,
    sameOrigin,
  };
  await app.register(authRoutes, {
    prefix: '/api/auth',
    auth,
    emailConfirmation: account.emailConfirmation,
    ...cookies,
  });
  await app.register(accountRoutes, { prefix: '/api/auth', auth, ...account, ...cookies });
  const guards: Guards = { verify: auth.verifyAccessToken, rateLimits: config.rateLimits };
  await app.register(sessionsRoutes, { prefix: '/api/auth', ...guards, sessions });
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, () => auth.jwks());

  return { auth, signer, sessions, guards, revocations };
}
