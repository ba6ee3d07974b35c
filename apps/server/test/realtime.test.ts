import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Message } from '@arena/shared/message.schema';

import { buildApp } from '../src/app.ts';
import { follow, openConversation, signUp, type SignedUp } from './fixtures.ts';
import {
  databaseKinds,
  describeEachDatabase,
  freshDatabase,
  testConfig,
  type TestContext,
} from './harness.ts';
import { connect, frameOf } from './realtime-client.ts';

async function authed(context: TestContext, user: SignedUp) {
  const client = await connect(context.app);
  client.send({ type: 'auth', token: user.session.accessToken });
  await client.next(frameOf('ready'));
  return client;
}

describeEachDatabase('realtime', (context) => {
  it('delivers a new message to both participants and to nobody else', async () => {
    const a = await signUp(context());
    const b = await signUp(context());
    const outsider = await signUp(context());
    const id = await openConversation(context(), a, b);

    const bSocket = await authed(context(), b);
    bSocket.send({ type: 'subscribe', topic: `conversation:${id}` });
    bSocket.send({ type: 'subscribe', topic: `inbox:${b.session.profile.id}` });
    await bSocket.next(
      (f): f is Extract<typeof f, { type: 'subscribed' }> =>
        f.type === 'subscribed' && f.topic === `inbox:${b.session.profile.id}`,
    );

    const spy = await authed(context(), outsider);
    spy.send({ type: 'subscribe', topic: `conversation:${id}` });
    spy.send({ type: 'subscribe', topic: `inbox:${b.session.profile.id}` });
    const refusals = await Promise.all([
      spy.next(
        (f): f is Extract<typeof f, { type: 'refused' }> =>
          f.type === 'refused' && f.topic === `conversation:${id}`,
      ),
      spy.next(
        (f): f is Extract<typeof f, { type: 'refused' }> =>
          f.type === 'refused' && f.topic.startsWith('inbox:'),
      ),
    ]);
    expect(refusals).toHaveLength(2);

    const sent = await context().app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: a.bearer,
      payload: { content: 'See you at training' },
    });
    expect(sent.statusCode).toBe(201);
    const delivered = await bSocket.next(frameOf('message.created'));
    expect(delivered.message).toMatchObject<Partial<Message>>({
      content: 'See you at training',
      senderId: a.session.profile.id,
    });
    expect(bSocket.frames.filter((f) => f.type === 'message.created')).toHaveLength(2);

    await context().app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/read`,
      headers: b.bearer,
    });
    const aSocket = await authed(context(), a);
    aSocket.send({ type: 'subscribe', topic: `conversation:${id}` });
    await aSocket.next(frameOf('subscribed'));
    await context().app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: b.bearer,
      payload: { content: 'ok' },
    });
    await context().app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/read`,
      headers: a.bearer,
    });
    expect((await aSocket.next(frameOf('messages.read'))).readerId).toBe(a.session.profile.id);

    expect(spy.frames.some((f) => f.type === 'message.created')).toBe(false);
    for (const client of [bSocket, spy, aSocket]) client.socket.close();
  });

  it('tells the feed about new posts and reposts of people followed, an open post about its comments, and a profile page about its changes', async () => {
    const author = await signUp(context());
    const reader = await signUp(context());
    const friend = await signUp(context());
    for (const followed of [author, friend])
      expect((await follow(context(), reader, followed.input.username)).statusCode).toBe(200);
    const listener = await authed(context(), reader);
    listener.send({ type: 'subscribe', topic: 'feed' });
    listener.send({ type: 'subscribe', topic: `profile:${author.session.profile.id}` });
    await listener.next(
      (f): f is Extract<typeof f, { type: 'subscribed' }> =>
        f.type === 'subscribed' && f.topic.startsWith('profile:'),
    );

    const created = await context().app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.bearer,
      payload: { content: 'Match day', sport: 'tennis' },
    });
    const postId = created.json<{ id: string }>().id;
    expect(await listener.next(frameOf('post.created'))).toMatchObject({
      topic: 'feed',
      post: { id: postId, sport: 'tennis', authorId: author.session.profile.id },
    });

    await context().app.inject({
      method: 'PUT',
      url: `/api/posts/${postId}/repost`,
      headers: friend.bearer,
    });
    expect(await listener.next(frameOf('post.reposted'))).toMatchObject({
      post: { id: postId, sport: 'tennis' },
      reposterId: friend.session.profile.id,
    });

    listener.send({ type: 'subscribe', topic: `post:${postId}` });
    await listener.next(
      (f): f is Extract<typeof f, { type: 'subscribed' }> =>
        f.type === 'subscribed' && f.topic === `post:${postId}`,
    );
    const comment = await context().app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/comments`,
      headers: author.bearer,
      payload: { content: 'Thanks for coming' },
    });
    const commentId = comment.json<{ id: string }>().id;
    expect((await listener.next(frameOf('comment.created'))).comment).toMatchObject({
      id: commentId,
      postId,
      content: 'Thanks for coming',
    });
    await context().app.inject({
      method: 'DELETE',
      url: `/api/posts/${postId}/comments/${commentId}`,
      headers: author.bearer,
    });
    expect(await listener.next(frameOf('comment.deleted'))).toMatchObject({ postId, commentId });

    const updated = await context().app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: author.bearer,
      payload: {
        fullName: author.input.fullName,
        username: author.input.username,
        bio: 'Left-handed, clay court specialist',
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(await listener.next(frameOf('profile.updated'))).toMatchObject({
      topic: `profile:${author.session.profile.id}`,
      profileId: author.session.profile.id,
    });
    listener.socket.close();
  });

  it('sends a new post only to the followers of its author who are online, as follows begin and end', async () => {
    const author = await signUp(context());
    const follower = await signUp(context());
    const stranger = await signUp(context());
    expect((await follow(context(), follower, author.input.username)).statusCode).toBe(200);
    const listen = async (who: SignedUp) => {
      const client = await authed(context(), who);
      client.send({ type: 'subscribe', topic: 'feed' });
      client.send({ type: 'subscribe', topic: `profile:${author.session.profile.id}` });
      await client.next(
        (f): f is Extract<typeof f, { type: 'subscribed' }> =>
          f.type === 'subscribed' && f.topic.startsWith('profile:'),
      );
      return client;
    };
    const followerSocket = await listen(follower);
    const strangerSocket = await listen(stranger);
    const post = async (content: string) => {
      const created = await context().app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: author.bearer,
        payload: { content, sport: 'rugby' },
      });
      expect(created.statusCode).toBe(201);
      return created.json<{ id: string }>().id;
    };
    const heard = (client: typeof followerSocket) =>
      client.frames.flatMap((f) => (f.type === 'post.created' ? [f.post.id] : []));
    /** Every event is delivered in order: once this one arrives, any post before it would have. */
    const settle = async () => {
      await context().app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: author.bearer,
        payload: { fullName: author.input.fullName, username: author.input.username, bio: 'x' },
      });
      await Promise.all(
        [followerSocket, strangerSocket].map((client) => client.next(frameOf('profile.updated'))),
      );
    };

    const first = await post('Only my followers hear of this');
    await settle();
    expect(heard(followerSocket)).toEqual([first]);
    expect(heard(strangerSocket)).toEqual([]);

    // Following while listening counts at once; so does unfollowing.
    expect((await follow(context(), stranger, author.input.username)).statusCode).toBe(200);
    expect((await follow(context(), follower, author.input.username, false)).statusCode).toBe(200);
    const second = await post('Now the other way round');
    await settle();
    expect(heard(followerSocket)).toEqual([first]);
    expect(heard(strangerSocket)).toEqual([second]);
    for (const client of [followerSocket, strangerSocket]) client.socket.close();
  });

  it('keeps the new posts and comments of a muted or blocked member from a listener, live as in lists', async () => {
    const author = await signUp(context());
    const muted = await signUp(context());
    const reader = await signUp(context());
    const other = await signUp(context());
    // The reader follows all three: only the mute and the block keep their news away.
    for (const followed of [author, muted, other])
      expect((await follow(context(), reader, followed.input.username)).statusCode).toBe(200);
    for (const [who, what] of [
      [muted, 'mute'],
      [other, 'block'],
    ] as const) {
      const response = await context().app.inject({
        method: 'PUT',
        url: `/api/profiles/${who.input.username}/${what}`,
        headers: reader.bearer,
      });
      expect(response.statusCode).toBe(200);
    }
    const created = await context().app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.bearer,
      payload: { content: 'Open session', sport: 'tennis' },
    });
    const postId = created.json<{ id: string }>().id;
    const listener = await authed(context(), reader);
    listener.send({ type: 'subscribe', topic: 'feed' });
    listener.send({ type: 'subscribe', topic: `post:${postId}` });
    await listener.next(
      (f): f is Extract<typeof f, { type: 'subscribed' }> =>
        f.type === 'subscribed' && f.topic === `post:${postId}`,
    );

    const say = (who: SignedUp, content: string) =>
      context().app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/comments`,
        headers: who.bearer,
        payload: { content },
      });
    expect((await say(muted, 'From the muted one')).statusCode).toBe(201);
    expect((await say(other, 'From the blocked one')).statusCode).toBe(201);
    await context().app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: muted.bearer,
      payload: { content: 'Muted post', sport: 'tennis' },
    });
    // The author's comment comes after the muted member's: the events are delivered in order,
    // so once it arrives, the muted member's would have too.
    expect((await say(author, 'From the author')).statusCode).toBe(201);
    expect((await listener.next(frameOf('comment.created'))).comment.content).toBe(
      'From the author',
    );
    const ownPost = await context().app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.bearer,
      payload: { content: 'Second session', sport: 'tennis' },
    });
    expect((await listener.next(frameOf('post.created'))).post.id).toBe(
      ownPost.json<{ id: string }>().id,
    );
    const heard = listener.frames.flatMap((f) =>
      f.type === 'comment.created' ? [f.comment.content] : [],
    );
    expect(heard).toEqual(['From the author']);
    expect(
      listener.frames.filter((f) => f.type === 'post.created').map((f) => f.post.authorId),
    ).toEqual([author.session.profile.id]);
    listener.socket.close();
  });

  it('moves the bell of the member a like notifies, live, and nobody else’s', async () => {
    const author = await signUp(context());
    const fan = await signUp(context());
    const created = await context().app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.bearer,
      payload: { content: 'Match report', sport: 'football' },
    });
    const postId = created.json<{ id: string }>().id;
    const inbox = `inbox:${author.session.profile.id}` as const;
    const socket = await authed(context(), author);
    socket.send({ type: 'subscribe', topic: inbox });
    await socket.next(
      (f): f is Extract<typeof f, { type: 'subscribed' }> =>
        f.type === 'subscribed' && f.topic === inbox,
    );
    const fanSocket = await authed(context(), fan);
    fanSocket.send({ type: 'subscribe', topic: `inbox:${fan.session.profile.id}` });

    await context().app.inject({
      method: 'PUT',
      url: `/api/posts/${postId}/like`,
      headers: fan.bearer,
    });
    expect(await socket.next(frameOf('notifications.changed'))).toEqual({
      type: 'notifications.changed',
      topic: inbox,
      unseen: 1,
    });
    expect(fanSocket.frames.some((f) => f.type === 'notifications.changed')).toBe(false);
    // A new connection learns the number in its greeting.
    const again = await connect(context().app);
    again.send({ type: 'auth', token: author.session.accessToken });
    expect((await again.next(frameOf('ready'))).unseenNotifications).toBe(1);
    for (const open of [socket, fanSocket, again]) open.socket.close();
  });

  it('greets each connection with its unread count, so a tab needs no request for its badge', async () => {
    const a = await signUp(context());
    const b = await signUp(context());
    const id = await openConversation(context(), a, b);
    for (const content of ['One', 'Two'])
      await context().app.inject({
        method: 'POST',
        url: `/api/conversations/${id}/messages`,
        headers: a.bearer,
        payload: { content },
      });
    const client = await connect(context().app);
    client.send({ type: 'auth', token: b.session.accessToken });
    expect(await client.next(frameOf('ready'))).toEqual({
      type: 'ready',
      profileId: b.session.profile.id,
      unreadMessages: 2,
      messageRequests: 0,
      unseenNotifications: 0,
    });
    const sender = await authed(context(), a);
    expect(sender.frames.find(frameOf('ready'))?.unreadMessages).toBe(0);
    for (const socket of [client, sender]) socket.socket.close();
  });

  it('closes a socket that does not authenticate, or authenticates with a bad token', async () => {
    const bad = await connect(context().app);
    bad.send({ type: 'auth', token: 'not-a-token' });
    expect((await bad.closed).code).toBe(4401);

    const user = await signUp(context());
    const early = await connect(context().app);
    early.send({ type: 'subscribe', topic: `inbox:${user.session.profile.id}` });
    expect((await early.closed).code).toBe(4401);

    const garbage = await connect(context().app);
    garbage.socket.send('{"type":"launch-missiles"}');
    expect((await garbage.closed).code).toBe(4400);
  });

  it('refuses re-authenticating as someone else, and answers pings', async () => {
    const a = await signUp(context());
    const b = await signUp(context());
    const client = await authed(context(), a);
    client.send({ type: 'ping' });
    await client.next(frameOf('pong'));
    client.send({ type: 'auth', token: a.session.accessToken });
    client.send({ type: 'auth', token: b.session.accessToken });
    expect((await client.closed).code).toBe(4401);
  });
});

