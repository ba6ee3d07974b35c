import type { Agent } from 'node:https';

import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

import { type AppConfig, DEFAULT_SCOUT_ALERT_SECONDS } from './config.ts';
import { openInfrastructure } from './app-infrastructure.ts';
import type { DatabaseHandle } from './db/database.ts';
import { frameworkErrors, registerErrorHandling, registerNotFound } from './http/error-handler.ts';
import { registerHttpPlugins } from './http/http-plugins.ts';
import { registerOpenApi } from './http/openapi.ts';
import { sameOriginCheck } from './http/same-origin.ts';
import { serializerCompiler } from './http/serializer.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { registerWebApp } from './http/web-app.ts';
import { registerAccountData } from './modules/account-data/account-data.module.ts';
import { registerAuth } from './modules/auth/auth.module.ts';
import { registerCamps } from './modules/camps/camps.module.ts';
import { registerCv } from './modules/cv/cv.module.ts';
import { registerGuardians } from './modules/guardians/guardians.module.ts';
import { registerFollows } from './modules/follows/follows.module.ts';
import { registerHome } from './modules/home/home.module.ts';
import { registerHousekeeping } from './modules/housekeeping/housekeeping.module.ts';
import { registerIdentities } from './modules/identities/identities.module.ts';
import { registerMedia } from './modules/media/media.module.ts';
import { createMessageRequests, registerMessaging } from './modules/messaging/messaging.module.ts';
import { registerMeta } from './modules/meta/meta.module.ts';
import { registerMfa } from './modules/mfa/mfa.module.ts';
import { registerModeration } from './modules/moderation/moderation.module.ts';
import { nudgeScoutAlerts } from './modules/scouting/scout-alerts.ts';
import { registerScouting } from './modules/scouting/scouting.module.ts';
import { registerScholarships } from './modules/scholarships/scholarships.module.ts';
import type { SmsProvider } from './modules/mfa/sms.ts';
import type { MessageNoticeDelays } from './modules/notifications/notice-delivery.ts';
import { registerNotifications } from './modules/notifications/notifications.module.ts';
import { registerMinors } from './modules/minors/minors.module.ts';
import { registerOffers } from './modules/offers/offers.module.ts';
import { registerPeople } from './modules/people/people.module.ts';
import { hideProfilesFromCaller, registerSafety } from './modules/safety/safety.module.ts';
import { registerPosts } from './modules/posts/posts.module.ts';
import { registerProfiles } from './modules/profiles/profiles.module.ts';
import { registerPublicProfiles } from './modules/public-profiles/public-profiles.module.ts';
import type { EventBus } from './modules/realtime/event-bus.ts';
import { registerRealtime } from './modules/realtime/realtime.module.ts';
import { registerSettings } from './modules/settings/settings.module.ts';
import { registerStorage } from './modules/storage/storage.module.ts';
import { registerVerification } from './modules/verification/verification.module.ts';
import { registerVideos } from './modules/videos/videos.module.ts';

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the configuration. */
  database?: DatabaseHandle;
  /** Log through pino; off by default in tests. */
  logger?: boolean;
  /** Log through this logger (main.ts's, in the format LOG_FORMAT chose) instead. */
  loggerInstance?: FastifyBaseLogger;
  /** An event bus to use instead of the configured one (tests). */
  bus?: EventBus;
  /** Sends the texts of phone second factors instead of SMS_PROVIDER's choice (tests). */
  sms?: SmsProvider;
  /** The HTTPS agent push services are reached with (tests: one trusting a local receiver). */
  pushAgent?: Agent;
  /** How long a message waits unread before its push and email (tests: seconds, not minutes). */
  messageNoticeDelays?: MessageNoticeDelays;
  /** Called for every route as it is registered (tests list the whole route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Everything but `listen`: tests drive the instance with `app.inject()`. Each module wires its
 * repositories, services and routes in its `<feature>.module.ts` (`register<Feature>`), and
 * returns what other modules use; the order below is the order their routes are registered in.
 */
