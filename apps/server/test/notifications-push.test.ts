import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';

import { selectRows } from '../src/db/database.ts';
import { startJobQueue } from '../src/modules/jobs/job-queue.ts';
import { queueOverdueDeliveries } from '../src/modules/notifications/notice-delivery.ts';
import { createNotificationsRepository } from '../src/modules/notifications/notifications.repository.ts';
import { describeEachDatabase } from './harness.ts';
import { offersHelpers, OFFERS_CONFIG } from './offers-fixtures.ts';
import { startPushReceiver } from './push-receiver.ts';
import { signUp, type SignedUp } from './fixtures.ts';
import { outboxMails } from './outbox.ts';

// A push service of the test's own: the server reaches it over HTTPS as it would a browser's.
const receiver = await startPushReceiver();
afterAll(() => receiver.close());

describeEachDatabase(
  'notifications by push',
  (context) => {
    const { inject, verifiedClub, postOffer, apply } = offersHelpers(context);
    /** A browser of the test's push service, where `user` turns push on. */
    const subscribe = async (user: SignedUp, name: string) => {
      const browser = receiver.browser(`/${name}/${user.session.profile.id}`);
      const response = await inject('POST', '/api/push-subscriptions', user, {
        endpoint: browser.endpoint,
        keys: browser.keys,
      });
      return { browser, response };
    };
    /** What reached `browser` so far, decrypted. */
    const pushesTo = (browser: ReturnType<typeof receiver.browser>) => {
      const path = new URL(browser.endpoint).pathname;
      return receiver.received
        .filter((one) => one.path === path)
        .map((one) => JSON.parse(browser.decrypt(one.body)) as Record<string, string>);
    };

    it('pushes a new application to the poster’s browser, encrypted, with no application text', async () => {
      const club = await verifiedClub();
      const { browser, response: subscribed } = await subscribe(club, 'push');
      expect(subscribed.statusCode, subscribed.body).toBe(204);
      const offer = await postOffer(club);
      const athlete = await signUp(context(), { fullName: 'Lena Fischer' });
      expect((await apply(athlete, offer.id)).statusCode).toBe(201);

      // The club may also hear of its verification decision: find the application's push.
      const path = new URL(browser.endpoint).pathname;
      const applied = () =>
        receiver.received
          .filter((one) => one.path === path)
          .map((one) => ({
            push: one,
            payload: JSON.parse(browser.decrypt(one.body)) as Record<string, string>,
          }))
          .find(({ payload }) => payload.body?.includes('applied'));
      const deadline = Date.now() + 10_000;
      while (!applied() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const found = applied();
      expect(found, 'a push reached the browser').toBeDefined();
      const { push, payload } = found!;
      expect(push.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(payload).toMatchObject({
        title: 'Arena',
        body: `Lena Fischer applied to your offer “${offer.title}”`,
        url: `/applications-received?offer=${offer.id}`,
      });
    });

    it('stops pushing to a browser once it turned push off', async () => {
      const club = await verifiedClub();
      const { browser } = await subscribe(club, 'off');
      const off = await inject('DELETE', '/api/push-subscriptions', club, {
        endpoint: browser.endpoint,
      });
      expect(off.statusCode).toBe(204);
      const offer = await postOffer(club);
      await apply(await signUp(context()), offer.id);
      // The application's email went (so its delivery ran), and no push did. (Its verification
      // decision's push may have reached the browser before push was turned off.)
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(pushesTo(browser).some((payload) => payload.body?.includes('applied'))).toBe(false);
    });

    it('stops pushing to a browser once the session it was turned on in has ended', async () => {
      const club = await verifiedClub();
      const { browser, response: subscribed } = await subscribe(club, 'signed-out');
      expect(subscribed.statusCode, subscribed.body).toBe(204);
      const offer = await postOffer(club);
      const signedOut = await context().app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: club.bearer,
        cookies: { arena_refresh: club.refreshToken },
      });
      expect(signedOut.statusCode).toBe(204);

      await apply(await signUp(context()), offer.id);
      // The application's email still goes to the club (so its delivery ran); no push does.
      const appliedMail = async () =>
        (await outboxMails(context().dataDir, club.input.email, 1)).some((mail) =>
          mail.subject?.includes('applied'),
        );
      for (let waited = 0; !(await appliedMail()) && waited < 10_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await appliedMail()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // The club's verification decision may have been pushed while the session was still on:
      // the application's push, after the sign-out, must not have been.
      expect(pushesTo(browser).some((payload) => payload.body?.includes('applied'))).toBe(false);
    });

    it('still pushes a like whose delivery job a crash lost, once the overdue sweep runs', async () => {
      const author = await signUp(context());
      const { browser } = await subscribe(author, 'lost');
      const created = await inject('POST', '/api/posts', author, {
        content: 'Hat-trick today',
        sport: 'football',
      });
      const postId = created.json<{ id: string }>().id;
      const fan = await signUp(context(), { fullName: 'Ana López' });
      const liked = await inject('PUT', `/api/posts/${postId}/like`, fan);
      expect(liked.statusCode, liked.body).toBe(200);

      // A crash just after the like's statement: its window is open and past due, with no job.
      const { db } = context().database;
      const [entry] = await selectRows<{ id: string }>(
        db,
        sql`UPDATE notifications SET deliver_after = now() - interval '3 minutes'
          WHERE subject_id = ${postId} AND kind = 'like' RETURNING id`,
      );
      expect(entry).toBeDefined();
      await db.execute(
        sql`DELETE FROM pgboss.job WHERE name = 'notification-delivery' AND data->>'id' = ${entry!.id}`,
      );

      // The sweep (every minute in the app), on a queue of the test's own that only queues.
      const quiet = { error: () => undefined, warn: () => undefined };
      const jobs = await startJobQueue({
        connection: context().database.connection,
        db,
        log: quiet,
        work: false,
      });
      try {
        await queueOverdueDeliveries(createNotificationsRepository(db), jobs);
        // A second sweep while that job waits adds none.
        await queueOverdueDeliveries(createNotificationsRepository(db), jobs);
      } finally {
        await jobs.stop();
      }
      const [queued] = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE singleton_key = ${`delivery:${entry!.id}`}`,
      );
      expect(queued?.n).toBe(1);

      for (let waited = 0; pushesTo(browser).length === 0 && waited < 10_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pushesTo(browser)).toEqual([
        expect.objectContaining({ body: 'Ana López liked your post', url: `/posts/${postId}` }),
      ]);
      const [after] = await selectRows<{ open: boolean }>(
        db,
        sql`SELECT deliver_after IS NOT NULL AS open FROM notifications WHERE id = ${entry!.id}`,
      );
      expect(after?.open).toBe(false);
    });

    it('tells of an unread message by push and by email, without its text, and not once it is read', async () => {
      const maria = await signUp(context(), { fullName: 'Maria Costa' });
      const reader = await signUp(context());
      const { browser } = await subscribe(reader, 'messages');
      const opened = await inject('POST', '/api/conversations', maria, {
        username: reader.input.username,
      });
      const conversationId = opened.json<{ id: string }>().id;
      const sent = await inject('POST', `/api/conversations/${conversationId}/messages`, maria, {
        content: 'The trial is on Friday at 9, bring your boots',
      });
      expect(sent.statusCode, sent.body).toBe(201);

      const mails = await outboxMails(context().dataDir, reader.input.email, 1);
      expect(mails.map((mail) => mail.subject)).toEqual(['Maria Costa sent you a message']);
      expect(mails[0]!.text).not.toContain('Friday');
      const path = new URL(browser.endpoint).pathname;
      for (let waited = 0; waited < 5000; waited += 100) {
        if (receiver.received.some((one) => one.path === path)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pushesTo(browser)).toEqual([
        expect.objectContaining({ body: 'Maria Costa sent you a message', url: '/messages' }),
      ]);

      // Read before its notices are due: none go.
      await inject('POST', `/api/conversations/${conversationId}/messages`, maria, {
        content: 'And your shin pads',
      });
      await inject('POST', `/api/conversations/${conversationId}/read`, reader);
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(await outboxMails(context().dataDir, reader.input.email, 2)).toHaveLength(1);
      expect(receiver.received.filter((one) => one.path === path)).toHaveLength(1);
    });
    it('gathers unread messages into the daily digest for those who chose it, never repeating them', async () => {
      const repo = createNotificationsRepository(context().database.db);
      const maria = await signUp(context(), { fullName: 'Maria Costa' });
      const reader = await signUp(context());
      const chose = await inject('PUT', '/api/settings/notifications', reader, {
        message: { email: 'daily' },
      });
      expect(chose.statusCode, chose.body).toBe(200);
      const opened = await inject('POST', '/api/conversations', maria, {
        username: reader.input.username,
      });
      const conversationId = opened.json<{ id: string }>().id;
      const send = async (content: string) => {
        const sent = await inject('POST', `/api/conversations/${conversationId}/messages`, maria, {
          content,
        });
        expect(sent.statusCode, sent.body).toBe(201);
      };
      await send('Trial on Friday');
      await send('Bring your boots');

      // Past the email's delay (1 s here): no email of its own, the digest carries it.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await outboxMails(context().dataDir, reader.input.email, 1)).toEqual([]);
      const readerId = reader.session.profile.id;
      expect(await repo.digestRecipients()).toContain(readerId);
      expect(await repo.takeMessageDigest(readerId)).toEqual([
        { username: maria.input.username, sender: 'Maria Costa', count: 2 },
      ]);
      expect(await repo.takeMessageDigest(readerId)).toEqual([]);
      expect(await repo.digestRecipients()).not.toContain(readerId);

      // Only what came after the last digest, and nothing once read.
      await send('And your shin pads');
      expect(await repo.digestRecipients()).toContain(readerId);
      await inject('POST', `/api/conversations/${conversationId}/read`, reader);
      expect(await repo.digestRecipients()).not.toContain(readerId);
      expect(await repo.takeMessageDigest(readerId)).toEqual([]);
    });
  },
  { ...OFFERS_CONFIG, pushEndpointHosts: [receiver.host] },
  { pushAgent: receiver.agent, messageNoticeDelays: { pushSeconds: 0.5, emailSeconds: 1 } },
);
