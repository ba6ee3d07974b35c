import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  acceptedSchema,
  confirmEmailSchema,
  emailRequestSchema,
  passwordChangeSchema,
  passwordResetSchema,
} from '@arena/shared/account.schema';
import { apiErrorSchema } from '@arena/shared/api-error';
import { sessionSchema } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';

import { authenticate, requireAuth } from '../../http/authenticate.ts';
import { rateLimit } from '../../http/rate-limits.ts';
import type { SameOriginCheck } from '../../http/same-origin.ts';
import type { AuthService, ClientInfo, IssuedSession } from './auth.service.ts';
import type { EmailConfirmationService } from './email-confirmation.service.ts';
import type { PasswordChangeService } from './password-change.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import { REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie.ts';

export interface AccountRoutesOptions {
  auth: AuthService;
  emailConfirmation: EmailConfirmationService;
  passwordReset: PasswordResetService;
  passwordChange: PasswordChangeService;
  rateLimits: 'strict' | 'relaxed';
  secureCookies: boolean;
  /**
   * Refuses requests from other sites on the links' routes, which set the session cookie. Changing
   * the password reads it, but is authenticated by the access token, which no other site has.
   */
  sameOrigin: SameOriginCheck;
}

const errors = { 400: apiErrorSchema, 429: apiErrorSchema };
const cookieErrors = { ...errors, 403: apiErrorSchema };

/** Email confirmation, forgot/reset password and change password, under /api/auth. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { auth, emailConfirmation, passwordReset, passwordChange, rateLimits, sameOrigin } =
    options;
  const client = (request: FastifyRequest): ClientInfo => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  const signedIn = (reply: FastifyReply, issued: IssuedSession) => {
    setRefreshCookie(reply, issued, options.secureCookies);
    return issued.session;
  };

  app.post(
    '/email-confirmation/resend',
    {
      config: { rateLimit: rateLimit('confirmationResend', rateLimits) },
      schema: {
        tags: ['auth'],
        summary: 'Send a new confirmation link (same answer whether or not one is sent)',
        security: [],
        body: emailRequestSchema,
        response: { 202: acceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await emailConfirmation.resend(request.body.email, client(request));
      return reply.status(202).send({ message: MESSAGES.account.confirmationResent });
    },
  );

  app.post(
    '/email-confirmation/confirm',
    {
      onRequest: sameOrigin,
      config: { rateLimit: rateLimit('accountLink', rateLimits) },
      schema: {
        tags: ['auth'],
        summary: 'Use a confirmation link: confirms the email and signs in',
        security: [],
        body: confirmEmailSchema,
        response: { 200: sessionSchema, ...cookieErrors },
      },
    },
    async (request, reply) =>
      signedIn(reply, await emailConfirmation.confirm(request.body.token, client(request))),
  );

  app.post(
    '/password-reset/request',
    {
      config: { rateLimit: rateLimit('passwordResetRequest', rateLimits) },
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (same answer whether or not the email is registered)',
        security: [],
        body: emailRequestSchema,
        response: { 202: acceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await passwordReset.request(request.body.email, client(request));
      return reply.status(202).send({ message: MESSAGES.account.resetRequested });
    },
  );

  app.post(
    '/password-reset/complete',
    {
      onRequest: sameOrigin,
      config: { rateLimit: rateLimit('accountLink', rateLimits) },
      schema: {
        tags: ['auth'],
        summary: 'Use a reset link: sets the password, signs out every session, signs in here',
        security: [],
        body: passwordResetSchema,
        response: { 200: sessionSchema, ...cookieErrors },
      },
    },
    async (request, reply) =>
      signedIn(reply, await passwordReset.complete(request.body, client(request))),
  );

  app.post(
    '/password/change',
    {
      preParsing: authenticate(auth.verifyAccessToken),
      config: { rateLimit: rateLimit('passwordChange', rateLimits) },
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session is signed out',
        security: [{ bearerAuth: [] }],
        body: passwordChangeSchema,
        response: { 204: z.null(), 401: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      await passwordChange.change(
        userId,
        request.body,
        request.cookies[REFRESH_COOKIE],
        client(request),
      );
      return reply.status(204).send(null);
    },
  );
};
