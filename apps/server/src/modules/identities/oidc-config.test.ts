import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from '../../config.ts';

const acme = {
  PUBLIC_URL: 'https://arena.example',
  OIDC_PROVIDERS: 'Acme, google',
  OIDC_ACME_ISSUER: 'https://id.acme.example',
  OIDC_ACME_CLIENT_ID: 'arena',
  OIDC_ACME_CLIENT_SECRET: 's3cret',
  OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
  OIDC_GOOGLE_CLIENT_ID: 'arena.apps.googleusercontent.com',
  OIDC_GOOGLE_CLIENT_SECRET: 'g-secret',
  OIDC_GOOGLE_LABEL: 'Google',
};

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('OIDC providers in the configuration', () => {
  it('has none by default', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
  });

  it('reads each listed provider, with its callback under PUBLIC_URL', () => {
    const providers = loadConfig(acme).oidcProviders ?? [];
    expect(
      providers.map(({ issuer, ...rest }) => ({ ...rest, issuer: issuer.toString() })),
    ).toEqual([
      {
        name: 'acme',
        label: 'Acme',
        issuer: 'https://id.acme.example/',
        clientId: 'arena',
        clientSecret: 's3cret',
        redirectUri: 'https://arena.example/api/auth/oidc/acme/callback',
        allowInsecureRequests: false,
      },
      {
        name: 'google',
        label: 'Google',
        issuer: 'https://accounts.google.com/',
        clientId: 'arena.apps.googleusercontent.com',
        clientSecret: 'g-secret',
        redirectUri: 'https://arena.example/api/auth/oidc/google/callback',
        allowInsecureRequests: false,
      },
    ]);
  });

  it('allows plain http only for an issuer on this machine', () => {
    const local = loadConfig({ ...acme, OIDC_ACME_ISSUER: 'http://localhost:9000/realms/arena' });
    expect(local.oidcProviders?.[0]).toMatchObject({ allowInsecureRequests: true });
    expect(configError({ ...acme, OIDC_ACME_ISSUER: 'http://id.acme.example' })).toContain(
      'OIDC_ACME_ISSUER: must be an https URL (plain http only for localhost)',
    );
  });

  it('names every missing or bad variable', () => {
    const message = configError({
      OIDC_PROVIDERS: 'acme,acme,bad-name',
      OIDC_ACME_ISSUER: 'not a url',
      OIDC_ACME_LABEL: 'x'.repeat(41),
    });
    expect(message.split('\n').slice(1)).toEqual([
      '  PUBLIC_URL: is required with OIDC_PROVIDERS: the providers send the browser back to it',
      "  OIDC_ACME_ISSUER: must be the provider's issuer URL, e.g. https://accounts.google.com",
      '  OIDC_ACME_CLIENT_ID: is required',
      '  OIDC_ACME_CLIENT_SECRET: is required',
      '  OIDC_ACME_LABEL: must be at most 40 characters',
      '  OIDC_PROVIDERS: "acme" is listed twice',
      '  OIDC_PROVIDERS: "bad-name" is not a provider name (a letter, then up to 31 letters or digits)',
    ]);
  });

  it('reports provider problems together with the other variables', () => {
    const message = configError({ ...acme, PORT: 'eighty', OIDC_GOOGLE_CLIENT_SECRET: '' });
    expect(message).toContain('PORT:');
    expect(message).toContain('OIDC_GOOGLE_CLIENT_SECRET: is required');
  });
});
