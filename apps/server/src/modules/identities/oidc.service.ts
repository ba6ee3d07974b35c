import { createHash, randomBytes } from 'node:crypto';

import {
  type OidcErrorCode,
  type OidcPendingSignUp,
  type OidcProvider,
  type oidcCompleteSignUpSchema,
  withProvider,
} from '@arena/shared/identity.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { z } from 'zod';

import { uniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthService, ClientInfo, IssuedSession } from '../auth/auth.service.ts';
import type { IdentitiesRepository } from './identities.repository.ts';
import type { OidcFlowPurpose, PendingSignUpClaims } from './identities.tables.ts';
import { type OidcClaims, type OidcClient, OidcProviderError } from './oidc-client.ts';
import type { OidcProviderConfig } from './oidc-config.ts';
import { suggestUsername } from './username-suggestion.ts';

/** From the redirect to the provider until its answer comes back. */
export const FLOW_TTL_MS = 10 * 60 * 1000;
/** From the provider's answer until "Finish creating your account" is sent. */
export const SIGN_UP_TTL_MS = 15 * 60 * 1000;

export type OidcCompleteSignUp = z.output<typeof oidcCompleteSignUpSchema>;

/** How the provider's answer ended; the route turns each into a redirect. */
export type CallbackOutcome =
  | { kind: 'signed-in'; issued: IssuedSession; redirectTo: string }
  | { kind: 'sign-up'; token: string }
  | { kind: 'linked'; provider: string }
  | { kind: 'refused'; purpose: OidcFlowPurpose; provider: string; code: OidcErrorCode };

/** 256 random bits, URL-safe; only its hash is stored. */
const newSecret = () => randomBytes(32).toString('base64url');
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export type OidcService = ReturnType<typeof createOidcService>;

export interface OidcServiceDeps {
  repo: IdentitiesRepository;
  auth: AuthService;
  client: OidcClient;
  providers: OidcProviderConfig[];
  /** Where unexpected provider failures are reported (they reach the person as a message only). */
  logFailure: (error: unknown, provider: string) => void;
}

/**
 * Third-party sign-in with OpenID Connect (authorization code flow with PKCE, state and nonce):
 * starting it, taking the provider's answer, and finishing a new person's account.
 */
