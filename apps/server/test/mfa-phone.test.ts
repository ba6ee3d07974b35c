import { afterEach, expect, it, vi } from 'vitest';

import type { ApiError } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import type { EnrolFactorResponse, VerifiedFactorResponse } from '@arena/shared/mfa.schema';

import { createConsoleSmsProvider } from '../src/modules/mfa/sms.ts';
import { signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { challenge, heldFrom, post, recordingSms, signInWithPassword } from './mfa-fixtures.ts';

const m = MESSAGES.mfa;
const sms = recordingSms();

afterEach(() => {
  vi.useRealTimers();
});

function setClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

it('the console provider logs the text instead of sending it', async () => {
  const log = { warn: vi.fn() };
  await createConsoleSmsProvider(log).send('+351912345678', '123456 is your code');
  expect(log.warn).toHaveBeenCalledWith(
    { sms: { to: '+351912345678', text: '123456 is your code' } },
    expect.stringContaining('SMS_PROVIDER=console'),
  );
});

describeEachDatabase(
  'two-factor: phone',
  (context) => {
    async function enrolPhone(phone = '+351 912 345 678') {
      const user = await signUp(context());
      const held = { headers: user.bearer, refreshToken: user.refreshToken };
      const enrolled = await post(context(), '/api/auth/factors', held, {
        factorType: 'phone',
        friendlyName: 'Mobile',
        phone,
      });
      expect(enrolled.statusCode, enrolled.body).toBe(201);
      const { factor } = enrolled.json<EnrolFactorResponse>();
      return { user, held, factor };
    }

    it('texts a six-digit code on challenge and verifies it; the number is stored normalised and shown masked', async () => {
      const { held, factor, user } = await enrolPhone();
      expect(factor).toMatchObject({ factorType: 'phone', phoneHint: '•••• 5678' });
      const started = await challenge(context(), held, factor.id);
      expect(sms.sent.at(-1)?.to).toBe('+351912345678');
      expect(sms.sent.at(-1)?.text).toMatch(
        /^\d{6} is your Arena verification code\. It expires in 5 minutes\.$/,
      );
      const response = await post(context(), `/api/auth/factors/${factor.id}/verify`, held, {
        challengeId: started.id,
        code: sms.lastCode(),
      });
      const verified = heldFrom(response);
      expect(verified.session.aal).toBe('aal2');
      expect(response.json<VerifiedFactorResponse>().factor.status).toBe('verified');

      // Later sign-ins need a fresh text.
      const partial = await signInWithPassword(context(), user.input);
      expect(partial.session.mfaRequired?.factors[0]).toMatchObject({
        factorType: 'phone',
        phoneHint: '•••• 5678',
      });
      expect(JSON.stringify(partial.session)).not.toContain('912345678');
      const next = await challenge(context(), partial, factor.id);
      const second = await post(context(), `/api/auth/factors/${factor.id}/verify`, partial, {
        challengeId: next.id,
        code: sms.lastCode(),
      });
      expect(heldFrom(second).session.aal).toBe('aal2');
    });

    it('refuses a wrong code, a code of another text, and a code used once already', async () => {
      const { held, factor } = await enrolPhone();
      const first = await challenge(context(), held, factor.id);
      const firstCode = sms.lastCode();
      const second = await challenge(context(), held, factor.id);
      const secondCode = sms.lastCode();
      const wrong = String((Number(secondCode) + 1) % 1_000_000).padStart(6, '0');

      for (const code of [wrong, ...(firstCode === secondCode ? [] : [firstCode])]) {
        const response = await post(context(), `/api/auth/factors/${factor.id}/verify`, held, {
          challengeId: second.id,
          code,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiError>().error.message).toBe(m.invalidCode);
      }
      const right = await post(context(), `/api/auth/factors/${factor.id}/verify`, held, {
        challengeId: second.id,
        code: secondCode,
      });
      expect(right.statusCode, right.body).toBe(200);
      const again = await post(context(), `/api/auth/factors/${factor.id}/verify`, held, {
        challengeId: second.id,
        code: secondCode,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json<ApiError>().error.message).toBe(m.challengeExpired);
      expect(first.id).not.toBe(second.id);
    });

    it('lets a code expire after five minutes', async () => {
      const start = Date.now();
      setClock(start);
      const { held, factor } = await enrolPhone();
      const started = await challenge(context(), held, factor.id);
      setClock(start + 5 * 60_000 + 1);
      const response = await post(context(), `/api/auth/factors/${factor.id}/verify`, held, {
        challengeId: started.id,
        code: sms.lastCode(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'bad_request', message: m.codeExpired } });
    });

    it('sends at most five texts per factor in 15 minutes', async () => {
      const start = Date.now();
      setClock(start);
      const { held, factor, user } = await enrolPhone();
      const before = sms.sent.length;
      for (let text = 0; text < 5; text += 1) await challenge(context(), held, factor.id);
      const refused = await post(context(), `/api/auth/factors/${factor.id}/challenge`, held);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ApiError>().error.message).toBe(m.tooManyTexts);
      expect(sms.sent.length - before).toBe(5);
      // Once the window has passed (and with a new access token: the old one has expired too).
      setClock(start + 15 * 60_000 + 1);
      const again = await signInWithPassword(context(), user.input);
      const later = await post(context(), `/api/auth/factors/${factor.id}/challenge`, again);
      expect(later.statusCode, later.body).toBe(201);
    });

    it('pauses after five wrong codes', async () => {
      const { held, factor } = await enrolPhone();
      const started = await challenge(context(), held, factor.id);
      const code = sms.lastCode();
      const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await post(context(), `/api/auth/factors/${factor.id}/verify`, held, {
          challengeId: started.id,
          code: wrong,
        });
      }
      const paused = await post(context(), `/api/auth/factors/${factor.id}/verify`, held, {
        challengeId: started.id,
        code,
      });
      expect(paused.statusCode).toBe(429);
      expect(paused.json<ApiError>().error.message).toBe(m.tooManyAttempts);
    });

    it.each([['912345678'], ['+0 12 345'], ['+1 (555) call-me'], ['']])(
      'refuses the phone number %j',
      async (phone) => {
        const user = await signUp(context());
        const response = await post(
          context(),
          '/api/auth/factors',
          { headers: user.bearer },
          {
            factorType: 'phone',
            friendlyName: 'Mobile',
            phone,
          },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiError>().error.fields).toEqual({ phone: m.phoneInvalid });
      },
    );
  },
  {},
  { sms: sms.provider },
);
