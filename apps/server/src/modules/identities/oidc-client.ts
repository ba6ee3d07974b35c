import type * as Oidc from 'openid-client';

import { loadOnce } from '../../load-once.ts';
import type { OidcProviderConfig } from './oidc-config.ts';

// Loaded at the first third-party sign-in: a server without providers, or whose members never
// use them, does not hold the OpenID Connect client.
const loadOpenIdClient = loadOnce(() => import('openid-client'));

/** What Arena keeps of a person's ID token (and UserInfo, for providers that put claims there). */
export interface OidcClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  preferredUsername: string | null;
}

/** The secrets of one authorization request, kept server-side until the provider answers. */
interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Why a provider round trip failed: the person declined ('cancelled'), the provider could not
 * be reached ('unavailable'), or anything else went wrong ('failed').
 */
export class OidcProviderError extends Error {
  constructor(
    readonly kind: 'cancelled' | 'failed' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcProviderError';
  }
}

export interface OidcClient {
  /** Fresh state, nonce and PKCE verifier, and the provider URL that carries their public halves. */
  authorizationRequest(provider: OidcProviderConfig): Promise<{ url: URL; checks: OidcChecks }>;
  /**
   * Checks the provider's answer (`callbackUrl`: our redirect URI with the provider's query),
   * redeems the code with the PKCE verifier, and verifies the ID token and its nonce.
   */
  redeem(provider: OidcProviderConfig, callbackUrl: URL, checks: OidcChecks): Promise<OidcClaims>;
}

const SCOPE = 'openid email profile';
/** Seconds to wait for the provider's discovery document, token and UserInfo endpoints. */
const TIMEOUT_SECONDS = 10;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/**
 * openid-client behind Arena's two needs. Discovery is lazy (on first use, not at start, so a
 * provider that is down does not stop the server) and cached; a failed discovery is retried on
 * the next attempt.
 */
export function createOidcClient(): OidcClient {
  const configurations = new Map<string, Promise<Oidc.Configuration>>();

  function configurationOf(
    oidc: typeof Oidc,
    provider: OidcProviderConfig,
  ): Promise<Oidc.Configuration> {
    let configuration = configurations.get(provider.name);
    if (!configuration) {
      // The timeout applies to discovery and to every later request of this configuration.
      configuration = oidc.discovery(
        provider.issuer,
        provider.clientId,
        provider.clientSecret,
        oidc.ClientSecretPost(provider.clientSecret),
        {
          timeout: TIMEOUT_SECONDS,
          // Only for a loopback issuer (oidc-config.ts): plain HTTP that never leaves the machine.
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out
          ...(provider.allowInsecureRequests ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
      configurations.set(provider.name, configuration);
      configuration.catch(() => configurations.delete(provider.name));
    }
    return configuration.catch((error: unknown) => {
      throw new OidcProviderError('unavailable', `discovery of ${provider.name} failed`, {
        cause: error,
      });
    });
  }

  return {
    async authorizationRequest(provider) {
      const oidc = await loadOpenIdClient();
      const configuration = await configurationOf(oidc, provider);
      const checks: OidcChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: provider.redirectUri,
        scope: SCOPE,
        response_type: 'code',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, checks };
    },

    async redeem(provider, callbackUrl, checks) {
      const oidc = await loadOpenIdClient();
      const configuration = await configurationOf(oidc, provider);
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error('the token response has no ID token');
        let claims: Record<string, unknown> = idToken;
        // Some providers put the profile claims in UserInfo only (as OpenID Connect allows).
        if (text(idToken.email) === null && configuration.serverMetadata().userinfo_endpoint) {
          const userInfo = await oidc.fetchUserInfo(
            configuration,
            tokens.access_token,
            idToken.sub,
          );
          claims = { ...userInfo, ...stripNulls(idToken) };
        }
        return {
          subject: idToken.sub,
          email: text(claims.email)?.toLowerCase() ?? null,
          emailVerified: claims.email_verified === true || claims.email_verified === 'true',
          name: text(claims.name),
          preferredUsername: text(claims.preferred_username),
        };
      } catch (error) {
        if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') {
          throw new OidcProviderError('cancelled', 'the person declined', { cause: error });
        }
        throw new OidcProviderError('failed', `sign-in with ${provider.name} failed`, {
          cause: error,
        });
      }
    },
  };
}

function stripNulls(claims: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => value != null));
}
