import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

/** What the provider says about a person (standard OpenID Connect claims). */
interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestProvider {
  issuer: string;
  /** Makes `sub` sign in with these claims (otherwise claims are made up from the login). */
  addAccount(account: TestAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a loopback port, for the test suites.
 *
 * - Confidential clients, authenticating with `client_secret_post`; PKCE is required.
 * - The development login page (devInteractions): any login signs in as the account of that
 *   name; a login that was not added gets a verified `<login>@oidc.test` email.
 * - Consent is skipped, as for a first-party client, so the login page is the only stop.
 */
export async function startTestProvider(options: {
  clients: TestClient[];
  port?: number;
}): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    cookies: { keys: ['arena-test-provider-cookie-key'] },
    ttl: { AccessToken: 600, IdToken: 600, Interaction: 600, Grant: 3600, Session: 3600 },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id) ?? {
        sub: id,
        email: `${id.toLowerCase()}@oidc.test`,
        email_verified: true,
        name: `Test ${id}`,
        preferred_username: id,
      };
      return { accountId: id, claims: () => ({ ...account, sub: id }) };
    },
    // A first-party client: the grant is implied, no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'preferred_username']);
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
  });
  const handle = provider.callback();
  server.on('request', (request, response) => void handle(request, response));

  return {
    issuer,
    addAccount: (account) => accounts.set(account.sub, account),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
