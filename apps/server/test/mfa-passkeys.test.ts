import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import type { ApiError } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import type {
  EnrolFactorResponse,
  FactorList,
  PasskeyOptionsResponse,
  VerifiedFactorResponse,
} from '@arena/shared/mfa.schema';

import { webauthnCredentials } from '../src/modules/mfa/mfa.tables.ts';
import { type SignedUp, refreshCookie, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { bearer, challenge, heldFrom, post, signInWithPassword } from './mfa-fixtures.ts';
import {
  type CreationOptions,
  type RequestOptions,
  SoftwareAuthenticator,
} from './software-authenticator.ts';

const m = MESSAGES.mfa;
const ORIGIN = 'https://arena.example';
const RP_ID = 'arena.example';

describeEachDatabase(
  'two-factor: passkeys',
  (context) => {
    const get = (url: string, headers: { authorization: string }) =>
      context().app.inject({ method: 'GET', url, headers });

    /** Registers a passkey from settings, as the web app does: enrol, challenge, verify. */
    async function registerPasskey(user: SignedUp, authenticator: SoftwareAuthenticator) {
      const held = { headers: user.bearer, refreshToken: user.refreshToken };
      const enrolled = await post(context(), '/api/auth/factors', held, {
        factorType: 'webauthn',
        friendlyName: 'Laptop passkey',
      });
      expect(enrolled.statusCode, enrolled.body).toBe(201);
      const { factor } = enrolled.json<EnrolFactorResponse>();
      const started = await challenge(context(), held, factor.id);
      expect(started.webauthn?.type).toBe('create');
      const options = started.webauthn!.options as unknown as CreationOptions & {
        authenticatorSelection: { residentKey: string };
      };
      const response = await post(context(), `/api/auth/factors/${factor.id}/verify`, held, {
        challengeId: started.id,
        webauthn: authenticator.register(options),
      });
      return { factorId: factor.id, options, response };
    }

    async function passkeySignIn(
      authenticator: SoftwareAuthenticator,
      overrides: Parameters<SoftwareAuthenticator['assert']>[1] = {},
    ) {
      const started = await context().app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/options',
      });
      expect(started.statusCode).toBe(201);
      const { challengeId, options } = started.json<PasskeyOptionsResponse>();
      return context().app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/sign-in',
        payload: {
          challengeId,
          credential: authenticator.assert(options, overrides),
          remember: true,
        },
      });
    }

    describe('registration', () => {
      it('verifies a software authenticator’s attestation and stores the passkey', async () => {
        const user = await signUp(context());
        const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
        const { options, response, factorId } = await registerPasskey(user, authenticator);
        expect(options.rp.id).toBe(RP_ID);
        expect(options.authenticatorSelection.residentKey).toBe('required');
        expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(user.session.user.id);
        expect(options.user.name).toBe(user.input.email);

        const held = heldFrom(response);
        const body = response.json<VerifiedFactorResponse>();
        expect(body.factor).toMatchObject({
          id: factorId,
          factorType: 'webauthn',
          status: 'verified',
        });
        expect(body.recoveryCodes).toHaveLength(10);
        expect(held.session.aal).toBe('aal2');

        const rows = await context()
          .database.db.select({
            id: webauthnCredentials.id,
            counter: webauthnCredentials.counter,
            transports: webauthnCredentials.transports,
            userId: webauthnCredentials.userId,
          })
          .from(webauthnCredentials)
          .where(eq(webauthnCredentials.factorId, factorId));
        expect(rows).toEqual([
          {
            id: authenticator.id,
            counter: 0,
            transports: ['internal'],
            userId: user.session.user.id,
          },
        ]);
      });

      it('refuses an attestation from another origin, or for another challenge', async () => {
        const user = await signUp(context());
        const held = { headers: user.bearer };
        const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
        const { factor } = (
          await post(context(), '/api/auth/factors', held, {
            factorType: 'webauthn',
            friendlyName: 'Key',
          })
        ).json<EnrolFactorResponse>();
        const started = await challenge(context(), held, factor.id);
        const options = started.webauthn!.options as unknown as CreationOptions;
        const phished = await post(context(), `/api/auth/factors/${factor.id}/verify`, held, {
          challengeId: started.id,
          webauthn: authenticator.register(options, { origin: 'https://arena.example.evil' }),
        });
        expect(phished.statusCode).toBe(400);
        expect(phished.json<ApiError>().error.message).toBe(m.passkeyFailed);

        const other = await challenge(context(), held, factor.id);
        const stale = await post(context(), `/api/auth/factors/${factor.id}/verify`, held, {
          challengeId: other.id,
          webauthn: new SoftwareAuthenticator(ORIGIN, RP_ID).register(options),
        });
        expect(stale.statusCode).toBe(400);
        const list = (await get('/api/auth/factors', user.bearer)).json<FactorList>();
        expect(list.factors[0]?.status).toBe('unverified');
      });

      it('does not register the same authenticator twice', async () => {
        const user = await signUp(context());
        const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
        const first = heldFrom((await registerPasskey(user, authenticator)).response);
        const { factor } = (
          await post(context(), '/api/auth/factors', first, {
            factorType: 'webauthn',
            friendlyName: 'Again',
          })
        ).json<EnrolFactorResponse>();
        const started = await challenge(context(), first, factor.id);
        const options = started.webauthn!.options as unknown as CreationOptions;
        expect(options.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
      });
    });

    describe('signing in with a passkey alone', () => {
      it('starts an aal2 session with a discoverable credential', async () => {
        const user = await signUp(context());
        const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
        await registerPasskey(user, authenticator);

        const response = await passkeySignIn(authenticator);
        expect(response.statusCode, response.body).toBe(200);
        const session = response.json<Session>();
        expect(session.aal).toBe('aal2');
        expect(session.mfaRequired).toBeUndefined();
        expect(session.user.id).toBe(user.session.user.id);
        expect(refreshCookie(response)?.httpOnly).toBe(true);
        expect((await get('/api/auth/session', bearer(session))).statusCode).toBe(200);
      });

      it('refuses a tampered signature, a wrong origin, a reused counter and a reused challenge', async () => {
        const user = await signUp(context());
        const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
        await registerPasskey(user, authenticator);

        const tampered = await passkeySignIn(authenticator, { tamper: true });
        expect(tampered.statusCode).toBe(401);
        expect(tampered.json<ApiError>().error.message).toBe(m.passkeyFailed);
        const phished = await passkeySignIn(authenticator, { origin: 'https://evil.example' });
        expect(phished.statusCode).toBe(401);

        expect((await passkeySignIn(authenticator)).statusCode).toBe(200);
        // A clone of the authenticator would report the same counter again.
        const cloned = await passkeySignIn(authenticator, { keepCount: true });
        expect(cloned.statusCode).toBe(401);

        const started = (
          await context().app.inject({ method: 'POST', url: '/api/auth/passkeys/options' })
        ).json<PasskeyOptionsResponse>();
        const credential = authenticator.assert(started.options);
        const payload = { challengeId: started.challengeId, credential };
        const first = await context().app.inject({
          method: 'POST',
          url: '/api/auth/passkeys/sign-in',
          payload,
        });
        expect(first.statusCode).toBe(200);
        const replay = await context().app.inject({
          method: 'POST',
          url: '/api/auth/passkeys/sign-in',
          payload,
        });
        expect(replay.statusCode).toBe(400);
        expect(replay.json<ApiError>().error.message).toBe(m.challengeExpired);
      });

      it('needs user verification (PIN or biometrics) when there is no password', async () => {
        const user = await signUp(context());
        const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
        await registerPasskey(user, authenticator);
        const response = await passkeySignIn(authenticator, { userVerified: false });
        expect(response.statusCode).toBe(401);
      });

      it('refuses a passkey the server does not know, and one whose factor was removed', async () => {
        const stranger = new SoftwareAuthenticator(ORIGIN, RP_ID);
        const unknown = await passkeySignIn(stranger);
        expect(unknown.statusCode).toBe(401);
        expect(unknown.json<ApiError>().error.message).toBe(m.passkeyUnknown);

        const user = await signUp(context());
        const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
        const { factorId, response } = await registerPasskey(user, authenticator);
        const held = heldFrom(response);
        const removed = await context().app.inject({
          method: 'DELETE',
          url: `/api/auth/factors/${factorId}`,
          headers: held.headers,
        });
        expect(removed.statusCode).toBe(204);
        const after = await passkeySignIn(authenticator);
        expect(after.statusCode).toBe(401);
        expect(after.json<ApiError>().error.message).toBe(m.passkeyUnknown);
      });
    });

    describe('as the second step after a password', () => {
      it('raises the partial session to aal2', async () => {
        const user = await signUp(context());
        const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
        const { factorId } = await registerPasskey(user, authenticator);
        const partial = await signInWithPassword(context(), user.input);
        expect(partial.session.mfaRequired?.factors.map((f) => f.factorType)).toEqual(['webauthn']);
        expect((await get('/api/auth/session', partial.headers)).statusCode).toBe(401);

        const started = await challenge(context(), partial, factorId);
        expect(started.webauthn?.type).toBe('request');
        const options = started.webauthn!.options as unknown as RequestOptions;
        expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);

        const wrongKey = new SoftwareAuthenticator(ORIGIN, RP_ID);
        const refused = await post(context(), `/api/auth/factors/${factorId}/verify`, partial, {
          challengeId: started.id,
          webauthn: wrongKey.assert({ ...options, allowCredentials: [] }),
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json<ApiError>().error.message).toBe(m.passkeyFailed);

        const response = await post(context(), `/api/auth/factors/${factorId}/verify`, partial, {
          challengeId: started.id,
          webauthn: authenticator.assert(options),
        });
        const full = heldFrom(response);
        expect(full.session.aal).toBe('aal2');
        expect((await get('/api/auth/session', full.headers)).statusCode).toBe(200);
      });

      it('refuses a code where a passkey is expected', async () => {
        const user = await signUp(context());
        const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
        const { factorId } = await registerPasskey(user, authenticator);
        const partial = await signInWithPassword(context(), user.input);
        const started = await challenge(context(), partial, factorId);
        const response = await post(context(), `/api/auth/factors/${factorId}/verify`, partial, {
          challengeId: started.id,
          code: '123456',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiError>().error.message).toBe(m.wrongFactorType);
      });
    });
  },
  { publicUrl: ORIGIN },
);
