import { expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { RestrictedProfilePage } from '@arena/shared/safety.schema';

import { follow } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { messageRequestHelpers } from './message-requests-fixtures.ts';
import { OFFERS_CONFIG } from './offers-fixtures.ts';
import { connect, frameOf } from './realtime-client.ts';

type ErrorBody = { error: { code: string; message: string } };

describeEachDatabase(
  'message requests',
  (context) => {
    const {
      inject,
      verifiedClub,
      player,
      minor,
      unverifiedClub,
      setPolicy,
      policyOf,
      send,
      write,
      listed,
      requests,
      counts,
      answer,
      readFlags,
      noticesFor,
    } = messageRequestHelpers(context);

    it('defaults to everyone for adults and people I follow for minors; a minor cannot choose everyone', async () => {
      const adult = await player();
      const young = await minor();
      const noBirthdate = await player(null);
      expect(await policyOf(adult)).toEqual({ policy: 'everyone', minor: false });
      expect(await policyOf(young)).toEqual({ policy: 'following', minor: true });
      expect(await policyOf(noBirthdate)).toEqual({ policy: 'following', minor: true });
      expect(await policyOf(await unverifiedClub())).toEqual({ policy: 'everyone', minor: false });

      const refused = await setPolicy(young, 'everyone');
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().error.message).toBe(
        MESSAGES.messaging.minorCannotAllowEveryone,
      );
      expect(await policyOf(young)).toEqual({ policy: 'following', minor: true });
      const unknown = await inject('PUT', '/api/me/message-policy', adult, { policy: 'friends' });
      expect(unknown.statusCode).toBe(400);
      expect(await policyOf(adult)).toEqual({ policy: 'everyone', minor: false });

      for (const policy of ['nobody', 'verified_organisations', 'following'] as const) {
        const saved = await setPolicy(young, policy);
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json()).toEqual({ policy, minor: true });
        expect(await policyOf(young)).toEqual({ policy, minor: true });
      }
      expect((await setPolicy(adult, 'nobody')).json()).toEqual({ policy: 'nobody', minor: false });
      expect((await setPolicy(adult, 'everyone')).json()).toEqual({
        policy: 'everyone',
        minor: false,
      });
    });

    it('delivers a first message directly under everyone, with a quiet notice and the badge', async () => {
      const ana = await player();
      const ben = await player();
      const id = await write(ben, ana);
      expect(await listed(ana)).toEqual([id]);
      expect(await counts(ana)).toEqual({ unread: 1, requests: 0 });
      expect((await requests(ana)).items).toEqual([]);
      expect(await noticesFor(ana)).toBe(2);
    });

    it('queues one email and one push for a burst of messages, not one for each', async () => {
      const ana = await player();
      const ben = await player();
      // The notices' windows follow the clock's minutes (the push's delay is 60 s): a burst
      // across a minute's edge would rightly queue a second push.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 55_000)
        await new Promise((resolve) => setTimeout(resolve, 61_000 - intoMinute));
      const id = await write(ben, ana);
      for (const content of ['Trial on Friday', 'Bring your boots', 'And your shin pads']) {
        expect((await send(ben, id, content)).statusCode).toBe(201);
      }
      expect(await counts(ana)).toEqual({ unread: 4, requests: 0 });
      expect(await noticesFor(ana)).toBe(2);
    });

    it('turns a stranger’s first message into a request under people I follow: no badge, notice or receipt', async () => {
      const ana = await player();
      const stranger = await player();
      const friend = await player();
      expect((await setPolicy(ana, 'following')).statusCode).toBe(200);
      await follow(context(), ana, friend.input.username);

      const fromFriend = await write(friend, ana);
      const fromStranger = await write(stranger, ana, 'Trial on Saturday?');
      expect(await listed(ana)).toEqual([fromFriend]);
      expect(await counts(ana)).toEqual({ unread: 1, requests: 1 });
      const page = await requests(ana);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        id: fromStranger,
        request: true,
        other: { username: stranger.input.username },
        lastMessage: { content: 'Trial on Saturday?', fromMe: false },
      });
      // Only the friend's message queued an email and a push.
      expect(await noticesFor(ana)).toBe(2);

      // The sender sees the conversation as usual, and their message as sent, never read.
      expect(await listed(stranger)).toEqual([fromStranger]);
      const read = await inject('POST', `/api/conversations/${fromStranger}/read`, ana);
      expect(read.json()).toEqual({ marked: 0 });
      expect(await readFlags(stranger, fromStranger)).toEqual([false]);
      // More from the sender stays a request.
      expect((await send(stranger, fromStranger, 'Still there?')).statusCode).toBe(201);
      expect(await counts(ana)).toEqual({ unread: 1, requests: 1 });
      expect(await noticesFor(ana)).toBe(2);
    });

    it('tells the recipient live that a request came, without the message, and nothing more', async () => {
      const ana = await player();
      const stranger = await player();
      expect((await setPolicy(ana, 'following')).statusCode).toBe(200);
      const client = await connect(context().app);
      try {
        client.send({ type: 'auth', token: ana.session.accessToken });
        expect((await client.next(frameOf('ready'))).messageRequests).toBe(0);
        client.send({ type: 'subscribe', topic: `inbox:${ana.session.profile.id}` });
        await client.next(frameOf('subscribed'));

        const id = await write(stranger, ana, 'Trial on Saturday?');
        const heard = await client.next(frameOf('message.requested'));
        expect(heard).toEqual({
          type: 'message.requested',
          topic: `inbox:${ana.session.profile.id}`,
          conversationId: id,
        });
        expect(client.frames.some((frame) => frame.type === 'message.created')).toBe(false);
        expect(JSON.stringify(client.frames)).not.toContain('Trial on Saturday?');
      } finally {
        client.socket.terminate();
      }
    });

    it('accepting moves the request into the conversations, with read receipts from then on', async () => {
      const ana = await player();
      const stranger = await player();
      await setPolicy(ana, 'nobody');
      const id = await write(stranger, ana);

      // Only the recipient answers a request.
      expect((await answer(stranger, id, 'accept')).statusCode).toBe(404);
      expect((await answer(await player(), id, 'accept')).statusCode).toBe(404);
      const accepted = await answer(ana, id, 'accept');
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toEqual({ status: 'accepted' });
      expect((await answer(ana, id, 'accept')).json<ErrorBody>().error.message).toBe(
        MESSAGES.messaging.notARequest,
      );

      expect(await listed(ana)).toEqual([id]);
      expect(await counts(ana)).toEqual({ unread: 1, requests: 0 });
      expect((await inject('POST', `/api/conversations/${id}/read`, ana)).json()).toEqual({
        marked: 1,
      });
      expect(await readFlags(stranger, id)).toEqual([true]);
      // The sender's next message is an ordinary one.
      expect((await send(stranger, id, 'Thanks')).statusCode).toBe(201);
      expect(await counts(ana)).toEqual({ unread: 1, requests: 0 });
    });

    it('replying to a request accepts it', async () => {
      const ana = await player();
      const stranger = await player();
      await setPolicy(ana, 'nobody');
      const id = await write(stranger, ana);
      expect((await send(ana, id, 'Hi, who is this?')).statusCode).toBe(201);
      expect(await listed(ana)).toEqual([id]);
      expect(await counts(ana)).toEqual({ unread: 1, requests: 0 });
      expect((await requests(ana)).items).toEqual([]);
    });

    it('declining hides the request for good without telling the sender', async () => {
      const ana = await player();
      const stranger = await player();
      await setPolicy(ana, 'following');
      const id = await write(stranger, ana);
      expect((await answer(stranger, id, 'decline')).statusCode).toBe(404);
      const declined = await answer(ana, id, 'decline');
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.json()).toEqual({ status: 'declined' });
      expect((await answer(ana, id, 'decline')).statusCode).toBe(404);
      expect((await answer(ana, id, 'accept')).statusCode).toBe(404);

      expect(await listed(ana)).toEqual([]);
      expect((await requests(ana)).items).toEqual([]);
      expect(await counts(ana)).toEqual({ unread: 0, requests: 0 });
      // The sender keeps writing as if nothing happened; it reaches no list of Ana's.
      expect((await send(stranger, id, 'Hello again')).statusCode).toBe(201);
      expect(await listed(stranger)).toEqual([id]);
      expect(await listed(ana)).toEqual([]);
      expect(await counts(ana)).toEqual({ unread: 0, requests: 0 });
      expect(await noticesFor(ana)).toBe(0);
    });

    it('blocking from a request blocks the sender and removes the request', async () => {
      const ana = await player();
      const stranger = await player();
      await setPolicy(ana, 'nobody');
      const id = await write(stranger, ana);
      expect((await answer(stranger, id, 'block')).statusCode).toBe(404);
      const blocked = await answer(ana, id, 'block');
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json()).toEqual({ status: 'blocked' });

      expect((await requests(ana)).items).toEqual([]);
      expect(await counts(ana)).toEqual({ unread: 0, requests: 0 });
      const list = (await inject('GET', '/api/me/blocked', ana)).json<RestrictedProfilePage>();
      expect(list.items.map((p) => p.username)).toEqual([stranger.input.username]);
      const again = await send(stranger, id, 'Why?');
      expect(again.statusCode).toBe(404);
      expect(again.json<ErrorBody>().error.message).toBe(MESSAGES.messaging.userNotFound);
    });

    it('verified organisations and nobody: who reaches the conversation list directly', async () => {
      const ana = await player();
      const club = await verifiedClub();
      const unverified = await unverifiedClub();
      const friend = await player();
      await follow(context(), ana, friend.input.username);
      await setPolicy(ana, 'verified_organisations');
      const fromClub = await write(club, ana);
      const fromUnverified = await write(unverified, ana);
      const fromFriend = await write(friend, ana);
      expect(await listed(ana)).toEqual([fromClub]);
      expect((await requests(ana)).items.map((c) => c.id).sort()).toEqual(
        [fromUnverified, fromFriend].sort(),
      );

      const bea = await player();
      await follow(context(), bea, friend.input.username);
      await setPolicy(bea, 'nobody');
      const followed = await write(friend, bea);
      const verified = await write(club, bea);
      expect(await listed(bea)).toEqual([]);
      expect((await requests(bea)).items.map((c) => c.id).sort()).toEqual(
        [followed, verified].sort(),
      );
    });

    it('keeps conversations that already hold messages working whatever the setting', async () => {
      const ana = await player();
      const ben = await player();
      const id = await write(ben, ana);
      expect((await send(ana, id, 'Hi Ben')).statusCode).toBe(201);
      await setPolicy(ana, 'nobody');
      expect((await send(ben, id, 'Still on for Saturday?')).statusCode).toBe(201);
      expect(await listed(ana)).toEqual([id]);
      expect(await counts(ana)).toEqual({ unread: 2, requests: 0 });
    });

    it('pages the requests, most recent first', async () => {
      const ana = await player();
      await setPolicy(ana, 'nobody');
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(await write(await player(), ana, `Request ${i}`));
      const first = await requests(ana, '?limit=2');
      expect(first.items.map((c) => c.id)).toEqual([ids[2], ids[1]]);
      expect(first.nextCursor).not.toBeNull();
      const second = await requests(ana, `?limit=2&cursor=${first.nextCursor}`);
      expect(second.items.map((c) => c.id)).toEqual([ids[0]]);
      expect(second.nextCursor).toBeNull();
      expect((await counts(ana)).requests).toBe(3);
    });
  },
  OFFERS_CONFIG,
);
