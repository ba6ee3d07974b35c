import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Message } from '@arena/shared/message.schema';

import { buildApp } from '../src/app.ts';
import { openConversation, signUp } from './fixtures.ts';
import { databaseKinds, describeEachDatabase, freshDatabase, testConfig } from './harness.ts';
import { authed, connect, frameOf } from './realtime-client.ts';

describeEachDatabase('realtime', (context) => {
  it('delivers a new message to both participants and to nobody else', async () => {
    const a = await signUp(context());
    const b = await signUp(context());
    const outsider = await signUp(context());
    const id = await openConversation(context(), a, b);

    const bSocket = await authed(context().app, b);
    bSocket.send({ type: 'subscribe', topic: `conversation:${id}` });
    bSocket.send({ type: 'subscribe', topic: `inbox:${b.session.profile.id}` });
    await bSocket.next(
      (f): f is Extract<typeof f, { type: 'subscribed' }> =>
        f.type === 'subscribed' && f.topic === `inbox:${b.session.profile.id}`,
    );

    const spy = await authed(context().app, outsider);
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
    const aSocket = await authed(context().app, a);
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
    const socket = await authed(context().app, author);
    socket.send({ type: 'subscribe', topic: inbox });
    await socket.next(
      (f): f is Extract<typeof f, { type: 'subscribed' }> =>
        f.type === 'subscribed' && f.topic === inbox,
    );
    const fanSocket = await authed(context().app, fan);
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
    const sender = await authed(context().app, a);
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
    const client = await authed(context().app, a);
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

        const socket = await authed(instanceB, receiver);
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
