import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

import type { Notification, NotificationPage } from '@arena/shared/notification.schema';
import type { ServerFrame } from '@arena/shared/realtime';

import { selectRows } from '../src/db/database.ts';
import { sentenceOf } from '../src/modules/notifications/notification-text.ts';
import { createNotificationsRepository } from '../src/modules/notifications/notifications.repository.ts';
import { follow, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { offersHelpers, OFFERS_CONFIG } from './offers-fixtures.ts';
import { outboxMails } from './outbox.ts';
import { connect, frameOf } from './realtime-client.ts';

describeEachDatabase(
  'notifications',
  (context) => {
    const { inject, verifiedClub, postOffer, apply } = offersHelpers(context);
    const list = async (user: SignedUp, query = '') => {
      const response = await inject('GET', `/api/notifications${query}`, user);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<NotificationPage>().items;
    };
    const unseen = async (user: SignedUp) =>
      (await inject('GET', '/api/notifications/unseen', user)).json<{ unseen: number }>().unseen;
    const post = async (user: SignedUp, content = 'Training done') => {
      const response = await inject('POST', '/api/posts', user, { content, sport: 'football' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const like = (user: SignedUp, postId: string, on = true) =>
      context().app.inject({
        method: on ? 'PUT' : 'DELETE',
        url: `/api/posts/${postId}/like`,
        headers: user.bearer,
      });

    it('groups likes of one post into one entry, newest liker first, never for your own like', async () => {
      const author = await signUp(context());
      const postId = await post(author);
      await like(author, postId);
      expect(await list(author)).toEqual([]);

      const fans = await Promise.all([1, 2, 3].map(() => signUp(context())));
      for (const fan of fans) expect((await like(fan, postId)).statusCode).toBe(200);
      // A double like is no news.
      await like(fans[2]!, postId);

      const [entry, ...rest] = await list(author);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        kind: 'like',
        actorCount: 3,
        read: false,
        href: `/posts/${postId}`,
        subject: { type: 'post', id: postId, excerpt: 'Training done' },
      } satisfies Partial<Notification>);
      expect(entry!.actors.map((a) => a.username)).toEqual(
        [fans[2], fans[1], fans[0]].map((fan) => fan!.input.username),
      );
      expect(await unseen(author)).toBe(1);

      // An unlike takes the person out of the unread entry.
      await like(fans[2]!, postId, false);
      const [after] = await list(author);
      expect(after?.actorCount).toBe(2);
      expect(after?.actors[0]?.username).toBe(fans[1]!.input.username);

      // When the last person in it leaves, the entry goes.
      await like(fans[1]!, postId, false);
      await like(fans[0]!, postId, false);
      expect(await list(author)).toEqual([]);
    });

    it('rings the bell with the count of unseen entries as likes come, each entry once', async () => {
      const author = await signUp(context());
      const [first, second] = [await post(author), await post(author)];
      await follow(context(), await signUp(context()), author.input.username);
      const socket = await connect(context().app);
      socket.send({ type: 'auth', token: author.session.accessToken });
      expect((await socket.next(frameOf('ready'))).unseenNotifications).toBe(1);
      socket.send({ type: 'subscribe', topic: `inbox:${author.session.profile.id}` });
      await socket.next(frameOf('subscribed'));
      // The k-th bell frame (`next` finds the first match among all frames received).
      const bells = () => socket.frames.filter(frameOf('notifications.changed'));
      const bell = async () => {
        const k = rung++;
        const isBell = frameOf('notifications.changed');
        const frame = await socket.next(
          (f): f is Extract<ServerFrame, { type: 'notifications.changed' }> =>
            isBell(f) && bells().indexOf(f) === k,
        );
        return frame.unseen;
      };
      let rung = 0;

      await like(await signUp(context()), first);
      expect(await bell()).toBe(2);
      // The same post's entry again: still two.
      await like(await signUp(context()), first);
      expect(await bell()).toBe(2);
      await like(await signUp(context()), second);
      expect(await bell()).toBe(3);
      // Seen, then read: a like opens a new entry, and it alone is unseen.
      await inject('POST', '/api/notifications/seen', author);
      expect(await bell()).toBe(0);
      await inject('POST', '/api/notifications/read-all', author);
      expect(await bell()).toBe(0);
      await like(await signUp(context()), first);
      expect(await bell()).toBe(1);
      socket.socket.close();
    });

    it('writes one row per post and kind, not one per like', async () => {
      const author = await signUp(context());
      const postId = await post(author);
      for (let n = 0; n < 6; n++) await like(await signUp(context()), postId);
      const [row] = await selectRows<{ n: number }>(
        context().database.db,
        sql`SELECT count(*)::int AS n FROM notifications WHERE subject_id = ${postId}`,
      );
      expect(row?.n).toBe(1);
    });

    it('notifies follows, comments and mentions, filters them, and marks seen and read', async () => {
      const ana = await signUp(context());
      const ben = await signUp(context());
      await follow(context(), ben, ana.input.username);
      const postId = await post(ana, 'Match day');
      const commented = await inject('POST', `/api/posts/${postId}/comments`, ben, {
        content: `Well played @${ana.input.username}! ana@club.com`,
      });
      expect(commented.statusCode, commented.body).toBe(201);
      const mentioning = await post(
        ben,
        `Thanks @${ana.input.username.toUpperCase()} and @nobody_here`,
      );

      const all = await list(ana);
      // The comment and its mention were written in one transaction: they tie, in either order.
      expect(all.map((n) => n.kind).sort()).toEqual(['comment', 'follow', 'mention', 'mention']);
      expect(all[0]).toMatchObject({ kind: 'mention', subject: { type: 'post', id: mentioning } });
      expect(all.find((n) => n.subject.type === 'comment')).toMatchObject({
        kind: 'mention',
        subject: { postId },
        href: `/posts/${postId}`,
      });
      expect(all[3]).toMatchObject({ kind: 'follow', href: `/profile/${ben.input.username}` });
      expect((await list(ana, '?filter=follows')).map((n) => n.kind)).toEqual(['follow']);
      expect((await list(ana, '?filter=mentions')).map((n) => n.kind).sort()).toEqual([
        'comment',
        'mention',
        'mention',
      ]);
      expect((await inject('GET', '/api/notifications?filter=likes', ana)).statusCode).toBe(400);

      expect(await unseen(ana)).toBe(4);
      expect((await inject('POST', '/api/notifications/seen', ana)).json()).toEqual({ unseen: 0 });
      expect(await unseen(ana)).toBe(0);
      const comment = all.find((n) => n.kind === 'comment')!;
      expect((await inject('POST', `/api/notifications/${all[3]!.id}/read`, ana)).statusCode).toBe(
        204,
      );
      // Someone else's entry is not there for them.
      expect((await inject('POST', `/api/notifications/${comment.id}/read`, ben)).statusCode).toBe(
        404,
      );
      expect((await list(ana)).filter((n) => n.read).map((n) => n.kind)).toEqual(['follow']);
      expect((await inject('POST', '/api/notifications/read-all', ana)).statusCode).toBe(204);
      expect((await list(ana)).every((n) => n.read)).toBe(true);

      // Once read, the next follow opens a new entry instead of joining the read one.
      const cy = await signUp(context());
      await follow(context(), cy, ana.input.username);
      const fresh = await list(ana, '?filter=follows');
      expect(fresh.map((n) => [n.actorCount, n.read])).toEqual([
        [1, false],
        [1, true],
      ]);
    });

    it('pages with a cursor, newest change first', async () => {
      const author = await signUp(context());
      for (let n = 0; n < 3; n++) {
        const postId = await post(author, `Post ${n}`);
        await like(await signUp(context()), postId);
      }
      const first = (
        await inject('GET', '/api/notifications?limit=2', author)
      ).json<NotificationPage>();
      expect(first.items.map((n) => n.subject.type === 'post' && n.subject.excerpt)).toEqual([
        'Post 2',
        'Post 1',
      ]);
      const second = (
        await inject(
          'GET',
          `/api/notifications?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`,
          author,
        )
      ).json<NotificationPage>();
      expect(second.items.map((n) => n.subject.type === 'post' && n.subject.excerpt)).toEqual([
        'Post 0',
      ]);
      expect(second.nextCursor).toBeNull();
    });

    it('tells the poster of a new application at once by email, with a one-click unsubscribe that works without signing in', async () => {
      const club = await verifiedClub();
      const offer = await postOffer(club);
      const athlete = await signUp(context());
      expect((await apply(athlete, offer.id)).statusCode).toBe(201);

      const [entry] = await list(club, '?filter=offers');
      expect(entry).toMatchObject({
        kind: 'application',
        subject: { type: 'offer', id: offer.id, title: offer.title },
      });
      // The decision on its verification request came first, then this.
      const mails = await outboxMails(context().dataDir, club.input.email, 2);
      expect(mails.map((mail) => mail.subject)).toContain('Your verification request was approved');
      const notice = mails.find((mail) => mail.subject?.includes('applied to your offer'));
      expect(notice, 'the notice mail').toBeDefined();
      // The application's contents stay in Arena.
      expect(notice!.text).not.toContain('I am a left-footed');
      const header = (name: string) => notice!.headerLines.find((h) => h.key === name)?.line ?? '';
      const link = /<(https?:[^>]+)>/.exec(header('list-unsubscribe'))?.[1];
      expect(link).toBeDefined();
      expect(header('list-unsubscribe-post')).toBe(
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      );

      const url = new URL(link!);
      const unsubscribed = await context().app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
      const settings = (await inject('GET', '/api/settings/notifications', club)).json<{
        preferences: Record<string, { email: string }>;
      }>();
      expect(settings.preferences.application?.email).toBe('off');
    });

    it('tells a member of the decision on their verification request', async () => {
      const club = await verifiedClub('coach');
      const [entry] = await list(club);
      expect(entry).toMatchObject({
        kind: 'verification',
        actors: [],
        subject: { type: 'verification', decision: 'approved' },
        href: '/settings',
      });
    });

    it('gathers a digest of what changed since the last one and is unread, never repeating it', async () => {
      const repo = createNotificationsRepository(context().database.db);
      const author = await signUp(context());
      const liked = await post(author, 'Liked post');
      const followedBy = await signUp(context());
      await follow(context(), followedBy, author.input.username);
      await like(await signUp(context()), liked);
      const kinds = ['like', 'follow'] as const;

      const first = await repo.takeDigest(author.session.profile.id, kinds, 51);
      expect(first.map((row) => sentenceOf(row)).sort()).toEqual([
        `${followedBy.input.fullName} started following you`,
        expect.stringMatching(/ liked your post$/),
      ]);
      expect(await repo.takeDigest(author.session.profile.id, kinds, 51)).toEqual([]);
      expect(await repo.digestRecipients()).not.toContain(author.session.profile.id);

      // A new like changes the entry: the next digest carries it, with both people.
      await like(await signUp(context()), liked);
      const second = await repo.takeDigest(author.session.profile.id, kinds, 51);
      expect(second.map((row) => sentenceOf(row))).toEqual([
        expect.stringMatching(/^.+ and .+ liked your post$/),
      ]);
      // What the member read in the app is not sent again.
      await like(await signUp(context()), liked);
      await inject('POST', '/api/notifications/read-all', author);
      expect(await repo.takeDigest(author.session.profile.id, kinds, 51)).toEqual([]);
    });

    it('keeps preferences per kind, refusing what is not one', async () => {
      const member = await signUp(context());
      const before = (await inject('GET', '/api/settings/notifications', member)).json<{
        preferences: Record<string, { email: string; push: boolean }>;
        vapidPublicKey: string;
      }>();
      expect(before.preferences.like).toEqual({ email: 'daily', push: true });
      expect(before.preferences.application).toEqual({ email: 'immediate', push: true });
      expect(before.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);

      const put = (payload: object) =>
        context().app.inject({
          method: 'PUT',
          url: '/api/settings/notifications',
          headers: member.bearer,
          payload,
        });
      const changed = await put({ like: { email: 'off' }, comment: { push: false } });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<typeof before>().preferences).toMatchObject({
        like: { email: 'off', push: true },
        comment: { email: 'daily', push: false },
      });
      for (const bad of [
        { like: { email: 'hourly' } },
        { likes: { email: 'off' } },
        { like: { push: 'yes' } },
      ]) {
        const refused = await put(bad);
        expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      }
      const after = (await inject('GET', '/api/settings/notifications', member)).json<
        typeof before
      >();
      expect(after.preferences.like).toEqual({ email: 'off', push: true });
    });

    it('refuses a push subscription whose endpoint is not a browser push service', async () => {
      const member = await signUp(context());
      const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
      const foreign = await inject('POST', '/api/push-subscriptions', member, {
        endpoint: 'https://attacker.example/collect',
        keys,
      });
      expect(foreign.statusCode).toBe(400);
      const plain = await inject('POST', '/api/push-subscriptions', member, {
        endpoint: 'http://fcm.googleapis.com/fcm/send/x',
        keys,
      });
      expect(plain.statusCode).toBe(400);
      const ok = await inject('POST', '/api/push-subscriptions', member, {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys,
      });
      expect(ok.statusCode, ok.body).toBe(204);
    });
  },
  OFFERS_CONFIG,
);
