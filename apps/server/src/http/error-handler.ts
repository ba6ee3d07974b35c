import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import type { ApiError } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';

import { AppError, codeForStatus } from './app-error.ts';
import { malformedUpload } from './multipart-upload.ts';
import type { WebAppShell } from './web-app.ts';

/** Every failure leaves the server as `{ error: { code, message, fields? } }` with an honest status. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (key && !(key in fields)) fields[key] = issue.message ?? MESSAGES.invalidRequest;
      }
      // A body that is not even an object has no field to blame; other whole-body rules speak for themselves.
      const first = error.validation[0];
      const notAnObject = first?.instancePath === '/' && first.keyword === 'invalid_type';
      const message =
        first && !notAnObject
          ? (first.message ?? MESSAGES.invalidRequest)
          : MESSAGES.invalidRequest;
      return reply.status(400).send(body('validation_failed', message, fields));
    }

    const upload = malformedUpload(error);
    if (upload) return reply.status(400).send(body('bad_request', upload));

    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(body('rate_limited', error.message || MESSAGES.rateLimited));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(codeForStatus(status), clientMessage(error, status)));
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('internal', MESSAGES.internal));
  });
}

/**
 * Fastify's own refusals before routing (a URL that does not decode): the same shape as the
 * rest. Passed to `Fastify({ frameworkErrors })`.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(body(codeForStatus(status), MESSAGES.invalidRequest));
}

/**
 * Unknown API paths are JSON 404s. When the web app is served, every other GET is a client
 * route and gets `index.html` (history fallback; web-app.ts), with its own head for a page that
 * has one.
 */
export function registerNotFound(app: FastifyInstance, webApp: WebAppShell | null) {
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (a tab older than the deploy asking for a chunk that is gone) is a
    // 404, never the app's HTML: the tab then knows to reload.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/assets/');
    if (webApp && isPage) return webApp(request, reply);
    return reply
      .status(404)
      .send(body('not_found', `${MESSAGES.notFound}: ${request.method} ${request.url}`));
  });
}

function clientMessage(error: FastifyError, status: number): string {
  if (status === 413) return MESSAGES.payloadTooLarge;
  if (status === 415) return MESSAGES.unsupportedMediaType;
  // Fastify's own 4xx messages (bad JSON, empty body) are safe to show.
  return error.message || MESSAGES.invalidRequest;
}

function body(
  code: ApiError['error']['code'],
  message: string,
  fields?: Record<string, string>,
): ApiError {
  return fields && Object.keys(fields).length > 0
    ? { error: { code, message, fields } }
    : { error: { code, message } };
}
