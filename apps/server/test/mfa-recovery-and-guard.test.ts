import { describe, expect, it } from 'vitest';

import type { ApiError } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import type {
  EnrolFactorResponse,
  FactorList,
  RecoverySignInResponse,
} from '@arena/shared/mfa.schema';

import { createAalGate } from '../src/modules/mfa/aal-gate.ts';
import { createMfaRepository } from '../src/modules/mfa/mfa.repository.ts';
import { signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { type Held, enrolTotp, post, signInWithPassword } from './mfa-fixtures.ts';

const m = MESSAGES.mfa;

// Signing up for a factor and signing in with its codes: mfa-totp.test.ts.
describeEachDatabase('two-factor: recovery codes, removing a factor, the aal2 guard', (context) => {
  const get = (url: string, held: Pick<Held, 'headers'>) =>
    context().app.inject({ method: 'GET', url, headers: held.headers });
  const del = (url: string, held: Pick<Held, 'headers'>) =>
    context().app.inject({ method: 'DELETE', url, headers: held.headers });

  describe('recovery codes', () => {
    it('finish a sign-in once each, typed in any case and without the dash', async () => {
      const user = await signUp(context());
      const { body } = await enrolTotp(context(), user);
      const [code] = body.recoveryCodes!;
      const partial = await signInWithPassword(context(), user.input);
      const typed = code!.replace('-', '').toUpperCase();
      const response = await post(context(), '/api/auth/recovery-codes/verify', partial, {
        code: ` ${typed} `,
      });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<RecoverySignInResponse>();
      expect(result.session.aal).toBe('aal2');
      expect(result.recoveryCodesRemaining).toBe(9);

      const again = await signInWithPassword(context(), user.input);
      const reused = await post(context(), '/api/auth/recovery-codes/verify', again, { code });
      expect(reused.statusCode).toBe(400);
      expect(reused.json<ApiError>().error.message).toBe(m.recoveryCodeInvalid);
      expect((await get('/api/auth/session', again)).statusCode).toBe(401);
    });

    it('pause after five wrong codes', async () => {
      const user = await signUp(context());
      const { body } = await enrolTotp(context(), user);
      const partial = await signInWithPassword(context(), user.input);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrong = await post(context(), '/api/auth/recovery-codes/verify', partial, {
          code: 'aaaaa-aaaaa',
        });
        expect(wrong.statusCode).toBe(400);
      }
      const paused = await post(context(), '/api/auth/recovery-codes/verify', partial, {
        code: body.recoveryCodes![0],
      });
      expect(paused.statusCode).toBe(429);
    });

    it('can be renewed from an aal2 session; the old ones stop working', async () => {
      const user = await signUp(context());
      const { held, body } = await enrolTotp(context(), user);
      const renewed = await post(context(), '/api/auth/recovery-codes', held);
      expect(renewed.statusCode).toBe(201);
      const { codes } = renewed.json<{ codes: string[] }>();
      expect(codes).toHaveLength(10);
      const partial = await signInWithPassword(context(), user.input);
      const old = await post(context(), '/api/auth/recovery-codes/verify', partial, {
        code: body.recoveryCodes![0],
      });
      expect(old.statusCode).toBe(400);
      const fresh = await post(context(), '/api/auth/recovery-codes/verify', partial, {
        code: codes[0],
      });
      expect(fresh.statusCode).toBe(200);
    });
  });

  describe('removing a factor', () => {
    it('needs aal2: the partial session is refused, the full one removes it', async () => {
      const user = await signUp(context());
      const { factorId, held } = await enrolTotp(context(), user);
      const partial = await signInWithPassword(context(), user.input);
      const refused = await del(`/api/auth/factors/${factorId}`, partial);
      expect(refused.statusCode).toBe(401);

      // An aal1 session from before the factor was verified is refused too.
      const before = await del(`/api/auth/factors/${factorId}`, { headers: user.bearer });
      expect(before.statusCode).toBe(401);
      expect((await get('/api/auth/factors', held)).json<FactorList>().factors).toHaveLength(1);

      const removed = await del(`/api/auth/factors/${factorId}`, held);
      expect(removed.statusCode).toBe(204);
      const list = (await get('/api/auth/factors', held)).json<FactorList>();
      expect(list).toEqual({ factors: [], recoveryCodesRemaining: 0 });

      // Password alone is enough again.
      const signedIn = await signInWithPassword(context(), user.input);
      expect(signedIn.session.mfaRequired).toBeUndefined();
      expect((await get('/api/auth/session', signedIn)).statusCode).toBe(200);
    });

    it('answers 404 for a factor that is not the caller’s', async () => {
      const owner = await signUp(context());
      const { factorId } = await enrolTotp(context(), owner);
      const other = await signUp(context());
      const response = await del(`/api/auth/factors/${factorId}`, { headers: other.bearer });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('the aal2 guard for sensitive actions', () => {
    it('passes aal2, and aal1 without a verified factor; refuses aal1 with one (403)', async () => {
      const gate = createAalGate(createMfaRepository(context().database.db));
      const plain = await signUp(context());
      await expect(gate.require({ userId: plain.session.user.id, aal: 'aal1' })).resolves.toBe(
        undefined,
      );
      const guarded = await signUp(context());
      await enrolTotp(context(), guarded);
      await expect(gate.require({ userId: guarded.session.user.id, aal: 'aal2' })).resolves.toBe(
        undefined,
      );
      await expect(
        gate.require({ userId: guarded.session.user.id, aal: 'aal1' }),
      ).rejects.toMatchObject({ statusCode: 403, message: m.aal2Required });
    });

    it('keeps a partial session from finishing the enrolment of another factor', async () => {
      const user = await signUp(context());
      const { held } = await enrolTotp(context(), user);
      const pending = (
        await post(context(), '/api/auth/factors', held, {
          factorType: 'totp',
          friendlyName: 'Second',
        })
      ).json<EnrolFactorResponse>();
      const partial = await signInWithPassword(context(), user.input);
      const refused = await post(
        context(),
        `/api/auth/factors/${pending.factor.id}/challenge`,
        partial,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ApiError>().error.message).toBe(m.aal2Required);
      const enrol = await post(context(), '/api/auth/factors', partial, {
        factorType: 'totp',
        friendlyName: 'Attacker',
      });
      expect(enrol.statusCode).toBe(401);
    });
  });
});
