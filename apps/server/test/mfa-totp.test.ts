import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import type { ApiError } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import type {
  EnrolFactorResponse,
  FactorList,
  VerifiedFactorResponse,
} from '@arena/shared/mfa.schema';

import { refreshCookie, refreshWith, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import {
  type Held,
  challenge,
  enrolTotp,
  heldFrom,
  post,
  signInWithPassword,
  totpCode,
  verifyWith,
} from './mfa-fixtures.ts';

const m = MESSAGES.mfa;
const STEP = 30_000;

/** Freezes `Date` at `ms` (timers stay real): codes and expiries are computed at known times. */
function setClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

afterEach(() => {
  vi.useRealTimers();
});

describeEachDatabase('two-factor: TOTP', (context) => {
  const get = (url: string, held: Pick<Held, 'headers'>) =>
    context().app.inject({ method: 'GET', url, headers: held.headers });
  const refresh = (token: string) => refreshWith(context(), token);

  describe('enrolment', () => {
    it('returns a QR code, the secret and the otpauth URI; the factor waits unverified', async () => {
      const user = await signUp(context());
      const held = { headers: user.bearer };
      const response = await post(context(), '/api/auth/factors', held, {
        factorType: 'totp',
        friendlyName: '  My phone  ',
      });
      expect(response.statusCode, response.body).toBe(201);
      const { factor, totp } = response.json<EnrolFactorResponse>();
      expect(factor).toMatchObject({
        friendlyName: 'My phone',
        factorType: 'totp',
        status: 'unverified',
        phoneHint: null,
      });
      expect(totp?.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(totp!.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
      expect(totp?.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(totp?.uri).toBe(
        `otpauth://totp/Arena:${encodeURIComponent(user.input.email)}?issuer=Arena&secret=${totp?.secret}&algorithm=SHA1&digits=6&period=30`,
      );

      const list = (await get('/api/auth/factors', held)).json<FactorList>();
      expect(list.factors.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
      expect(JSON.stringify(list)).not.toContain(totp!.secret);

      // An unverified factor does not change how password sign-in works.
      const signedIn = await signInWithPassword(context(), user.input);
      expect(signedIn.session.aal).toBe('aal1');
      expect(signedIn.session.mfaRequired).toBeUndefined();
      expect((await get('/api/auth/session', signedIn)).statusCode).toBe(200);
    });

    it('uses the issuer asked for', async () => {
      const user = await signUp(context());
      const response = await post(
        context(),
        '/api/auth/factors',
        { headers: user.bearer },
        {
          factorType: 'totp',
          friendlyName: 'Work',
          issuer: 'Arena Staging',
        },
      );
      expect(response.json<EnrolFactorResponse>().totp?.uri).toContain(
        'otpauth://totp/Arena%20Staging:',
      );
    });

    it('refuses a wrong code and leaves the factor unverified', async () => {
      const user = await signUp(context());
      const held = { headers: user.bearer };
      const { factor, totp } = (
        await post(context(), '/api/auth/factors', held, { factorType: 'totp', friendlyName: 'A' })
      ).json<EnrolFactorResponse>();
      const right = totpCode(totp!.secret);
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      const response = await verifyWith(context(), held, factor.id, { code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'bad_request', message: m.invalidCode } });
      const list = (await get('/api/auth/factors', held)).json<FactorList>();
      expect(list.factors[0]?.status).toBe('unverified');
    });

    it('verifies with the right code: aal2 session, and ten single-use recovery codes', async () => {
      const user = await signUp(context());
      const { held, body, factorId } = await enrolTotp(context(), user);
      expect(body.factor).toMatchObject({ id: factorId, status: 'verified' });
      expect(body.session.aal).toBe('aal2');
      expect(body.session.mfaRequired).toBeUndefined();
      expect(body.recoveryCodes).toHaveLength(10);
      expect(new Set(body.recoveryCodes).size).toBe(10);
      for (const code of body.recoveryCodes!) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

      // The access token carries aal2, signed with a key the JWKS publishes.
      const jwks = (
        await context().app.inject({ method: 'GET', url: '/.well-known/jwks.json' })
      ).json<JSONWebKeySet>();
      const { payload } = await jwtVerify(held.session.accessToken, createLocalJWKSet(jwks), {
        issuer: 'arena',
        audience: 'arena-api',
      });
      expect(payload.aal).toBe('aal2');
      expect(jwks.keys.every((key) => !('d' in key))).toBe(true);

      const list = (await get('/api/auth/factors', held)).json<FactorList>();
      expect(list.recoveryCodesRemaining).toBe(10);
      expect((await get('/api/auth/session', held)).statusCode).toBe(200);
      // The session keeps aal2 across refreshes.
      const refreshed = await refresh(held.refreshToken);
      expect(refreshed.json<Session>().aal).toBe('aal2');
    });

    it('refuses a code that is not six digits, and a name that is empty or too long', async () => {
      const user = await signUp(context());
      const held = { headers: user.bearer };
      const { factor } = (
        await post(context(), '/api/auth/factors', held, { factorType: 'totp', friendlyName: 'B' })
      ).json<EnrolFactorResponse>();
      const { id } = await challenge(context(), held, factor.id);
      const bad = await post(context(), `/api/auth/factors/${factor.id}/verify`, held, {
        challengeId: id,
        code: '12345a',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ApiError>().error.message).toBe(m.codeFormat);

      for (const [friendlyName, message] of [
        ['   ', m.nameRequired],
        ['x'.repeat(51), m.nameMax],
      ] as const) {
        const response = await post(context(), '/api/auth/factors', held, {
          factorType: 'totp',
          friendlyName,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiError>().error.fields).toEqual({ friendlyName: message });
      }
    });

    it('refuses a name already used by a verified factor; an abandoned enrolment gives way', async () => {
      const user = await signUp(context());
      const { held } = await enrolTotp(context(), user, 'Pixel');
      const taken = await post(context(), '/api/auth/factors', held, {
        factorType: 'totp',
        friendlyName: 'pixel',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json<ApiError>().error.message).toBe(m.nameTaken);

      const first = await post(context(), '/api/auth/factors', held, {
        factorType: 'totp',
        friendlyName: 'Laptop',
      });
      const again = await post(context(), '/api/auth/factors', held, {
        factorType: 'totp',
        friendlyName: 'Laptop',
      });
      expect(again.statusCode).toBe(201);
      const list = (await get('/api/auth/factors', held)).json<FactorList>();
      expect(list.factors.map((f) => f.friendlyName)).toEqual(['Pixel', 'Laptop']);
      expect(list.factors[1]?.id).toBe(again.json<EnrolFactorResponse>().factor.id);
      expect(list.factors[1]?.id).not.toBe(first.json<EnrolFactorResponse>().factor.id);
    });
  });

  describe('signing in with a verified factor', () => {
    it('stops a password sign-in at aal1 and names the factors, without their secrets', async () => {
      const user = await signUp(context());
      const { factorId, secret } = await enrolTotp(context(), user);
      const partial = await signInWithPassword(context(), user.input);
      expect(partial.session.aal).toBe('aal1');
      expect(partial.session.mfaRequired?.factors).toEqual([
        expect.objectContaining({ id: factorId, factorType: 'totp', status: 'verified' }),
      ]);
      expect(JSON.stringify(partial.session)).not.toContain(secret);
      expect(decodeJwt(partial.session.accessToken).aal).toBe('aal1');
    });

    it('lets the second step through with the next code, and the session is then aal2', async () => {
      const start = Date.now();
      setClock(start);
      const user = await signUp(context());
      const { factorId, secret } = await enrolTotp(context(), user);
      const partial = await signInWithPassword(context(), user.input);

      setClock(start + STEP);
      const response = await verifyWith(context(), partial, factorId, {
        code: totpCode(secret, start + STEP),
      });
      const full = heldFrom(response);
      expect(full.session.aal).toBe('aal2');
      expect(full.session.mfaRequired).toBeUndefined();
      expect(response.json<VerifiedFactorResponse>().recoveryCodes).toBeNull();
      expect((await get('/api/auth/session', full)).statusCode).toBe(200);
      expect(refreshCookie(response)?.maxAge).toBeGreaterThan(24 * 60 * 60);

      // The session goes on at aal2; the partial session's refresh token was spent by the second
      // step, and presenting it again ends the whole session (reuse detection).
      const next = await refresh(full.refreshToken);
      expect(next.json<Session>().aal).toBe('aal2');
      expect((await refresh(partial.refreshToken)).statusCode).toBe(401);
      expect((await refresh(refreshCookie(next)!.value)).statusCode).toBe(401);
    });

    it('accepts a code one step early or late (clock drift), not two', async () => {
      const start = Date.now();
      setClock(start);
      const user = await signUp(context());
      const { factorId, secret } = await enrolTotp(context(), user);
      const partial = await signInWithPassword(context(), user.input);

      setClock(start + 10 * STEP);
      const tooOld = await verifyWith(context(), partial, factorId, {
        code: totpCode(secret, start + 8 * STEP),
      });
      expect(tooOld.statusCode).toBe(400);
      expect(tooOld.json<ApiError>().error.message).toBe(m.invalidCode);
      const late = await verifyWith(context(), partial, factorId, {
        code: totpCode(secret, start + 9 * STEP),
      });
      expect(late.statusCode, late.body).toBe(200);
    });

    it('refuses a code used once already, and any earlier code (replay)', async () => {
      const start = Date.now();
      setClock(start);
      const user = await signUp(context());
      const { factorId, secret } = await enrolTotp(context(), user);
      const first = await signInWithPassword(context(), user.input);
      setClock(start + 4 * STEP);
      const code = totpCode(secret, start + 4 * STEP);
      expect((await verifyWith(context(), first, factorId, { code })).statusCode).toBe(200);

      const second = await signInWithPassword(context(), user.input);
      const replay = await verifyWith(context(), second, factorId, { code });
      expect(replay.statusCode).toBe(400);
      expect(replay.json<ApiError>().error.message).toBe(m.codeReused);
      const earlier = await verifyWith(context(), second, factorId, {
        code: totpCode(secret, start + 3 * STEP),
      });
      expect(earlier.statusCode).toBe(400);
      expect(earlier.json<ApiError>().error.message).toBe(m.codeReused);
      // Still at aal1: nothing of the replays got through.
      expect((await get('/api/auth/session', second)).statusCode).toBe(401);

      // Two requests racing with one fresh code: exactly one wins.
      setClock(start + 5 * STEP);
      const fresh = totpCode(secret, start + 5 * STEP);
      const [a, b] = await Promise.all([
        challenge(context(), second, factorId),
        challenge(context(), second, factorId),
      ]);
      const answers = await Promise.all(
        [a, b].map((c) =>
          post(context(), `/api/auth/factors/${factorId}/verify`, second, {
            challengeId: c.id,
            code: fresh,
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('answers each challenge once, refuses it after five minutes, and keeps challenges to their factor', async () => {
      const start = Date.now();
      setClock(start);
      const user = await signUp(context());
      const { factorId, secret, held } = await enrolTotp(context(), user);
      const second = (
        await post(context(), '/api/auth/factors', held, {
          factorType: 'totp',
          friendlyName: 'Two',
        })
      ).json<EnrolFactorResponse>();
      const partial = await signInWithPassword(context(), user.input);

      const old = await challenge(context(), partial, factorId);
      expect(Date.parse(old.expiresAt)).toBe(start + 5 * 60_000);
      setClock(start + 5 * 60_000 + 1);
      const expired = await post(context(), `/api/auth/factors/${factorId}/verify`, partial, {
        challengeId: old.id,
        code: totpCode(secret, start + 5 * 60_000 + 1),
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json<ApiError>().error.message).toBe(m.challengeExpired);

      const mine = await challenge(context(), held, second.factor.id);
      const crossed = await post(context(), `/api/auth/factors/${factorId}/verify`, partial, {
        challengeId: mine.id,
        code: totpCode(secret, start + 5 * 60_000 + 1),
      });
      expect(crossed.statusCode).toBe(400);
      expect(crossed.json<ApiError>().error.message).toBe(m.challengeExpired);
    });

    it('pauses a factor after five wrong codes, even for the right one, until the window passes', async () => {
      const start = Date.now();
      setClock(start);
      const user = await signUp(context());
      const { factorId, secret } = await enrolTotp(context(), user);
      const partial = await signInWithPassword(context(), user.input);
      const right = totpCode(secret, start + STEP);
      const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await verifyWith(context(), partial, factorId, { code: wrong });
        expect(response.json<ApiError>().error.message).toBe(m.invalidCode);
      }
      setClock(start + STEP);
      const paused = await verifyWith(context(), partial, factorId, { code: right });
      expect(paused.statusCode).toBe(429);
      expect(paused.json()).toEqual({
        error: { code: 'rate_limited', message: m.tooManyAttempts },
      });

      // The access token lives 15 minutes too: sign in again once the window has passed.
      setClock(start + 15 * 60_000 + STEP);
      const again = await signInWithPassword(context(), user.input);
      const later = await verifyWith(context(), again, factorId, {
        code: totpCode(secret, start + 15 * 60_000 + STEP),
      });
      expect(later.statusCode, later.body).toBe(200);
    });

    it('keeps a refreshed partial session partial', async () => {
      const user = await signUp(context());
      await enrolTotp(context(), user);
      const partial = await signInWithPassword(context(), user.input);
      const refreshed = await refresh(partial.refreshToken);
      expect(refreshed.statusCode).toBe(200);
      const session = refreshed.json<Session>();
      expect(session.aal).toBe('aal1');
      expect(session.mfaRequired?.factors).toHaveLength(1);
      expect(
        (
          await get('/api/auth/session', {
            headers: { authorization: `Bearer ${session.accessToken}` },
          })
        ).statusCode,
      ).toBe(401);
    });

    it('refuses a challenge of another member’s factor', async () => {
      const owner = await signUp(context());
      const { factorId } = await enrolTotp(context(), owner);
      const other = await signUp(context());
      const response = await post(context(), `/api/auth/factors/${factorId}/challenge`, {
        headers: other.bearer,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiError>().error.message).toBe(m.factorNotFound);
    });
  });
});