export function createOidcService({ repo, auth, client, providers, logFailure }: OidcServiceDeps) {
  const byName = new Map(providers.map((provider) => [provider.name, provider]));

  function providerOf(name: string): OidcProviderConfig {
    const provider = byName.get(name);
    if (!provider) throw new AppError('not_found', MESSAGES.identities.unknownProvider);
    return provider;
  }

  /**
   * Records the flow and returns the provider's URL. The browser's binding secret (kept in an
   * HttpOnly cookie) is reused when it has one, so flows started in two tabs both complete.
   */
  async function begin(
    provider: OidcProviderConfig,
    flow: {
      purpose: OidcFlowPurpose;
      userId: string | null;
      redirectTo: string;
      remember: boolean;
    },
    browserSecret: string | undefined,
  ): Promise<{ authorizationUrl: string; browserSecret: string }> {
    let request: Awaited<ReturnType<OidcClient['authorizationRequest']>>;
    try {
      request = await client.authorizationRequest(provider);
    } catch (error) {
      logFailure(error, provider.name);
      throw new AppError(
        'unavailable',
        withProvider(MESSAGES.identities.unavailable, provider.label),
      );
    }
    const secret = browserSecret && browserSecret.length <= 128 ? browserSecret : newSecret();
    await repo.insertFlow({
      provider: provider.name,
      ...flow,
      state: request.checks.state,
      nonce: request.checks.nonce,
      codeVerifier: request.checks.codeVerifier,
      browserHash: hashSecret(secret),
      expiresAt: new Date(Date.now() + FLOW_TTL_MS),
    });
    return { authorizationUrl: request.url.toString(), browserSecret: secret };
  }

  async function signInOrSignUp(
    provider: OidcProviderConfig,
    flow: { id: string; remember: boolean; redirectTo: string },
    claims: OidcClaims,
    clientInfo: ClientInfo,
  ): Promise<CallbackOutcome> {
    const refuse = (code: OidcErrorCode): CallbackOutcome => ({
      kind: 'refused',
      purpose: 'sign-in',
      provider: provider.name,
      code,
    });
    const identity = await repo.findIdentity(provider.name, claims.subject);
    if (identity) {
      if (claims.email !== identity.email)
        await repo.updateIdentityEmail(identity.id, claims.email);
      // The provider vouches for one factor: the session starts at aal1, and a member with a
      // verified second factor must pass that step before it is of any use.
      const issued = await auth.startSession(
        identity.userId,
        { persistent: flow.remember, aal: 'aal1' },
        clientInfo,
      );
      return { kind: 'signed-in', issued, redirectTo: flow.redirectTo };
    }

    // A new person. Arena needs a confirmed email for the account, and never links a provider to
    // an existing account by email: whoever controls the provider account could take it over.
    if (!claims.email || !claims.emailVerified) return refuse('emailUnverified');
    if (await repo.emailInUse(claims.email)) return refuse('emailInUse');

    const token = newSecret();
    const pending: PendingSignUpClaims = {
      subject: claims.subject,
      email: claims.email,
      name: claims.name,
      preferredUsername: claims.preferredUsername,
    };
    await repo.startSignUp(flow.id, {
      tokenHash: hashSecret(token),
      claims: pending,
      expiresAt: new Date(Date.now() + SIGN_UP_TTL_MS),
    });
    return { kind: 'sign-up', token };
  }

  async function link(
    provider: OidcProviderConfig,
    userId: string,
    claims: OidcClaims,
  ): Promise<CallbackOutcome> {
    const refuse = (code: OidcErrorCode): CallbackOutcome => ({
      kind: 'refused',
      purpose: 'link',
      provider: provider.name,
      code,
    });
    const existing = await repo.findIdentity(provider.name, claims.subject);
    if (existing) {
      return existing.userId === userId
        ? { kind: 'linked', provider: provider.name }
        : refuse('linkedElsewhere');
    }
    try {
      await repo.insertIdentity({
        userId,
        provider: provider.name,
        subject: claims.subject,
        email: claims.email,
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'identities_user_provider_key') return refuse('providerAlreadyLinked');
      if (constraint === 'identities_provider_subject_key') return refuse('linkedElsewhere');
      throw error;
    }
    return { kind: 'linked', provider: provider.name };
  }

  /** A pending sign-up by its token: unknown, spent and expired tokens are all refused alike. */
  async function pendingSignUp(token: string | undefined) {
    const flow = token ? await repo.findSignUp(hashSecret(token)) : undefined;
    const claims = flow?.signUpClaims;
    const live =
      flow &&
      claims &&
      flow.completedAt === null &&
      flow.signUpExpiresAt !== null &&
      flow.signUpExpiresAt.getTime() > Date.now();
    if (!live) throw new AppError('bad_request', MESSAGES.identities.signUpExpired);
    return { flow, claims };
  }

  return {
    /** The configured providers, for the sign-in screen's buttons. */
    providers(): OidcProvider[] {
      return providers.map(({ name, label }) => ({ name, label }));
    },

    labelOf(name: string): string {
      return byName.get(name)?.label ?? name;
    },

    isConfigured(name: string): boolean {
      return byName.has(name);
    },

    startSignIn(
      providerName: string,
      options: { redirectTo: string; remember: boolean },
      browserSecret: string | undefined,
    ) {
      return begin(
        providerOf(providerName),
        { purpose: 'sign-in', userId: null, ...options },
        browserSecret,
      );
    },

    /** Linking starts from Settings with the member's access token; the answer returns there. */
    startLink(providerName: string, userId: string, browserSecret: string | undefined) {
      return begin(
        providerOf(providerName),
        { purpose: 'link', userId, redirectTo: '/settings', remember: false },
        browserSecret,
      );
    },

    /**
     * Takes the provider's answer. The state is spent on first sight (a replay finds nothing),
     * must belong to this browser, and must not have expired; then the code is redeemed with the
     * PKCE verifier and the ID token checked. Every failure is a refusal with a reason, never an
     * exception: the person is mid-navigation and gets a page with a message.
     */
    async callback(
      providerName: string,
      callbackQuery: URLSearchParams,
      browserSecret: string | undefined,
      clientInfo: ClientInfo,
    ): Promise<CallbackOutcome> {
      const provider = byName.get(providerName);
      const state = callbackQuery.get('state');
      const flow = provider && state ? await repo.spendState(provider.name, state) : undefined;
      if (!provider || !flow) {
        return { kind: 'refused', purpose: 'sign-in', provider: providerName, code: 'expired' };
      }
      const refuse = (code: OidcErrorCode): CallbackOutcome => ({
        kind: 'refused',
        purpose: flow.purpose,
        provider: provider.name,
        code,
      });
      if (
        !browserSecret ||
        hashSecret(browserSecret) !== flow.browserHash ||
        flow.expiresAt.getTime() <= Date.now()
      ) {
        return refuse('expired');
      }

      let claims: OidcClaims;
      try {
        const callbackUrl = new URL(provider.redirectUri);
        callbackUrl.search = callbackQuery.toString();
        claims = await client.redeem(provider, callbackUrl, {
          state: flow.state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        });
      } catch (error) {
        if (error instanceof OidcProviderError && error.kind === 'cancelled') {
          return refuse('cancelled');
        }
        logFailure(error, provider.name);
        return refuse(
          error instanceof OidcProviderError && error.kind === 'unavailable'
            ? 'unavailable'
            : 'failed',
        );
      }

      if (flow.purpose === 'link') {
        if (!flow.userId) return refuse('expired');
        return link(provider, flow.userId, claims);
      }
      return signInOrSignUp(provider, flow, claims, clientInfo);
    },

    /** What "Finish creating your account" shows before the person fills in the rest. */
    async pendingSignUp(token: string | undefined): Promise<OidcPendingSignUp> {
      const { flow, claims } = await pendingSignUp(token);
      return {
        provider: flow.provider,
        providerLabel: byName.get(flow.provider)?.label ?? flow.provider,
        email: claims.email,
        fullName: claims.name?.slice(0, 100) ?? '',
        username: suggestUsername(claims.preferredUsername, claims.email),
        remember: flow.remember,
        redirectTo: flow.redirectTo,
      };
    },

    /**
     * Creates the account (no password), links the identity and spends the token, all in one
     * transaction; then starts the session.
     */
    async completeSignUp(
      token: string | undefined,
      input: OidcCompleteSignUp,
      clientInfo: ClientInfo,
    ): Promise<IssuedSession> {
      const { flow, claims } = await pendingSignUp(token);
      const label = byName.get(flow.provider)?.label ?? flow.provider;
      const userId = await repo.transaction(async (tx) => {
        if (!(await repo.completeSignUp(tx, flow.id))) {
          throw new AppError('bad_request', MESSAGES.identities.signUpExpired);
        }
        if (await repo.findIdentity(flow.provider, claims.subject, tx)) {
          throw new AppError('conflict', withProvider(MESSAGES.identities.linkedElsewhere, label));
        }
        const account = await auth.createAccount(tx, {
          email: claims.email,
          passwordHash: null,
          // The provider confirmed the address (accounts are only created from confirmed ones).
          emailConfirmedAt: new Date(),
          ...input,
        });
        await repo.insertIdentity(
          {
            userId: account.userId,
            provider: flow.provider,
            subject: claims.subject,
            email: claims.email,
          },
          tx,
        );
        return account.userId;
      });
      // A brand-new account has no second factor yet: aal1 is all there is to reach.
      return auth.startSession(userId, { persistent: flow.remember, aal: 'aal1' }, clientInfo);
    },
  };
}
