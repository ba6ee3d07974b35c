import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { sessionSchema } from '@arena/shared/auth.schema';
import {
  challengeResponseSchema,
  enrolFactorResponseSchema,
  enrolFactorSchema,
  factorIdParamSchema,
  factorListSchema,
  passkeyOptionsResponseSchema,
  passkeySignInSchema,
  recoveryCodeSignInSchema,
  recoveryCodesSchema,
  recoverySignInResponseSchema,
  verifiedFactorResponseSchema,
  verifyFactorSchema,
} from '@arena/shared/mfa.schema';

import { authenticate, requireAuth } from '../../http/authenticate.ts';
import { rateLimit } from '../../http/rate-limits.ts';
import type { SameOriginCheck } from '../../http/same-origin.ts';
import type { AuthService, ClientInfo } from '../auth/auth.service.ts';
import { REFRESH_COOKIE, setRefreshCookie } from '../auth/refresh-cookie.ts';
import { toFactor } from './factor-view.ts';
import type { MfaService } from './mfa.service.ts';
import type { PasskeysService } from './passkeys.service.ts';

export interface MfaRoutesOptions {
  auth: AuthService;
  mfa: MfaService;
  passkeys: PasskeysService;
  rateLimits: 'strict' | 'relaxed';
  secureCookies: boolean;
  /**
   * Refuses requests from other sites on passkey sign-in, which sets the session cookie. The
   * routes that read it are authenticated by the access token, which no other site has.
   */
  sameOrigin: SameOriginCheck;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['two-factor'];
const security = [{ bearerAuth: [] }];

/**
 * Second factors (TOTP, phone, passkeys), recovery codes and passkey sign-in, under /api/auth.
 * Only the second-step routes (challenge, verify, recovery code) accept an aal1 token of a member
 * with a verified factor; everything else goes through the usual check, which refuses it.
 */
export const mfaRoutes: FastifyPluginAsyncZod<MfaRoutesOptions> = async (
  app,
  { auth, mfa, passkeys, rateLimits, secureCookies, sameOrigin },
) => {
  const client = (request: FastifyRequest): ClientInfo => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  const refreshToken = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE];
  const signedIn = { preParsing: authenticate(auth.verifyAccessToken) };
  const secondStep = {
    preParsing: authenticate(auth.verifyAccessTokenAnyAal),
    config: { rateLimit: rateLimit('mfa', rateLimits) },
  };
  const limited = { config: { rateLimit: rateLimit('mfa', rateLimits) } };

  app.get(
    '/factors',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Your second factors and how many recovery codes are left',
        response: { 200: factorListSchema, ...errors },
      },
    },
    async (request) => mfa.list(requireAuth(request).userId),
  );

  app.post(
    '/factors',
    {
      ...signedIn,
      ...limited,
      schema: {
        tags,
        security,
        summary: 'Start enrolling a second factor (TOTP answers with its QR code and secret)',
        body: enrolFactorSchema,
        response: { 201: enrolFactorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const enrolled = await mfa.enrol(requireAuth(request), request.body);
      return reply.status(201).send(enrolled);
    },
  );

  app.delete(
    '/factors/:factorId',
    {
      ...signedIn,
      ...limited,
      schema: {
        tags,
        security,
        summary: 'Remove a second factor (needs an aal2 session)',
        params: factorIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await mfa.remove(requireAuth(request), request.params.factorId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/factors/:factorId/challenge',
    {
      ...secondStep,
      schema: {
        tags,
        security,
        summary: 'Start proving a factor: texts a code, or returns WebAuthn options',
        params: factorIdParamSchema,
        response: { 201: challengeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const challenge = await mfa.challenge(
        requireAuth(request),
        request.params.factorId,
        client(request),
      );
      return reply.status(201).send(challenge);
    },
  );

  app.post(
    '/factors/:factorId/verify',
    {
      ...secondStep,
      schema: {
        tags,
        security,
        summary: 'Answer a challenge; the session becomes aal2',
        params: factorIdParamSchema,
        body: verifyFactorSchema,
        response: { 200: verifiedFactorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await mfa.verify(
        requireAuth(request),
        request.params.factorId,
        request.body,
        client(request),
        refreshToken(request),
      );
      setRefreshCookie(reply, result.issued, secureCookies);
      return {
        session: result.issued.session,
        factor: toFactor(result.factor),
        recoveryCodes: result.recoveryCodes,
      };
    },
  );

  app.post(
    '/recovery-codes/verify',
    {
      ...secondStep,
      schema: {
        tags,
        security,
        summary: 'Finish signing in with a recovery code (each works once)',
        body: recoveryCodeSignInSchema,
        response: { 200: recoverySignInResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await mfa.useRecoveryCode(
        requireAuth(request),
        request.body.code,
        client(request),
        refreshToken(request),
      );
      setRefreshCookie(reply, result.issued, secureCookies);
      return {
        session: result.issued.session,
        recoveryCodesRemaining: result.recoveryCodesRemaining,
      };
    },
  );

  app.post(
    '/recovery-codes',
    {
      ...signedIn,
      ...limited,
      schema: {
        tags,
        security,
        summary: 'Replace your recovery codes with ten new ones (needs an aal2 session)',
        response: { 201: recoveryCodesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const codes = await mfa.renewRecoveryCodes(requireAuth(request));
      return reply.status(201).send({ codes });
    },
  );

  app.post(
    '/passkeys/options',
    {
      ...limited,
      schema: {
        tags,
        summary: 'A challenge for signing in with a passkey',
        security: [],
        response: { 201: passkeyOptionsResponseSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await passkeys.options(client(request))),
  );

  app.post(
    '/passkeys/sign-in',
    {
      onRequest: sameOrigin,
      config: { rateLimit: rateLimit('signIn', rateLimits) },
      schema: {
        tags,
        summary: 'Sign in with a passkey (the session starts at aal2)',
        security: [],
        body: passkeySignInSchema,
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const issued = await passkeys.signIn(request.body, client(request));
      setRefreshCookie(reply, issued, secureCookies);
      return issued.session;
    },
  );
};
