import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { FAILED_SIGN_INS_PER_ACCOUNT, RATE_LIMITS } from '../src/http/rate-limits.ts';
import { multipartFile, newUser, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

/**
 * Every limit of README "Rate limits" against the strict numbers: the request past the limit is
 * refused with 429 and a clear message, and changes nothing. Each test uses its own client
 * address, since per-IP counters are kept per app for the whole suite.
 */

let nextAddress = 1;
/** A client address no other test in this file uses. */
function freshAddress(): string {
  nextAddress += 1;
  return `198.18.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
}

function expectRefused(response: LightMyRequestResponse | undefined) {
  expect(response?.statusCode, response?.body).toBe(429);
  const body = response?.json<{ error: { code: string; message: string } }>();
  expect(body?.error.code).toBe('rate_limited');
  expect(body?.error.message).toContain(MESSAGES.rateLimited);
  // The message says when to come back.
  expect(body?.error.message).toMatch(/retry after \d+ (second|minute|hour)s?/);
}

/** Sends `count` requests one after another; returns their responses. */
async function repeat(
  count: number,
  send: (index: number) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  const responses: LightMyRequestResponse[] = [];
  for (let index = 0; index < count; index += 1) responses.push(await send(index));
  return responses;
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock (the server's, the rate-limit store's, and the embedded database's) ahead. */
function advanceClock(ms: number) {
  const now = Date.now();
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

describeEachDatabase(
  'rate limits (strict)',
  (context) => {
    const inject = (address: string, options: Omit<InjectOptions, 'remoteAddress'>) =>
      context().app.inject({ ...options, remoteAddress: address });

    const signInFrom = (address: string, email: string, password: string) =>
      inject(address, {
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email, password },
      });

    it(`sign-up: ${RATE_LIMITS.signUp.max} an hour per address`, async () => {
      const address = freshAddress();
      const responses = await repeat(RATE_LIMITS.signUp.max + 1, () =>
        inject(address, { method: 'POST', url: '/api/auth/sign-up', payload: newUser() }),
      );
      expect(statuses(responses.slice(0, -1)).every((s) => s === 201)).toBe(true);
      const refusedUser = newUser();
      const refused = await inject(address, {
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: refusedUser,
      });
      expectRefused(refused);
      expectRefused(responses.at(-1));
      // Nothing was created for the refused sign-up: the email is still free elsewhere.
      const elsewhere = await inject(freshAddress(), {
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: refusedUser,
      });
      expect(elsewhere.statusCode).toBe(201);
    });

    it(`posting: ${RATE_LIMITS.post.max} a minute per address`, async () => {
      const address = freshAddress();
      const user = await signUp(context());
      const post = (content: string) =>
        inject(address, {
          method: 'POST',
          url: '/api/posts',
          headers: user.bearer,
          payload: { content, sport: 'football' },
        });
      const responses = await repeat(RATE_LIMITS.post.max, (i) => post(`Session ${i}`));
      expect(statuses(responses).every((s) => s === 201)).toBe(true);
      expectRefused(await post('One too many'));

      const mine = await context().app.inject({
        method: 'GET',
        url: `/api/profiles/${user.input.username}/posts`,
      });
      // Newest first: the refused post would head the list.
      const newest = mine.json<{ items: { post: { content: string } }[] }>().items[0];
      expect(newest?.post.content).toBe(`Session ${RATE_LIMITS.post.max - 1}`);
    });

    it(`commenting: ${RATE_LIMITS.comment.max} a minute per address`, async () => {
      const address = freshAddress();
      const user = await signUp(context());
      const created = await context().app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: user.bearer,
        payload: { content: 'Match day', sport: 'tennis' },
      });
      const postId = created.json<{ id: string }>().id;
      const comment = (content: string) =>
        inject(address, {
          method: 'POST',
          url: `/api/posts/${postId}/comments`,
          headers: user.bearer,
          payload: { content },
        });
      const responses = await repeat(RATE_LIMITS.comment.max, (i) => comment(`Nice ${i}`));
      expect(statuses(responses).every((s) => s === 201)).toBe(true);
      expectRefused(await comment('One too many'));
      const post = await context().app.inject({ method: 'GET', url: `/api/posts/${postId}` });
      expect(post.json<{ commentsCount: number }>().commentsCount).toBe(RATE_LIMITS.comment.max);
    });

    it(`messaging: ${RATE_LIMITS.message.max} a minute per address`, async () => {
      const address = freshAddress();
      const sender = await signUp(context());
      const receiver = await signUp(context());
      const opened = await context().app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: sender.bearer,
        payload: { username: receiver.input.username },
      });
      const conversationId = opened.json<{ id: string }>().id;
      const send = (content: string) =>
        inject(address, {
          method: 'POST',
          url: `/api/conversations/${conversationId}/messages`,
          headers: sender.bearer,
          payload: { content },
        });
      const responses = await repeat(RATE_LIMITS.message.max, (i) => send(`Hello ${i}`));
      expect(statuses(responses).every((s) => s === 201)).toBe(true);
      expectRefused(await send('One too many'));
      // Newest first: the refused message would head the thread.
      const thread = await context().app.inject({
        method: 'GET',
        url: `/api/conversations/${conversationId}/messages`,
        headers: receiver.bearer,
      });
      const newest = thread.json<{ items: { content: string | null }[] }>().items[0];
      expect(newest?.content).toBe(`Hello ${RATE_LIMITS.message.max - 1}`);
    });

    it.each(['/api/media', '/api/message-media'])(
      `uploads (%s): ${RATE_LIMITS.upload.max} a minute per address`,
      async (url) => {
        const address = freshAddress();
        const user = await signUp(context());
        // Files the server looks at and turns down (415): each still counts as an upload.
        const upload = () => {
          const body = multipartFile('file', 'x.jpg', 'image/jpeg', Buffer.from('not an image'));
          return inject(address, {
            method: 'POST',
            url,
            headers: { ...user.bearer, ...body.headers },
            payload: body.payload,
          });
        };
        const responses = await repeat(RATE_LIMITS.upload.max, upload);
        expect(statuses(responses).every((s) => s === 415)).toBe(true);
        expectRefused(await upload());
      },
    );

    it('sign-in: an address past its limit is refused, another address is not, and the address may try again after the window', async () => {
      const user = await signUp(context());
      const attacker = freshAddress();
      const responses = await repeat(RATE_LIMITS.signIn.max, (i) =>
        signInFrom(attacker, `someone${i}@arena.test`, 'not-the-password'),
      );
      expect(statuses(responses).every((s) => s === 401)).toBe(true);
      expectRefused(await signInFrom(attacker, user.input.email, user.input.password));

      // The real user, elsewhere, is not affected by the attacker's address being blocked.
      const real = await signInFrom(freshAddress(), user.input.email, user.input.password);
      expect(real.statusCode).toBe(200);

      advanceClock(60_000 + 1_000);
      const later = await signInFrom(attacker, user.input.email, user.input.password);
      expect(later.statusCode).toBe(200);
    });
  },
  { rateLimits: 'strict' },
);

describeEachDatabase(
  'failed sign-ins per account',
  (context) => {
    const { max, windowMs } = FAILED_SIGN_INS_PER_ACCOUNT;

    /** Each attempt from a new address: a distributed attacker that per-IP limits do not stop. */
    const attempt = (user: SignedUp, password: string) =>
      context().app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: freshAddress(),
        payload: { email: user.input.email, password },
      });

    it('pauses the account after the limit, without recording the refused attempts, and lets the real user in once the window has passed', async () => {
      const user = await signUp(context());
      const failures = await repeat(max, (i) => attempt(user, `wrong-password-${i}`));
      expect(statuses(failures).every((s) => s === 401)).toBe(true);

      // Paused: even the right password is refused, and the attacker learns nothing.
      const paused = await attempt(user, user.input.password);
      expect(paused.statusCode).toBe(429);
      expect(paused.json()).toEqual({
        error: { code: 'rate_limited', message: MESSAGES.auth.tooManyFailedSignIns },
      });

      // The attacker keeps trying through the pause; refused attempts do not extend it.
      advanceClock(windowMs / 2);
      const during = await repeat(5, (i) => attempt(user, `still-wrong-${i}`));
      expect(statuses(during).every((s) => s === 429)).toBe(true);

      // Once the window since the failures has passed, the real user signs in.
      advanceClock(windowMs / 2 + 1_000);
      const back = await attempt(user, user.input.password);
      expect(back.statusCode).toBe(200);
    });

    it('cannot lock the owner out of a browser that signed in before', async () => {
      const owner = await signUp(context());
      // The owner's laptop signed in before: it holds a device cookie for the account.
      const signedIn = await context().app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: owner.input.email, password: owner.input.password },
      });
      const laptop = signedIn.cookies.find((c) => c.name === 'arena_device');
      expect(laptop).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      const fromLaptop = (password: string) =>
        context().app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          remoteAddress: freshAddress(),
          cookies: { arena_device: laptop!.value },
          payload: { email: owner.input.email, password },
        });

      // An attacker elsewhere pauses the account for every unknown browser...
      await repeat(max, (i) => attempt(owner, `attacker-guess-${i}`));
      expect((await attempt(owner, owner.input.password)).statusCode).toBe(429);
      // ...but not for the owner's laptop.
      expect((await fromLaptop(owner.input.password)).statusCode).toBe(200);

      // The laptop's own mistakes count for the laptop alone, with the same limit.
      const typos = await repeat(max, (i) => fromLaptop(`typo-${i}-pass`));
      expect(statuses(typos).every((s) => s === 401)).toBe(true);
      expect((await fromLaptop(owner.input.password)).statusCode).toBe(429);
    });

    it("ignores another account's device cookie and a forged one", async () => {
      const owner = await signUp(context());
      const other = await signUp(context());
      const othersDevice = (
        await context().app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: other.input.email, password: other.input.password },
        })
      ).cookies.find((c) => c.name === 'arena_device')!.value;
      await repeat(max, (i) => attempt(owner, `attacker-guess-${i}`));
      for (const device of [othersDevice, 'forged.device.token', owner.refreshToken]) {
        const response = await context().app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          remoteAddress: freshAddress(),
          cookies: { arena_device: device },
          payload: { email: owner.input.email, password: owner.input.password },
        });
        expect(response.statusCode).toBe(429);
      }
    });

    it('a successful sign-in forgets the earlier failures', async () => {
      const user = await signUp(context());
      await repeat(max - 1, (i) => attempt(user, `wrong-password-${i}`));
      expect((await attempt(user, user.input.password)).statusCode).toBe(200);
      const again = await repeat(max - 1, (i) => attempt(user, `wrong-again-${i}`));
      expect(statuses(again).every((s) => s === 401)).toBe(true);
      expect((await attempt(user, user.input.password)).statusCode).toBe(200);
    });

    it('checks at most 100 passwords per account in an hour from browsers it does not know, however many addresses try', async () => {
      const user = await signUp(context());
      const hourMs = 60 * 60 * 1000;
      let checked = 0;
      let refused = 0;
      // An attacker trying 15 passwords every window (plus a second) for an hour.
      for (let elapsed = 0; elapsed < hourMs; elapsed += windowMs + 1_000) {
        if (elapsed > 0) advanceClock(windowMs + 1_000);
        for (const response of await repeat(max + 5, (i) => attempt(user, `guess-${i}-pass`))) {
          if (response.statusCode === 401) checked += 1;
          else if (response.statusCode === 429) refused += 1;
          else throw new Error(`unexpected ${response.statusCode}: ${response.body}`);
        }
      }
      expect(checked).toBeLessThanOrEqual(100);
      expect(checked).toBe(max * Math.ceil(hourMs / (windowMs + 1_000)));
      expect(refused).toBeGreaterThan(0);
    });
  },
  // Strict per-IP limits too: the per-account limit is what holds, whatever the addresses.
  { rateLimits: 'strict' },
);

describe('the limits as documented', () => {
  it('keep the per-account limit within 100 failed attempts an hour', () => {
    const perHour =
      FAILED_SIGN_INS_PER_ACCOUNT.max * (3_600_000 / FAILED_SIGN_INS_PER_ACCOUNT.windowMs);
    expect(perHour).toBeLessThanOrEqual(100);
  });
});
