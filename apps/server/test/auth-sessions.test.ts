import { SignJWT, createLocalJWKSet, jwtVerify, generateKeyPair, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';

import type { Session, SessionUser } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';

import { refreshCookie, refreshWith, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

// Sign-up and sign-in are in auth.test.ts.
describeEachDatabase('auth sessions', (context) => {
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    context().app.inject({ method: 'POST', url, payload, headers });

  describe('refresh', () => {
    it('rotates the refresh token and keeps the remember choice', async () => {
      const user = await signUp(context(), { remember: true });
      const first = await refreshWith(context(), user.refreshToken);
      expect(first.statusCode).toBe(200);
      const next = refreshCookie(first);
      expect(next?.value).toBeTruthy();
      expect(next?.value).not.toBe(user.refreshToken);
      expect(next?.maxAge).toBeGreaterThan(0);
      expect(first.json<Session>().accessToken).not.toBe(user.session.accessToken);

      const second = await refreshWith(context(), next!.value);
      expect(second.statusCode).toBe(200);
    });

    it('keeps a session cookie a session cookie across refreshes', async () => {
      const user = await signUp(context(), { remember: false });
      const response = await refreshWith(context(), user.refreshToken);
      expect(response.statusCode).toBe(200);
      expect(refreshCookie(response)?.maxAge).toBeUndefined();
    });

    it('revokes the whole family when a spent token is used again', async () => {
      const user = await signUp(context());
      const rotated = refreshCookie(await refreshWith(context(), user.refreshToken))!.value;

      const replay = await refreshWith(context(), user.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({
        error: { code: 'unauthorized', message: MESSAGES.auth.sessionExpired },
      });

      // The legitimate holder's newer token dies with the family.
      const afterReplay = await refreshWith(context(), rotated);
      expect(afterReplay.statusCode).toBe(401);
    });

    it('leaves other sessions of the same user alone when one family is revoked', async () => {
      const user = await signUp(context());
      const other = await post('/api/auth/sign-in', {
        email: user.input.email,
        password: user.input.password,
      });
      const otherToken = refreshCookie(other)!.value;
      await refreshWith(context(), user.refreshToken);
      await refreshWith(context(), user.refreshToken);
      expect((await refreshWith(context(), otherToken)).statusCode).toBe(200);
    });

    it('refuses a missing or unknown token and clears the cookie', async () => {
      const missing = await post('/api/auth/refresh');
      expect(missing.statusCode).toBe(401);
      const unknown = await refreshWith(context(), 'not-a-real-token');
      expect(unknown.statusCode).toBe(401);
      expect(refreshCookie(unknown)?.value).toBe('');
    });
  });

  describe('sign-out', () => {
    it('revokes the session and clears the cookie', async () => {
      const user = await signUp(context());
      const response = await context().app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        cookies: { arena_refresh: user.refreshToken },
      });
      expect(response.statusCode).toBe(204);
      expect(refreshCookie(response)?.value).toBe('');
      expect((await refreshWith(context(), user.refreshToken)).statusCode).toBe(401);
    });

    it('answers 204 without a session', async () => {
      expect((await post('/api/auth/sign-out')).statusCode).toBe(204);
    });

    it('ends the session of the access token when the cookie is not sent', async () => {
      const user = await signUp(context());
      const response = await post('/api/auth/sign-out', undefined, user.bearer);
      expect(response.statusCode).toBe(204);
      expect((await refreshWith(context(), user.refreshToken)).statusCode).toBe(401);
      const session = await context().app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: user.bearer,
      });
      expect(session.statusCode).toBe(401);

      // An access token that no longer verifies (expired, forged) does not stop the cookie's.
      const other = await signUp(context());
      const withBadToken = await context().app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { authorization: 'Bearer expired-or-forged' },
        cookies: { arena_refresh: other.refreshToken },
      });
      expect(withBadToken.statusCode).toBe(204);
      expect((await refreshWith(context(), other.refreshToken)).statusCode).toBe(401);
    });

    it('ends only the session of the token presented, not the member’s others', async () => {
      const user = await signUp(context());
      const other = await post('/api/auth/sign-in', {
        email: user.input.email,
        password: user.input.password,
      });
      const otherSession = other.json<Session>();
      await post('/api/auth/sign-out', undefined, {
        authorization: `Bearer ${otherSession.accessToken}`,
      });
      expect((await refreshWith(context(), refreshCookie(other)!.value)).statusCode).toBe(401);
      expect((await refreshWith(context(), user.refreshToken)).statusCode).toBe(200);
    });
  });

  describe('session and tokens', () => {
    const session = (headers: Record<string, string>) =>
      context().app.inject({ method: 'GET', url: '/api/auth/session', headers });

    it('tells who is signed in', async () => {
      const user = await signUp(context());
      const response = await session(user.bearer);
      expect(response.statusCode).toBe(200);
      const body = response.json<SessionUser>();
      expect(body.profile.id).toBe(user.session.profile.id);
      expect(body.user.email).toBe(user.input.email);
    });

    it('refuses no token, a malformed token, and a refresh token used as an access token', async () => {
      const user = await signUp(context());
      const attempts: Record<string, string>[] = [
        {},
        { authorization: 'Bearer nonsense' },
        { authorization: `Bearer ${user.refreshToken}` },
      ];
      for (const headers of attempts) {
        const response = await session(headers);
        expect(response.statusCode).toBe(401);
        expect(response.json<{ error: { code: string } }>().error.code).toBe('unauthorized');
      }
    });

    it('refuses a token signed by another key, an unsigned one, and an expired one', async () => {
      const user = await signUp(context());
      const claims = { pid: user.session.profile.id, sid: crypto.randomUUID() };
      const { privateKey } = await generateKeyPair('ES256');
      const [kid] = (await context().app.inject({ method: 'GET', url: '/api/auth/jwks.json' }))
        .json<JSONWebKeySet>()
        .keys.map((key) => key.kid);
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: kid!, typ: 'at+jwt' })
        .setSubject(user.session.user.id)
        .setIssuer('arena')
        .setAudience('arena-api')
        .setExpirationTime('10m')
        .sign(privateKey);
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const unsigned = `${encode({ alg: 'none', typ: 'at+jwt' })}.${encode({
        ...claims,
        sub: user.session.user.id,
        iss: 'arena',
        aud: 'arena-api',
        exp: Math.floor(Date.now() / 1000) + 600,
      })}.`;
      const [header, , signature] = user.session.accessToken.split('.');
      const expiredPayload = encode({
        ...claims,
        sub: user.session.user.id,
        iss: 'arena',
        aud: 'arena-api',
        exp: 1,
      });
      const tampered = `${header}.${expiredPayload}.${signature}`;

      for (const token of [forged, unsigned, tampered]) {
        expect((await session({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
      }
    });

    it('publishes the public keys that verify access tokens', async () => {
      const user = await signUp(context());
      for (const url of ['/api/auth/jwks.json', '/.well-known/jwks.json']) {
        const response = await context().app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        const keySet = response.json<JSONWebKeySet>();
        expect(keySet.keys.every((key) => !('d' in key))).toBe(true);
        const { payload, protectedHeader } = await jwtVerify(
          user.session.accessToken,
          createLocalJWKSet(keySet),
        );
        expect(protectedHeader.alg).toBe('ES256');
        expect(payload.sub).toBe(user.session.user.id);
      }
    });
  });
});
