import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { sessionSchema } from '@arena/shared/auth.schema';
import {
  oidcCompleteSignUpSchema,
  oidcLinkStartSchema,
  oidcPendingSignUpSchema,
  oidcProvidersSchema,
  oidcStartQuerySchema,
} from '@arena/shared/identity.schema';

import { AppError } from '../../http/app-error.ts';
import { authenticate, requireAuth } from '../../http/authenticate.ts';
import { rateLimit } from '../../http/rate-limits.ts';
import type { SameOriginCheck } from '../../http/same-origin.ts';
import { setRefreshCookie as writeRefreshCookie } from '../auth/refresh-cookie.ts';
import type { AuthService, ClientInfo } from '../auth/auth.service.ts';
import {
  type CallbackOutcome,
  FLOW_TTL_MS,
  type OidcService,
  SIGN_UP_TTL_MS,
} from './oidc.service.ts';

/** Binds a flow to the browser that started it (its hash is stored with the flow). */
const BROWSER_COOKIE = 'arena_oidc';
/** The single-use token of a pending "Finish creating your account". */
export const SIGN_UP_COOKIE = 'arena_oidc_sign_up';
const COOKIE_PATH = '/api/auth/oidc';

export interface OidcRoutesOptions {
  oidc: OidcService;
  auth: AuthService;
  rateLimits: 'strict' | 'relaxed';
  secureCookies: boolean;
  /**
   * Refuses requests from other sites on the pending sign-up, whose cookie is its credential. Not
   * on the start and the provider's answer: both are navigations, the answer one from the
   * provider's site, and they are bound to this browser by the flow's state and cookie instead.
   */
  sameOrigin: SameOriginCheck;
}

const providerParams = z.object({ provider: z.string().max(64) });
const tags = ['auth'];
/** Both steps of the flow are browser navigations, answered with a redirect. */
const redirect = z.null().describe('Redirects the browser (Location)');

/** Where the browser lands after the provider's answer. Paths only: never another site. */
function landingOf(outcome: Exclude<CallbackOutcome, { kind: 'signed-in' | 'sign-up' }>) {
  if (outcome.kind === 'linked') {
    return `/settings?${new URLSearchParams({ linked: outcome.provider }).toString()}`;
  }
  const query = new URLSearchParams({ oidcError: outcome.code, provider: outcome.provider });
  return `${outcome.purpose === 'link' ? '/settings' : '/auth'}?${query.toString()}`;
}

export const oidcRoutes: FastifyPluginAsyncZod<OidcRoutesOptions> = async (
  app,
  { oidc, auth, rateLimits, secureCookies, sameOrigin },
) => {
  const limited = { config: { rateLimit: rateLimit('oidc', rateLimits) } };
  const client = (request: FastifyRequest): ClientInfo => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  // Lax, not Strict: the provider's answer is a navigation from another site, which must carry it.
  const setBrowserCookie = (reply: FastifyReply, secret: string) =>
    reply.setCookie(BROWSER_COOKIE, secret, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      path: COOKIE_PATH,
      maxAge: FLOW_TTL_MS / 1000,
    });
  const signUpCookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies,
    path: COOKIE_PATH,
  } as const;

  app.get(
    '/providers',
    {
      schema: {
        tags,
        summary: 'The configured third-party sign-in providers',
        security: [],
        response: { 200: oidcProvidersSchema },
      },
    },
    async () => ({ providers: oidc.providers() }),
  );

  app.get(
    '/:provider/start',
    {
      ...limited,
      schema: {
        tags,
        summary: 'Sign in with a provider: redirects to it (authorization code flow with PKCE)',
        security: [],
        params: providerParams,
        querystring: oidcStartQuerySchema,
        response: {
          302: redirect,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      void reply.header('cache-control', 'no-store');
      try {
        const started = await oidc.startSignIn(
          provider,
          {
            redirectTo: request.query.redirectTo,
            remember: request.query.remember === 'true',
          },
          request.cookies[BROWSER_COOKIE],
        );
        setBrowserCookie(reply, started.browserSecret);
        return await reply.redirect(started.authorizationUrl, 302);
      } catch (error) {
        // The person is mid-navigation: a provider that is down gets a page and a message.
        if (error instanceof AppError && error.code === 'unavailable') {
          const query = new URLSearchParams({ oidcError: 'unavailable', provider });
          return await reply.redirect(`/auth?${query.toString()}`, 302);
        }
        throw error;
      }
    },
  );

  app.post(
    '/:provider/link',
    {
      ...limited,
      preParsing: authenticate(auth.verifyAccessToken),
      schema: {
        tags,
        summary: 'Link a provider to your account: where to send the browser next',
        security: [{ bearerAuth: [] }],
        params: providerParams,
        response: {
          200: oidcLinkStartSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      void reply.header('cache-control', 'no-store');
      const started = await oidc.startLink(
        request.params.provider,
        userId,
        request.cookies[BROWSER_COOKIE],
      );
      setBrowserCookie(reply, started.browserSecret);
      return { authorizationUrl: started.authorizationUrl };
    },
  );

  app.get(
    '/:provider/callback',
    {
      ...limited,
      schema: {
        tags,
        summary: "The provider's answer (the redirect URI registered with it)",
        security: [],
        params: providerParams,
        response: { 302: redirect },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const query = new URL(request.url, 'http://callback.invalid').searchParams;
      const outcome = await oidc.callback(
        request.params.provider,
        query,
        request.cookies[BROWSER_COOKIE],
        client(request),
      );
      switch (outcome.kind) {
        case 'signed-in': {
          writeRefreshCookie(reply, outcome.issued, secureCookies);
          const next = new URLSearchParams({ redirectTo: outcome.redirectTo });
          return reply.redirect(`/auth/callback?${next.toString()}`, 302);
        }
        case 'sign-up':
          reply.setCookie(SIGN_UP_COOKIE, outcome.token, {
            ...signUpCookieOptions,
            maxAge: SIGN_UP_TTL_MS / 1000,
          });
          return reply.redirect('/auth/finish', 302);
        case 'linked':
        case 'refused':
          return reply.redirect(landingOf(outcome), 302);
      }
    },
  );

  app.get(
    '/sign-up',
    {
      onRequest: sameOrigin,
      schema: {
        tags,
        summary: 'The pending third-party sign-up: what the provider shared',
        security: [{ oidcSignUpCookie: [] }],
        response: { 200: oidcPendingSignUpSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return oidc.pendingSignUp(request.cookies[SIGN_UP_COOKIE]);
    },
  );

  app.post(
    '/sign-up',
    {
      ...limited,
      onRequest: sameOrigin,
      schema: {
        tags,
        summary: 'Finish creating an account that signs in with a provider, and sign in',
        security: [{ oidcSignUpCookie: [] }],
        body: oidcCompleteSignUpSchema,
        response: {
          201: sessionSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const issued = await oidc.completeSignUp(
        request.cookies[SIGN_UP_COOKIE],
        request.body,
        client(request),
      );
      reply.clearCookie(SIGN_UP_COOKIE, signUpCookieOptions);
      writeRefreshCookie(reply, issued, secureCookies);
      return reply.status(201).send(issued.session);
    },
  );
};
