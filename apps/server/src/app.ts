import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import rateLimitPlugin from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import helmet from 'helmet';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

import { MESSAGES } from '@arena/shared/messages';

import type { AppConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { frameworkErrors, registerErrorHandling, registerNotFound } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { serializerCompiler } from './http/serializer.ts';
import { FAILED_SIGN_INS_PER_ACCOUNT } from './http/rate-limits.ts';
import { sameOriginCheck } from './http/same-origin.ts';
import { registerWebApp } from './http/web-app.ts';
import { closeImagePool } from './modules/media/image-pool.ts';
import { createAccountServices } from './modules/auth/account-services.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSessions } from './modules/auth/sessions.ts';
import { sessionsRoutes } from './modules/auth/sessions.routes.ts';
import { loadSecondFactorChanges } from './modules/auth/second-factor-changes.ts';
import { loadSigner } from './modules/auth/signing-keys.ts';
import { createTwoFactor } from './modules/mfa/create-two-factor.ts';
import { createMfaRepository } from './modules/mfa/mfa.repository.ts';
import { mfaRoutes } from './modules/mfa/mfa.routes.ts';
import { secondFactorsOf } from './modules/mfa/second-factors.ts';
import type { SmsProvider } from './modules/mfa/sms.ts';
import { createCvRepository } from './modules/cv/cv.repository.ts';
import { cvRoutes } from './modules/cv/cv.routes.ts';
import { createCvService } from './modules/cv/cv.service.ts';
import { registerIdentities } from './modules/identities/identities.plugin.ts';
import { createFollowsRepository } from './modules/follows/follows.repository.ts';
import { followsRoutes } from './modules/follows/follows.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createFollowsService } from './modules/follows/follows.service.ts';
import { createAdminGate } from './modules/admin/admin-gate.ts';
import { createAdminRepository } from './modules/admin/admin.repository.ts';
import { createOffersRepository } from './modules/offers/offers.repository.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { createOffersService } from './modules/offers/offers.service.ts';
import { createVerificationRepository } from './modules/verification/verification.repository.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { createVerificationService } from './modules/verification/verification.service.ts';
import { createMailQueue } from './modules/mail/mail-queue.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createMessagingRepository } from './modules/messaging/messaging.repository.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { createMessagingService } from './modules/messaging/messaging.service.ts';
import { createLocalBus, createPostgresBus, type EventBus } from './modules/realtime/event-bus.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { createMediaRepository } from './modules/media/media.repository.ts';
import { createMediaService } from './modules/media/media.service.ts';
import { createMetaRepository } from './modules/meta/meta.repository.ts';
import { metaRoutes } from './modules/meta/meta.routes.ts';
import { createCommentsRepository } from './modules/posts/comments.repository.ts';
import { commentsRoutes } from './modules/posts/comments.routes.ts';
import { createCommentsService } from './modules/posts/comments.service.ts';
import { createPostsRepository } from './modules/posts/posts.repository.ts';
import { postsRoutes } from './modules/posts/posts.routes.ts';
import { createPostsService } from './modules/posts/posts.service.ts';
import { createReactionsRepository } from './modules/posts/reactions.repository.ts';
import { createPeopleRepository } from './modules/people/people.repository.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { createPeopleService } from './modules/people/people.service.ts';
import { createProfilesRepository } from './modules/profiles/profiles.repository.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import { createHousekeepingRepository } from './modules/housekeeping/housekeeping.repository.ts';
import { startHousekeeping } from './modules/housekeeping/housekeeping.ts';
import { createDiskStorage } from './modules/storage/file-storage.ts';
import { filesRoutes } from './modules/storage/files.routes.ts';

const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the configuration. */
  database?: DatabaseHandle;
  /** Log through pino; off by default in tests. */
  logger?: boolean;
  /** An event bus to use instead of the configured one (tests). */
  bus?: EventBus;
  /** Sends the texts of phone second factors instead of SMS_PROVIDER's choice (tests). */
  sms?: SmsProvider;
  /** Called for every route as it is registered (tests list the whole route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Everything but `listen`: tests drive the instance with `app.inject()`. */
export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerTextGuard(app);

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: `${config.dataDir}/db` },
    ));
  // A database opened here is closed here; one handed in belongs to the caller.
  if (!options.database) app.addHook('onClose', () => database.close());

  // Live events: in-process alone; through PostgreSQL when instances share one.
  const bus: EventBus =
    options.bus ??
    (database.kind === 'postgres' && config.databaseUrl
      ? await createPostgresBus(config.databaseUrl, (error) =>
          app.log.error({ err: error }, 'event bus error'),
        )
      : createLocalBus());
  app.addHook('onClose', () => bus.close());
  app.addHook('onClose', closeImagePool);

  const authRepository = createAuthRepository(database.db);
  const signer = await loadSigner(authRepository);
  const { revocations, sessions } = await createSessions(database.db, bus, app.log);
  const mfaRepository = createMfaRepository(database.db);
  const factorChanges = await loadSecondFactorChanges(
    bus,
    (since) => mfaRepository.verifiedSince(since),
    (error) => app.log.error({ err: error }, 'announcing changed second factors failed'),
  );
  const auth = createAuthService(
    authRepository,
    signer,
    {
      adminEmails: config.adminEmails,
      failedSignInsPerAccount: FAILED_SIGN_INS_PER_ACCOUNT.max,
      failedSignInWindowMs: FAILED_SIGN_INS_PER_ACCOUNT.windowMs,
      requireEmailConfirmation: config.requireEmailConfirmation,
    },
    secondFactorsOf(mfaRepository),
    revocations,
    factorChanges,
  );
  const twoFactor = createTwoFactor(config, mfaRepository, auth, options.sms ?? app.log);
  await auth.applyAdminEmails();

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: `${config.dataDir}/outbox`,
    log: app.log,
  });
  const mail = createMailQueue(mailer, app.log);
  app.log.info(`outgoing mail: ${mailer.destination}`);
  // Closing hooks run last-added first: queued mail is sent before the database closes.
  app.addHook('onClose', async () => {
    await mail.drain();
    mailer.close();
  });
  const account = createAccountServices({
    db: database.db,
    signer,
    auth,
    mail,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    requireEmailConfirmation: config.requireEmailConfirmation,
    revocations,
  });

  const storage = createDiskStorage(`${config.dataDir}/storage`);
  const profilesRepository = createProfilesRepository(database.db);
  const profiles = createProfilesService(profilesRepository, storage, bus);
  const follows = createFollowsService(createFollowsRepository(database.db), profilesRepository);
  const people = createPeopleService(createPeopleRepository(database.db));
  const cv = createCvService(createCvRepository(database.db), bus);
  const mediaRepository = createMediaRepository(database.db);
  const media = createMediaService(mediaRepository, storage, config.dataDir);
  const postsRepository = createPostsRepository(database.db);
  const posts = createPostsService({
    posts: postsRepository,
    reactions: createReactionsRepository(database.db),
    media: mediaRepository,
    profiles: profilesRepository,
    storage,
    bus,
  });
  const comments = createCommentsService(
    createCommentsRepository(database.db),
    postsRepository,
    bus,
  );

  const admin = createAdminGate(createAdminRepository(database.db));
  const verification = createVerificationService(createVerificationRepository(database.db), admin);
  const offers = createOffersService({
    offers: createOffersRepository(database.db),
    media: mediaRepository,
    storage,
    admin,
    signer,
  });

  const messaging = createMessagingService({
    repo: createMessagingRepository(database.db),
    profiles: profilesRepository,
    media: mediaRepository,
    signer,
    bus,
  });

  // Uploads never attached to a post are removed after an hour; rows no rule reads any more, a
  // day after they lapsed.
  const housekeeping = startHousekeeping(
    createHousekeepingRepository(database.db),
    [{ name: 'sweeping abandoned uploads', run: () => media.sweepAbandoned() }],
    app.log,
    SWEEP_INTERVAL_MS,
  );
  app.addHook('onClose', () => housekeeping.stop());

  app.decorateRequest('auth', null);

  // Security headers, built once (the Fastify plugin built helmet's middleware again on every
  // request, parsing the policy each time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and the docs page inject style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  await app.register(cookie);
  await app.register(rateLimitPlugin, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `${MESSAGES.rateLimited} (retry after ${context.after})`,
    }),
  });

  await app.register(multipart, {
    // The largest upload any route accepts; each route sets its own, smaller limit.
    limits: { fileSize: 100 * 1024 * 1024, files: 1, fields: 20, fieldSize: 100 * 1024, parts: 21 },
  });

  await registerOpenApi(app, config);

  const sameOrigin = sameOriginCheck(config);
  await app.register(metaRoutes, {
    prefix: '/api',
    repo: createMetaRepository(database.db),
    databaseKind: database.kind,
    contactEmail: config.contactEmail,
  });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    auth,
    emailConfirmation: account.emailConfirmation,
    rateLimits: config.rateLimits,
    secureCookies: config.secureCookies,
    sameOrigin,
  });
  await app.register(accountRoutes, {
    prefix: '/api/auth',
    auth,
    ...account,
    rateLimits: config.rateLimits,
    secureCookies: config.secureCookies,
    sameOrigin,
  });
  await app.register(mfaRoutes, {
    prefix: '/api/auth',
    auth,
    mfa: twoFactor.mfa,
    passkeys: twoFactor.passkeys,
    rateLimits: config.rateLimits,
    secureCookies: config.secureCookies,
    sameOrigin,
  });
  const guards = { verify: auth.verifyAccessToken, rateLimits: config.rateLimits };
  const signInMethods = await registerIdentities(app, { config, database, auth, guards });
  await app.register(profilesRoutes, { prefix: '/api', ...guards, profiles, cv });
  await app.register(homeRoutes, { prefix: '/api', ...guards, profiles, people, cv });
  await app.register(sessionsRoutes, { prefix: '/api/auth', ...guards, sessions });
  await app.register(settingsRoutes, {
    prefix: '/api',
    ...guards,
    sessions,
    mfa: twoFactor.mfa,
    ...signInMethods,
  });
  await app.register(followsRoutes, { prefix: '/api', ...guards, follows });
  await app.register(peopleRoutes, { prefix: '/api', ...guards, people });
  await app.register(cvRoutes, { prefix: '/api', ...guards, cv });
  await app.register(postsRoutes, { prefix: '/api', ...guards, posts, media });
  await app.register(commentsRoutes, { prefix: '/api', ...guards, comments });
  await app.register(messagingRoutes, { prefix: '/api', ...guards, messaging, media, signer });
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  await app.register(realtimeRoutes, {
    prefix: '/api',
    bus,
    verify: auth.verifyAccessToken,
    isParticipant: messaging.isParticipant,
    unreadMessages: messaging.unreadTotal,
    sameOrigin,
  });
  await app.register(verificationRoutes, { prefix: '/api', ...guards, verification });
  await app.register(offersRoutes, { prefix: '/api', ...guards, offers, media });
  await app.register(filesRoutes, {
    prefix: '/files',
    storage,
    verifyGrant: (token) => signer.verifyFile(token),
  });
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, () => auth.jwks());

  registerNotFound(app, await registerWebApp(app, config.webDistDir));

  return app;
}
