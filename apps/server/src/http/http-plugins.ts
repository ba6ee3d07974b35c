import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Redis } from 'ioredis';

import { MESSAGES } from '@arena/shared/messages';

import type { AppConfig } from '../config.ts';
import { s3BrowserOrigins } from '../modules/storage/s3-config.ts';
import { sharedRateLimitCounters } from './rate-limits.ts';

/**
 * What every route relies on, registered before any of them: the request's `auth` slot, the
 * security headers, cookies, the rate limiter (each route names its limit; its counters in
 * `redis` when given, else in this process) and multipart bodies.
 */
export async function registerHttpPlugins(
  app: FastifyInstance,
  config: AppConfig,
  redis: Redis | null,
) {
  app.decorateRequest('auth', null);

  // Files on S3 reach the browser from the CDN or, signed, from the store itself.
  const fileOrigins = config.s3 ? s3BrowserOrigins(config.s3) : [];
  // Security headers, built once (the Fastify plugin built helmet's middleware again on every
  // request, parsing the policy each time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and the docs page inject style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins],
        mediaSrc: ["'self'", 'blob:', ...fileOrigins],
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
    ...(redis && config.redis ? sharedRateLimitCounters(redis, config.redis.keyPrefix) : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `${MESSAGES.rateLimited} (retry after ${context.after})`,
    }),
  });

  await app.register(multipart, {
    // The largest upload any route accepts; each route sets its own, smaller limit.
    limits: { fileSize: 100 * 1024 * 1024, files: 1, fields: 20, fieldSize: 100 * 1024, parts: 21 },
  });
}
