import { expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { errorOf, postJson } from './account-helpers.ts';
import { signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

/** Sends `count` requests and returns their statuses and the last response. */
async function repeat(count: number, send: (attempt: number) => ReturnType<typeof postJson>) {
  const statuses: number[] = [];
  let last;
  for (let attempt = 0; attempt < count; attempt += 1) {
    last = await send(attempt);
    statuses.push(last.statusCode);
  }
  if (!last) throw new Error('nothing was sent');
  return { statuses, last };
}

function expectRefused(last: Awaited<ReturnType<typeof postJson>>) {
  expect(last.statusCode).toBe(429);
  expect(errorOf(last).code).toBe('rate_limited');
  expect(errorOf(last).message).toContain(MESSAGES.rateLimited);
}

describeEachDatabase(
  'per-IP limits of the account routes (strict)',
  (context) => {
    it('sends at most 10 confirmation emails an hour from one address', async () => {
      const { statuses, last } = await repeat(11, (attempt) =>
        postJson(context(), '/api/auth/email-confirmation/resend', {
          email: `resend${attempt}.${Date.now()}@arena.test`,
        }),
      );
      expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(202));
      expectRefused(last);
    });

    it.each(['/api/auth/email-confirmation/confirm', '/api/auth/password-reset/complete'])(
      'takes at most 20 uses of emailed links a minute from one address at %s',
      async (url) => {
        const { statuses, last } = await repeat(21, () =>
          postJson(context(), url, {
            token: 'not-a-link',
            password: 'long-enough-1',
            confirmPassword: 'long-enough-1',
          }),
        );
        expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(400));
        expectRefused(last);
      },
    );

    it('takes at most 10 password changes a minute from one address', async () => {
      const user = await signUp(context());
      const { statuses, last } = await repeat(11, () =>
        postJson(context(), '/api/auth/password/change', { currentPassword: '' }, user.bearer),
      );
      expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(400));
      expectRefused(last);
    });
  },
  { rateLimits: 'strict' },
);
