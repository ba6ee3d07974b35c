import { afterAll, beforeAll, expect } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';

import type { AppConfig } from '../src/config.ts';
import { parseOidcProviders } from '../src/modules/identities/oidc-config.ts';
import type { OidcProviderConfig } from '../src/modules/identities/oidc-config.ts';
import type { TestContext } from './harness.ts';
import { APP_ORIGIN, type BrowserResponse, TestBrowser, loginFormAction } from './oidc-browser.ts';
import { type TestProvider, startTestProvider } from './oidc-test-provider.ts';

const CLIENTS = {
  acme: { clientId: 'arena-acme', clientSecret: 'acme-secret-0123456789abcdef' },
  globex: { clientId: 'arena-globex', clientSecret: 'globex-secret-0123456789abcdef' },
};

/**
 * Starts one real provider for the file, serving two clients (Arena's `acme` and `globex`), and
 * returns the app configuration that uses them, plus `down`: a provider that never answers.
 * The configuration is read when each suite builds its app, after the provider started.
 */
export function useTestProvider(): {
  provider: () => TestProvider;
  config: Partial<AppConfig>;
} {
  let provider: TestProvider | undefined;
  let providers: OidcProviderConfig[] = [];

  beforeAll(async () => {
    provider = await startTestProvider({
      clients: Object.entries(CLIENTS).map(([name, client]) => ({
        ...client,
        redirectUris: [`${APP_ORIGIN}/api/auth/oidc/${name}/callback`],
      })),
    });
    const parsed = parseOidcProviders({
      PUBLIC_URL: APP_ORIGIN,
      OIDC_PROVIDERS: 'acme,globex,down',
      OIDC_ACME_ISSUER: provider.issuer,
      OIDC_ACME_CLIENT_ID: CLIENTS.acme.clientId,
      OIDC_ACME_CLIENT_SECRET: CLIENTS.acme.clientSecret,
      OIDC_ACME_LABEL: 'Acme ID',
      OIDC_GLOBEX_ISSUER: provider.issuer,
      OIDC_GLOBEX_CLIENT_ID: CLIENTS.globex.clientId,
      OIDC_GLOBEX_CLIENT_SECRET: CLIENTS.globex.clientSecret,
      // Port 9 (discard) on loopback: nothing listens, discovery fails at once.
      OIDC_DOWN_ISSUER: 'http://127.0.0.1:9',
      OIDC_DOWN_CLIENT_ID: 'arena',
      OIDC_DOWN_CLIENT_SECRET: 'secret',
    });
    expect(parsed.issues).toEqual([]);
    providers = parsed.providers;
  });
  afterAll(async () => {
    await provider?.close();
  });

  return {
    provider: () => {
      if (!provider) throw new Error('The test provider has not started yet');
      return provider;
    },
    config: {
      publicUrl: APP_ORIGIN,
      get oidcProviders() {
        return providers;
      },
    },
  };
}

/** From our start (or link) answer to the provider's login page, then signed in there as `login`. */
export async function loginAtProvider(
  browser: TestBrowser,
  start: BrowserResponse | string,
  login: string,
): Promise<BrowserResponse> {
  const first = typeof start === 'string' ? await browser.request(start) : start;
  expect([302, 303], first.body).toContain(first.status);
  // A new session at the provider: its login page shows even if someone signed in there before.
  if (first.url.origin === APP_ORIGIN && first.location) {
    browser.clearCookies(first.location.hostname);
  }
  const loginPage = await browser.follow(first);
  expect(loginPage.status, loginPage.body).toBe(200);
  const submitted = await browser.request(loginFormAction(loginPage), {
    form: { prompt: 'login', login, password: 'any password' },
  });
  return submitted;
}

/**
 * Follows the provider's redirects up to its answer, stopping before it reaches Arena: returns
 * the URL of Arena's callback with the provider's query (code, state).
 */
export async function providerAnswer(browser: TestBrowser, from: BrowserResponse): Promise<URL> {
  let current = from;
  for (let hops = 0; hops < 10; hops += 1) {
    const next = current.location;
    if (!next) throw new Error(`no redirect from ${current.url.toString()}: ${current.body}`);
    if (next.origin === APP_ORIGIN) return next;
    current = await browser.request(next);
  }
  throw new Error('the provider never answered');
}

/** Runs a whole third-party sign-in as `login`; returns the Arena page the browser lands on. */
export async function signInWith(
  browser: TestBrowser,
  login: string,
  options: { provider?: string; redirectTo?: string; remember?: boolean } = {},
): Promise<URL> {
  const query = new URLSearchParams();
  if (options.redirectTo !== undefined) query.set('redirectTo', options.redirectTo);
  if (options.remember !== undefined) query.set('remember', String(options.remember));
  const start = `/api/auth/oidc/${options.provider ?? 'acme'}/start?${query.toString()}`;
  const answer = await providerAnswer(browser, await loginAtProvider(browser, start, login));
  return landing(await browser.request(answer));
}

/** The Arena page a callback response sends the browser to. */
export function landing(response: BrowserResponse): URL {
  expect(response.status, response.body).toBe(302);
  const location = response.location;
  if (!location) throw new Error('no Location');
  expect(location.origin).toBe(APP_ORIGIN);
  return location;
}

/** The session the browser's refresh cookie gives (as the web app does on its return page). */
export async function sessionFromCookie(browser: TestBrowser): Promise<Session> {
  const response = await browser.request('/api/auth/refresh', { method: 'POST' });
  expect(response.status, response.body).toBe(200);
  return JSON.parse(response.body) as Session;
}

/** A unique subject (provider-side login) per test. */
export function newSubject(prefix = 'person'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

export function browserFor(context: TestContext): TestBrowser {
  return new TestBrowser(context.app);
}

/** What the finishing page sends for a new person (a unique username each time). */
export const completeBody = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Maria Costa',
  username: `maria_${Math.random().toString(36).slice(2, 10)}`,
  userType: 'coach',
  // Sign-up's age question: an organisation confirms it is 18 or over, a player gives a birthdate.
  adultConfirmed: true,
  birthdate: '1990-05-15',
  ...overrides,
});

/** Signs up a new person through the provider; returns the browser, signed in. */
export async function signUpWithProvider(
  context: TestContext,
  subject: string,
  body = completeBody(),
): Promise<{ browser: TestBrowser; session: Session }> {
  const browser = browserFor(context);
  const landed = await signInWith(browser, subject);
  expect(landed.pathname).toBe('/auth/finish');
  const created = await browser.request('/api/auth/oidc/sign-up', { json: body });
  expect(created.status, created.body).toBe(201);
  return { browser, session: JSON.parse(created.body) as Session };
}
