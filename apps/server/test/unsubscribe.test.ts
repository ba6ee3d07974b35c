import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';

import type { ApiError } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import type { NoticeKind } from '@arena/shared/notification.schema';

import { RATE_LIMITS } from '../src/http/rate-limits.ts';
import { users } from '../src/modules/auth/auth.tables.ts';
import { notificationPreferences } from '../src/modules/notifications/notifications.tables.ts';
import { createServerKeysRepository } from '../src/modules/notifications/server-keys.repository.ts';
import {
  loadUnsubscribeSecret,
  signUnsubscribe,
  type UnsubscribeKind,
} from '../src/modules/notifications/unsubscribe-token.ts';
import { signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('one-click unsubscribe', (context) => {
  const db = () => context().database.db;

  /** A token as the app would put in a mail to this member: the same secret the server loaded. */
  async function tokenFor(member: SignedUp, kind: UnsubscribeKind, email = member.input.email) {
    const secret = await loadUnsubscribeSecret(createServerKeysRepository(db()));
    return signUnsubscribe(secret, { profileId: member.session.profile.id, kind, email });
  }

  async function choices(member: SignedUp) {
    const rows = await db()
      .select({
        kind: notificationPreferences.kind,
        email: notificationPreferences.email,
        push: notificationPreferences.push,
      })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.profileId, member.session.profile.id));
    return Object.fromEntries(rows.map(({ kind, ...choice }) => [kind, choice]));
  }

  async function choose(
    member: SignedUp,
    kind: NoticeKind,
    email: 'off' | 'immediate' | 'daily',
    push: boolean,
  ) {
    await db()
      .insert(notificationPreferences)
      .values({ profileId: member.session.profile.id, kind, email, push });
  }

  const post = (payload: object) =>
    context().app.inject({ method: 'POST', url: '/api/unsubscribe', payload });

  /** What Gmail or Apple Mail sends (RFC 8058): a form POST to the header's URL, from elsewhere. */
  const oneClick = (token: string, body = 'List-Unsubscribe=One-Click') =>
    context().app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.google.com',
        'sec-fetch-site': 'cross-site',
      },
      payload: body,
    });

  it("turns off the link's kind from the app's page, keeping its push choice", async () => {
    const ana = await signUp(context());
    await choose(ana, 'comment', 'immediate', false);

    const like = await post({ token: await tokenFor(ana, 'like') });
    expect(like.statusCode, like.body).toBe(200);
    expect(like.json()).toEqual({ kind: 'like', label: 'Likes on your posts' });
    const comment = await post({ token: await tokenFor(ana, 'comment') });
    expect(comment.json<{ kind: string }>().kind).toBe('comment');

    expect(await choices(ana)).toEqual({
      like: { email: 'off', push: true },
      comment: { email: 'off', push: false },
    });
    // Twice is the same as once.
    expect((await post({ token: await tokenFor(ana, 'like') })).statusCode).toBe(200);
    expect((await choices(ana)).like).toEqual({ email: 'off', push: true });
  });

  it("works as a mail client's one-click POST: a form, the token in the query, another origin", async () => {
    const bo = await signUp(context());
    const response = await oneClick(await tokenFor(bo, 'application'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ kind: 'application', label: 'Applications to your offers' });
    expect(await choices(bo)).toEqual({ application: { email: 'off', push: true } });
  });

  it('works with the multipart form the RFC prefers', async () => {
    const cy = await signUp(context());
    const boundary = 'arena-boundary';
    const response = await context().app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${await tokenFor(cy, 'message')}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await choices(cy)).toEqual({ message: { email: 'off', push: true } });
  });

  it("turns off every kind in the daily digest with the digest's link, and nothing else", async () => {
    const di = await signUp(context());
    await choose(di, 'like', 'immediate', true);
    await choose(di, 'follow', 'daily', false);
    await choose(di, 'application', 'daily', true);

    const response = await oneClick(await tokenFor(di, 'daily'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ kind: 'daily', label: 'The daily digest' });
    expect(await choices(di)).toEqual({
      like: { email: 'immediate', push: true },
      follow: { email: 'off', push: false },
      application: { email: 'off', push: true },
      // Daily by default, and never chosen otherwise.
      comment: { email: 'off', push: true },
      repost: { email: 'off', push: true },
      mention: { email: 'off', push: true },
      camp_registration: { email: 'off', push: true },
      camp_cancellation: { email: 'off', push: true },
    });
  });

  it('refuses a forged, foreign or stale link with a clear message, changing nothing', async () => {
    const eve = await signUp(context());
    const valid = await tokenFor(eve, 'like');
    const refusals = [
      await post({ token: `${valid.slice(0, -4)}AAAA` }),
      await post({ token: 'u1.not-a-token.at-all' }),
      await oneClick(valid.replace('u1.', 'u2.')),
      // Signed for an address the account does not have.
      await post({ token: await tokenFor(eve, 'like', 'someone.else@arena.test') }),
      // No token at all.
      await context().app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ApiError>().error.message).toBe(
        MESSAGES.notifications.unsubscribeInvalid,
      );
    }
    expect(await choices(eve)).toEqual({});

    // The link stops working once the account's address changes.
    await db()
      .update(users)
      .set({ email: `new.${eve.input.email}` })
      .where(eq(users.id, eve.session.user.id));
    expect((await post({ token: valid })).statusCode).toBe(400);
    expect(await choices(eve)).toEqual({});
  });

  it('takes no large form, and no GET (a link scanner opening the URL changes nothing)', async () => {
    const fa = await signUp(context());
    const token = await tokenFor(fa, 'like');
    const big = await oneClick(token, `List-Unsubscribe=One-Click&pad=${'x'.repeat(4000)}`);
    expect(big.statusCode).toBe(413);
    const get = await context().app.inject({
      method: 'GET',
      url: `/api/unsubscribe?token=${token}`,
    });
    expect(get.statusCode).toBe(404);
    const stored = await db()
      .select()
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.profileId, fa.session.profile.id),
          eq(notificationPreferences.kind, 'like'),
        ),
      );
    expect(stored).toEqual([]);
  });
});

describeEachDatabase(
  'one-click unsubscribe, rate limited',
  (context) => {
    it(`takes ${RATE_LIMITS.unsubscribe.max} a minute from one address, then 429`, async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.unsubscribe.max; i += 1) {
        const response = await context().app.inject({
          method: 'POST',
          url: '/api/unsubscribe',
          remoteAddress: '198.51.100.7',
          payload: { token: `u1.guess-${i}.not-a-mac` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another address is not held back.
      const other = await context().app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        remoteAddress: '198.51.100.8',
        payload: { token: 'u1.guess.not-a-mac' },
      });
      expect(other.statusCode).toBe(400);
    });
  },
  { rateLimits: 'strict' },
);