export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger === false ? false : { level: config.logLevel } }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // While draining (SIGTERM), a request on a connection still open is served, with
    // `Connection: close`, rather than refused with a bare 503: it was sent before the
    // balancer heard that this instance is going, and `/api/ready` answers for itself.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerTextGuard(app);

  const { database, bus, redis, jobs, mail, storage } = await openInfrastructure(
    app,
    config,
    options,
  );
  const sameOrigin = sameOriginCheck(config);
  await registerHttpPlugins(app, config, redis);

  await registerOpenApi(app, config);

  await registerMeta(app, { config, database, storage, redis });
  const { auth, signer, sessions, guards, revocations } = await registerAuth(app, {
    config,
    database,
    bus,
    mail,
    sameOrigin,
  });
  const notifications = await registerNotifications(app, {
    config,
    database,
    bus,
    jobs,
    mail,
    guards,
    pushAgent: options.pushAgent,
  });
  const { mfa } = await registerMfa(app, { config, database, auth, sameOrigin, sms: options.sms });
  const { identities, providers } = await registerIdentities(app, {
    config,
    database,
    auth,
    guards,
    sameOrigin,
  });
  hideProfilesFromCaller(app, database);
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const scoutAlertSeconds = config.scoutAlertIntervalSeconds ?? DEFAULT_SCOUT_ALERT_SECONDS;
  const cv = await registerCv(app, {
    database,
    bus,
    guards,
    storage,
    publicUrl,
    // A CV that changed may make its athlete newly match saved searches.
    onCvChange: () => nudgeScoutAlerts(jobs, scoutAlertSeconds),
  });
  const { profiles, organization } = await registerProfiles(app, {
    database,
    storage,
    bus,
    guards,
    cv,
  });
  const publicPages = await registerPublicProfiles(app, { database, guards, publicUrl });
  const people = await registerPeople(app, { database, guards });
  await registerScouting(app, {
    database,
    guards,
    jobs,
    notifications,
    alertIntervalSeconds: scoutAlertSeconds,
  });
  await registerHome(app, { guards, profiles, people, cv, organization });
  const safety = await registerSafety(app, { database, guards });
  const messageRequests = createMessageRequests(database);
  const guardians = await registerGuardians(app, {
    database,
    guards,
    signer,
    mail,
    publicUrl,
  });
  await registerSettings(app, {
    safety,
    messagePolicy: messageRequests,
    guards,
    database,
    bus,
    sessions,
    mfa,
    identities,
    providers,
    guardians,
    publicProfiles: publicPages.publicProfiles,
  });
  await registerFollows(app, { database, guards, notifications, bus });
  const media = registerMedia(app, { config, database, storage, jobs });
  const { posts, comments } = await registerPosts(app, {
    database,
    storage,
    bus,
    guards,
    media,
    notifications,
  });
  const messaging = await registerMessaging(app, {
    database,
    bus,
    guards,
    media,
    signer,
    jobs,
    requests: messageRequests,
    guardians,
    messageNoticeDelays: options.messageNoticeDelays,
  });
  registerVideos(app, {
    database,
    storage,
    bus,
    jobs,
    notifications,
    messageChanged: (id) => messaging.announceChanged(id),
  });
  // The WebSocket plugin handles upgrade requests on the routes registered after it.
  await registerRealtime(app, {
    bus,
    database,
    auth,
    messaging,
    notifications,
    safety,
    sameOrigin,
  });
  await registerVerification(app, { database, guards, notifications });
  const { scholarships } = await registerScholarships(app, {
    database,
    storage,
    guards,
    notifications,
  });
  await registerOffers(app, {
    scholarshipView: scholarships.view,
    database,
    storage,
    guards,
    media,
    signer,
    notifications,
    bus,
    guardians,
  });
  const camps = await registerCamps(app, { database, storage, guards, notifications, guardians });
  await registerModeration(app, {
    config,
    database,
    storage,
    guards,
    mail,
    notifications,
    revocations,
    removePost: (id) => posts.remove(id),
    removeComment: (postId, id) => comments.removeAny(postId, id),
  });
  await registerStorage(app, { storage, signer });
  const accountData = await registerAccountData(app, {
    database,
    storage,
    guards,
    revocations,
    secureCookies: config.secureCookies,
    onErase: camps.releasePlaces,
  });
  await registerMinors(app, { database, guards, eraseAccount: accountData.erase });
  registerHousekeeping(app, { database, media });

  registerNotFound(app, await registerWebApp(app, config.webDistDir, publicPages.pageHeads));

  return app;
}