describe.runIf(databaseKinds.includes('postgres'))(
  'realtime across two instances on PostgreSQL',
  () => {
    it('delivers a message sent through instance A to a socket on instance B', async () => {
      const fresh = await freshDatabase('postgres');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-two-'));
      const config = testConfig({ databaseUrl: fresh.url, dataDir });
      const instanceA = await buildApp(config, { logger: false });
      const instanceB = await buildApp(config, { logger: false });
      try {
        const contextA = {
          app: instanceA,
          database: fresh.database,
          kind: 'postgres' as const,
          dataDir,
        };
        const contextB = { ...contextA, app: instanceB };
        const sender = await signUp(contextA);
        const receiver = await signUp(contextB);
        const id = await openConversation(contextA, sender, receiver);

        const socket = await authed(contextB, receiver);
        socket.send({ type: 'subscribe', topic: `conversation:${id}` });
        await socket.next(frameOf('subscribed'));
        await instanceA.inject({
          method: 'POST',
          url: `/api/conversations/${id}/messages`,
          headers: sender.bearer,
          payload: { content: 'across instances' },
        });
        const delivered = await socket.next(frameOf('message.created'));
        expect(delivered.message.content).toBe('across instances');
        socket.socket.close();
      } finally {
        await instanceA.close();
        await instanceB.close();
        await fresh.drop();
      }
    });
  },
);
