import { describe, expect, it } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';

import { errorOf, refreshWith } from './account-helpers.ts';
import { newUser, refreshCookie, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

const PUBLIC_URL = 'https://arena.example';
/** A sibling site: SameSite=Strict cookies go along with its requests. */
const SIBLING = 'https://evil.arena.example';

describeEachDatabase(
  'requests from other sites on the session-cookie routes and the WebSocket',
  (context) => {
    const withCookie = (
      url: string,
      user: SignedUp,
      headers: Record<string, string>,
      method: 'POST' | 'GET' = 'POST',
    ) =>
      context().app.inject({
        method,
        url,
        headers,
        cookies: { arena_refresh: user.refreshToken },
      });

    /** Whether the member's session is still alive: its access token and its refresh cookie. */
    async function expectAlive(user: SignedUp) {
      const session = await context().app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: user.bearer,
      });
      expect(session.statusCode).toBe(200);
      expect((await refreshWith(context(), user.refreshToken)).statusCode).toBe(200);
    }

    function expectRefused(response: { statusCode: number; body: string }) {
      expect(response.statusCode, response.body).toBe(403);
      expect(errorOf(response as never)).toEqual({
        code: 'forbidden',
        message: MESSAGES.auth.foreignOrigin,
      });
    }

    const foreign: [string, Record<string, string>][] = [
      ['a sibling site’s Origin', { origin: SIBLING, 'sec-fetch-site': 'same-site' }],
      ['a foreign Origin alone', { origin: 'https://evil.example' }],
      ['Sec-Fetch-Site: cross-site alone', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site alone', { 'sec-fetch-site': 'same-site' }],
      ['Origin: null', { origin: 'null' }],
      ['cross-site with the right Origin', { origin: PUBLIC_URL, 'sec-fetch-site': 'cross-site' }],
    ];

    describe.each(foreign)('%s', (_name, headers) => {
      it('refuses refresh and sign-out, and the session stays alive', async () => {
        const user = await signUp(context());
        const refresh = await withCookie('/api/auth/refresh', user, headers);
        expectRefused(refresh);
        expect(refreshCookie(refresh)).toBeUndefined();
        const signOut = await withCookie('/api/auth/sign-out', user, {
          ...headers,
          ...user.bearer,
        });
        expectRefused(signOut);
        expect(refreshCookie(signOut)).toBeUndefined();
        await expectAlive(user);
      });
    });

    it('refuses every route that sets the session cookie or reads the pending sign-up’s, not the provider’s answer', async () => {
      const user = await signUp(context());
      const routes: ['GET' | 'POST', string][] = [
        ['POST', '/api/auth/sign-up'],
        ['POST', '/api/auth/sign-in'],
        ['POST', '/api/auth/email-confirmation/confirm'],
        ['POST', '/api/auth/password-reset/complete'],
        ['POST', '/api/auth/passkeys/sign-in'],
        ['GET', '/api/auth/oidc/sign-up'],
        ['POST', '/api/auth/oidc/sign-up'],
      ];
      for (const [method, url] of routes) {
        const response = await context().app.inject({
          method,
          url,
          headers: { origin: SIBLING },
          ...(method === 'POST'
            ? { payload: { email: user.input.email, password: user.input.password } }
            : {}),
        });
        expectRefused(response);
        expect(refreshCookie(response), url).toBeUndefined();
      }
      // The right credentials, from another site: no session for the browser (login CSRF).
      const signedIn = await context().app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'sec-fetch-site': 'cross-site' },
        payload: { email: user.input.email, password: user.input.password },
      });
      expectRefused(signedIn);
      const signedUp = await context().app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { origin: SIBLING },
        payload: newUser(),
      });
      expectRefused(signedUp);

      // The provider's answer is a navigation from its site: bound to this browser by the flow.
      const answer = await context().app.inject({
        method: 'GET',
        url: '/api/auth/oidc/acme/callback?state=unknown&code=x',
        headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      });
      expect(answer.statusCode).toBe(302);
    });

    it('serves its own origin (PUBLIC_URL’s, or the one addressed) and callers without either header', async () => {
      const user = await signUp(context());
      expectRefused(await withCookie('/api/auth/refresh', user, { origin: SIBLING }));
      const own: Record<string, string>[] = [
        // Neither header: not a browser (scripts, the load and soak tools).
        {},
        { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
        // Reached at another address than PUBLIC_URL: its Host, with its scheme.
        { host: 'arena.internal:3000', origin: 'http://arena.internal:3000' },
        // Typed in the address bar or opened from a bookmark.
        { 'sec-fetch-site': 'none' },
      ];
      let token = user.refreshToken;
      for (const headers of own) {
        const response = await context().app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          headers,
          cookies: { arena_refresh: token },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<Session>().user.id).toBe(user.session.user.id);
        token = refreshCookie(response)!.value;
      }
      const signOut = await context().app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
        cookies: { arena_refresh: token },
      });
      expect(signOut.statusCode).toBe(204);
      expect((await refreshWith(context(), token)).statusCode).toBe(401);
    });

    it('refuses a WebSocket upgrade from another site, and takes one from its own', async () => {
      for (const headers of [
        { origin: 'https://evil.example' },
        { origin: SIBLING },
        { 'sec-fetch-site': 'cross-site' },
      ]) {
        await expect(context().app.injectWS('/api/realtime', { headers })).rejects.toThrow(
          'Unexpected server response: 403',
        );
      }
      const user = await signUp(context());
      const socket = await context().app.injectWS('/api/realtime', {
        headers: { origin: PUBLIC_URL },
      });
      const ready = new Promise<{ type: string }>((resolve) =>
        socket.once('message', (data) => {
          resolve(JSON.parse((data as Buffer).toString('utf8')) as { type: string });
        }),
      );
      socket.send(JSON.stringify({ type: 'auth', token: user.session.accessToken }));
      expect((await ready).type).toBe('ready');
      socket.close();
    });
  },
  { publicUrl: PUBLIC_URL },
);
