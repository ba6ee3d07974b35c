import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import {
  sessionSchema,
  sessionUserSchema,
  signInSchema,
  signUpSchema,
} from '@arena/shared/auth.schema';
import { confirmationPendingSchema } from '@arena/shared/account.schema';

import { authenticate, requireAuth } from '../../http/authenticate.ts';
import { rateLimit } from '../../http/rate-limits.ts';
import type { SameOriginCheck } from '../../http/same-origin.ts';
import type { AuthService, ClientInfo, IssuedSession } from './auth.service.ts';
import type { EmailConfirmationService } from './email-confirmation.service.ts';
import {
  DEVICE_COOKIE,
  REFRESH_COOKIE,
  clearRefreshCookie as clearCookie,
  setRefreshCookie as setCookie,
} from './refresh-cookie.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  emailConfirmation: EmailConfirmationService;
  rateLimits: 'strict' | 'relaxed';
  secureCookies: boolean;
  /** Refuses requests from other sites on the routes that read or set the session cookie. */
  sameOrigin: SameOriginCheck;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** A JSON Web Key Set (RFC 7517): each key as `jose` exports it. */
const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** The access token of `Authorization: Bearer …`, if the request has one. */
function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, emailConfirmation, rateLimits, secureCookies, sameOrigin },
) => {
  const client = (request: FastifyRequest): ClientInfo => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    deviceToken: request.cookies[DEVICE_COOKIE] ?? null,
  });

  const setRefreshCookie = (reply: FastifyReply, issued: IssuedSession) =>
    setCookie(reply, issued, secureCookies);
  const clearRefreshCookie = (reply: FastifyReply) => clearCookie(reply, secureCookies);

  app.post(
    '/sign-up',
    {
      onRequest: sameOrigin,
      config: { rateLimit: rateLimit('signUp', rateLimits) },
      schema: {
        tags: ['auth'],
        summary:
          'Create an account and its profile, and sign in (or, when email confirmation is required, send the link: 202)',
        security: [],
        body: signUpSchema,
        response: { 201: sessionSchema, 202: confirmationPendingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const issued = await auth.signUp(request.body, client(request));
      if ('confirmationRequired' in issued) {
        await emailConfirmation.sendLink(issued.account);
        return reply.status(202).send({ confirmationRequired: true, email: issued.account.email });
      }
      // An ADMIN_EMAILS address: signed in as a member, admin once the emailed link is used.
      if (issued.confirmationLink) await emailConfirmation.sendLink(issued.confirmationLink);
      setRefreshCookie(reply, issued);
      return reply.status(201).send(issued.session);
    },
  );

  app.post(
    '/sign-in',
    {
      onRequest: sameOrigin,
      config: { rateLimit: rateLimit('signIn', rateLimits) },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        security: [],
        body: signInSchema,
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const issued = await auth.signIn(request.body, client(request));
      setRefreshCookie(reply, issued);
      return issued.session;
    },
  );

  app.post(
    '/refresh',
    {
      onRequest: sameOrigin,
      config: { rateLimit: rateLimit('refresh', rateLimits) },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token (cookie) and get a new access token',
        security: [{ refreshCookie: [] }],
        response: {
          200: sessionSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const issued = await auth.refresh(request.cookies[REFRESH_COOKIE], client(request));
        setRefreshCookie(reply, issued);
        return issued.session;
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/sign-out',
    {
      onRequest: sameOrigin,
      config: { rateLimit: rateLimit('signOut', rateLimits) },
      schema: {
        tags: ['auth'],
        summary:
          "End this session: the refresh cookie's and the access token's (each family is revoked)",
        security: [{ refreshCookie: [] }, { bearerAuth: [] }, {}],
        response: { 204: z.null(), 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The access token is optional, and one that no longer verifies (expired, its session
      // already ended) is no reason to keep the cookie's session alive: it is ignored. Any
      // assurance level will do: a session waiting for its second factor can be ended too.
      const token = bearerToken(request);
      const caller = token ? await auth.verifyAccessTokenAnyAal(token) : null;
      await auth.signOut(request.cookies[REFRESH_COOKIE], caller?.sessionId ?? null);
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/session',
    {
      preParsing: authenticate(auth.verifyAccessToken),
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in',
        security: [{ bearerAuth: [] }],
        response: { 200: sessionUserSchema, 401: apiErrorSchema },
      },
    },
    async (request) => auth.sessionUser(requireAuth(request).userId),
  );

  app.get(
    '/jwks.json',
    {
      schema: {
        tags: ['auth'],
        summary: 'Public keys that verify access tokens (JWKS)',
        security: [],
        response: { 200: jwksSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return auth.jwks();
    },
  );
};
