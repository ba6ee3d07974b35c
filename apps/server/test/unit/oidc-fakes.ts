import { createHash } from 'node:crypto';

import { vi } from 'vitest';

import type { AuthService, IssuedSession } from '../../src/modules/auth/auth.service.ts';
import type { IdentitiesRepository } from '../../src/modules/identities/identities.repository.ts';
import type { OidcClaims, OidcClient } from '../../src/modules/identities/oidc-client.ts';
import type { OidcProviderConfig } from '../../src/modules/identities/oidc-config.ts';
import { createOidcService } from '../../src/modules/identities/oidc.service.ts';
import { fakeOf, fakeTransaction } from './fake-of.ts';

export type FlowRow = NonNullable<Awaited<ReturnType<IdentitiesRepository['spendState']>>>;

/** How the service stores a browser's secret and a sign-up token: their SHA-256. */
export const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

const google: OidcProviderConfig = {
  name: 'google',
  label: 'Google',
  issuer: new URL('https://accounts.google.example'),
  clientId: 'arena',
  clientSecret: 'secret',
  redirectUri: 'https://arena.example/api/auth/oidc/google/callback',
  allowInsecureRequests: false,
};

export const claims: OidcClaims = {
  subject: 'g-123',
  email: 'ana@example.com',
  emailVerified: true,
  name: 'Ana Silva',
  preferredUsername: 'ana.silva',
};

export const issued = { refreshToken: 'r', persistent: false } as IssuedSession;

export function flowRow(overrides: Partial<FlowRow> = {}): FlowRow {
  return {
    id: 'flow-1',
    provider: 'google',
    purpose: 'sign-in',
    userId: null,
    state: 'state-1',
    browserHash: hashOf('browser-secret'),
    codeVerifier: 'verifier',
    nonce: 'nonce',
    redirectTo: '/home',
    remember: true,
    createdAt: new Date(Date.now() - 60_000),
    expiresAt: new Date(Date.now() + 60_000),
    returnedAt: new Date(),
    signUpTokenHash: null,
    signUpClaims: null,
    signUpExpiresAt: null,
    completedAt: null,
    ...overrides,
  };
}

/** The OIDC service with its repository, client and auth service faked. */
export function oidcWith(repo: Partial<IdentitiesRepository>, client: Partial<OidcClient> = {}) {
  const repository = fakeOf<IdentitiesRepository>({
    transaction: fakeTransaction(),
    ...repo,
  });
  const oidcClient = fakeOf<OidcClient>({
    authorizationRequest: vi.fn(() =>
      Promise.resolve({
        url: new URL('https://accounts.google.example/authorize?state=state-1'),
        checks: { state: 'state-1', nonce: 'nonce', codeVerifier: 'verifier' },
      }),
    ),
    redeem: vi.fn(() => Promise.resolve(claims)),
    ...client,
  });
  const auth = fakeOf<AuthService>({
    startSession: vi.fn(() => Promise.resolve(issued)),
    createAccount: vi.fn(() => Promise.resolve({ userId: 'u-new' })),
  });
  const logFailure = vi.fn();
  const service = createOidcService({
    repo: repository,
    auth,
    client: oidcClient,
    providers: [google],
    logFailure,
  });
  return { repo: repository, client: oidcClient, auth, logFailure, service };
}
