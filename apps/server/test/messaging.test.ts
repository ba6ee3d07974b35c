import { describe, expect, it } from 'vitest';
import sharp from 'sharp';

import type { Conversation, Message, MessagePage } from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { MediaUpload } from '@arena/shared/post.schema';

import { multipartFile, signUp, type SignedUp, uploadFile } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

type ErrorBody = { error: { code: string; message: string } };

describeEachDatabase('messaging', (context) => {
  const inject = (method: 'GET' | 'POST', url: string, user: SignedUp | null, payload?: object) =>
    context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });
  const open = async (from: SignedUp, to: SignedUp) =>
    (await inject('POST', '/api/conversations', from, { username: to.input.username })).json<{
      id: string;
    }>().id;
  const send = (from: SignedUp, conversationId: string, payload: object) =>
    inject('POST', `/api/conversations/${conversationId}/messages`, from, payload);

  it('opens one conversation per pair, even when both start it at once', async () => {
    const a = await signUp(context());
    const b = await signUp(context());
    const ids = await Promise.all([open(a, b), open(b, a), open(a, b)]);
    expect(new Set(ids).size).toBe(1);
  });

  it('refuses messaging yourself and unknown people', async () => {
    const a = await signUp(context());
    const self = await inject('POST', '/api/conversations', a, { username: a.input.username });
    expect(self.statusCode).toBe(400);
    expect(self.json<ErrorBody>().error.message).toBe(MESSAGES.profile.cannotMessageSelf);
    const unknown = await inject('POST', '/api/conversations', a, { username: 'nobody_here_zz' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().error.message).toBe(MESSAGES.messaging.userNotFound);
  });

  it('sends, lists newest first, counts unread, and marks read', async () => {
    const a = await signUp(context());
    const b = await signUp(context());
    const id = await open(a, b);
    for (const content of ['Hi!', 'Are you free for a trial?', '  Saturday 10:00  ']) {
      expect((await send(a, id, { content })).statusCode).toBe(201);
    }
    const page = (
      await inject('GET', `/api/conversations/${id}/messages?limit=2`, b)
    ).json<MessagePage>();
    expect(page.items.map((m) => m.content)).toEqual([
      'Saturday 10:00',
      'Are you free for a trial?',
    ]);
    const older = (
      await inject('GET', `/api/conversations/${id}/messages?limit=2&cursor=${page.nextCursor}`, b)
    ).json<MessagePage>();
    expect(older.items.map((m) => m.content)).toEqual(['Hi!']);

    const [conversation] = (await inject('GET', '/api/conversations', b)).json<Conversation[]>();
    expect(conversation).toMatchObject({
      id,
      unreadCount: 3,
      other: { username: a.input.username },
      lastMessage: { content: 'Saturday 10:00', fromMe: false },
    });
    expect((await inject('GET', '/api/me/unread-messages', b)).json()).toEqual({
      unread: 3,
      requests: 0,
    });

    expect((await inject('POST', `/api/conversations/${id}/read`, b)).json()).toEqual({
      marked: 3,
    });
    expect((await inject('GET', '/api/me/unread-messages', b)).json()).toEqual({
      unread: 0,
      requests: 0,
    });
    const seenBySender = (
      await inject('GET', `/api/conversations/${id}/messages`, a)
    ).json<MessagePage>();
    expect(seenBySender.items.every((m) => m.read)).toBe(true);
    // The sender's own messages never count as unread for the sender.
    expect((await inject('GET', '/api/me/unread-messages', a)).json()).toEqual({
      unread: 0,
      requests: 0,
    });
  });

  it('counts each conversation’s unread messages, on either side of the pair', async () => {
    // Stored pairs put the smaller id first: with one person below `me`'s id and two above,
    // `me` is second in one conversation and first in the others.
    const people = [];
    for (let i = 0; i < 4; i += 1) people.push(await signUp(context()));
    people.sort((x, y) => (x.session.profile.id < y.session.profile.id ? -1 : 1));
    const [below, me, ...above] = people as [SignedUp, SignedUp, SignedUp, SignedUp];
    const others = [below, ...above];
    const ids = [];
    for (const other of others) ids.push(await open(me, other));
    for (let k = 0; k < 3; k += 1) await send(others[0]!, ids[0]!, { content: `a${k}` });
    await send(me, ids[1]!, { content: 'mine' });
    await send(others[1]!, ids[1]!, { content: 'reply' });
    // ids[2] stays empty.

    const list = (await inject('GET', '/api/conversations', me)).json<Conversation[]>();
    const byId = new Map(list.map((c) => [c.id, c]));
    expect(list.map((c) => c.id)).toEqual([ids[1], ids[0], ids[2]]);
    expect(byId.get(ids[0]!)).toMatchObject({ unreadCount: 3, lastMessage: { content: 'a2' } });
    expect(byId.get(ids[1]!)).toMatchObject({ unreadCount: 1, lastMessage: { content: 'reply' } });
    expect(byId.get(ids[2]!)).toMatchObject({ unreadCount: 0, lastMessage: null });
    const theirs = (await inject('GET', '/api/conversations', others[1]!)).json<Conversation[]>();
    expect(theirs).toMatchObject([
      { id: ids[1], unreadCount: 1, other: { id: me.session.profile.id } },
    ]);
  });

  it('lists an empty conversation only for whoever opened it, below those with messages', async () => {
    const me = await signUp(context());
    const x = await signUp(context());
    const friend = await signUp(context());
    const real = await open(friend, x);
    await send(friend, real, { content: 'Good game' });
    // Opening `/messages?user=x` and sending nothing.
    const empty = await open(me, x);

    const theirs = (await inject('GET', '/api/conversations', x)).json<Conversation[]>();
    expect(theirs.map((c) => c.id)).toEqual([real]);

    const older = await open(me, friend);
    await send(me, older, { content: 'Hello' });
    const mine = (await inject('GET', '/api/conversations', me)).json<Conversation[]>();
    expect(mine.map((c) => c.id)).toEqual([older, empty]);
    expect(mine[1]).toMatchObject({ lastMessage: null, other: { id: x.session.profile.id } });

    // Once x opens it too, it is theirs as well, below their real ones; a message lists it for both.
    expect(await open(x, me)).toBe(empty);
    const opened = (await inject('GET', '/api/conversations', x)).json<Conversation[]>();
    expect(opened.map((c) => c.id)).toEqual([real, empty]);
    await send(me, empty, { content: 'Trial on Saturday?' });
    const after = (await inject('GET', '/api/conversations', x)).json<Conversation[]>();
    expect(after.map((c) => c.id)).toEqual([empty, real]);
    expect(after[0]).toMatchObject({
      unreadCount: 1,
      lastMessage: { content: 'Trial on Saturday?' },
    });
  });

  it('shows the other person a conversation they did not open only once it holds a message', async () => {
    const me = await signUp(context());
    const x = await signUp(context());
    const id = await open(me, x);
    expect((await inject('GET', '/api/conversations', x)).json<Conversation[]>()).toEqual([]);
    await send(me, id, { content: 'Hi' });
    expect(
      (await inject('GET', '/api/conversations', x)).json<Conversation[]>().map((c) => c.id),
    ).toEqual([id]);
  });

  it('moves last_message_at so the list shows the latest conversation first', async () => {
    const me = await signUp(context());
    const first = await signUp(context());
    const second = await signUp(context());
    const one = await open(me, first);
    const two = await open(me, second);
    const sentTwo = (await send(me, two, { content: 'two' })).json<Message>();
    const sentOne = (await send(me, one, { content: 'one' })).json<Message>();
    const list = (await inject('GET', '/api/conversations', me)).json<Conversation[]>();
    expect(list.map((c) => c.id)).toEqual([one, two]);
    // Each conversation's time is its newest message's, to the microsecond the API shows.
    expect(list.map((c) => c.lastMessageAt)).toEqual([sentOne.createdAt, sentTwo.createdAt]);
  });

  it.each([
    [{ content: '' }, MESSAGES.validation.messageEmpty],
    [{ content: '   ' }, MESSAGES.validation.messageEmpty],
    [{}, MESSAGES.validation.messageEmpty],
    [{ content: 'x'.repeat(501) }, MESSAGES.validation.messageMax],
  ])('refuses %j with the spec message', async (payload, message) => {
    const a = await signUp(context());
    const b = await signUp(context());
    const response = await send(a, await open(a, b), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.message).toBe(message);
  });

  it('lets only the two participants read, send or mark read', async () => {
    const a = await signUp(context());
    const b = await signUp(context());
    const outsider = await signUp(context());
    const id = await open(a, b);
    await send(a, id, { content: 'private' });
    for (const response of [
      await inject('GET', `/api/conversations/${id}/messages`, outsider),
      await send(outsider, id, { content: 'let me in' }),
      await inject('POST', `/api/conversations/${id}/read`, outsider),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await inject('GET', `/api/conversations/${id}/messages`, null)).statusCode).toBe(401);
    expect((await inject('GET', '/api/conversations', outsider)).json<Conversation[]>()).toEqual(
      [],
    );
  });

  it('keeps media private: a signed link for the participants, nothing public', async () => {
    const a = await signUp(context());
    const b = await signUp(context());
    const id = await open(a, b);
    const photo = await sharp({
      create: { width: 2500, height: 1200, channels: 3, background: '#a33' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await uploadFile(context(), a, '/api/message-media', {
      name: 'pic.jpg',
      type: 'image/jpeg',
      bytes: photo,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const media = uploaded.json<MediaUpload>();

    const sent = (await send(a, id, { mediaId: media.id })).json<Message>();
    expect(sent).toMatchObject({ content: null, mediaType: 'image' });
    const received = (
      await inject('GET', `/api/conversations/${id}/messages`, b)
    ).json<MessagePage>().items[0]!;
    const file = await context().app.inject({ method: 'GET', url: received.mediaUrl! });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(1920);

    const key = received.mediaUrl!.split('?')[0]!.replace('/files/signed/message-media/', '');
    expect(
      (await context().app.inject({ method: 'GET', url: `/files/message-media/${key}` }))
        .statusCode,
    ).toBe(404);

    const other = await signUp(context());
    const theirs = await open(other, a);
    const reuse = await send(other, theirs, { mediaId: media.id });
    expect(reuse.statusCode).toBe(400);
  });

  it('refuses a file that is not an image or video, and one too large, with the spec messages', async () => {
    const a = await signUp(context());
    const text = multipartFile('file', 'x.jpg', 'image/jpeg', Buffer.from('not an image at all'));
    const refused = await context().app.inject({
      method: 'POST',
      url: '/api/message-media',
      headers: { ...a.bearer, ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json<ErrorBody>().error.message).toBe(MESSAGES.messaging.mediaNotAllowed);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const big = multipartFile(
      'file',
      'big.png',
      'image/png',
      Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]),
    );
    const tooBig = await context().app.inject({
      method: 'POST',
      url: '/api/message-media',
      headers: { ...a.bearer, ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<ErrorBody>().error.message).toBe(MESSAGES.messaging.mediaTooLarge);
  });
});

describe('orderedPair', () => {
  it('stores the smaller id first', async () => {
    const { orderedPair } = await import('../src/modules/messaging/messaging.repository.ts');
    expect(orderedPair('b', 'a')).toEqual(['a', 'b']);
    expect(orderedPair('a', 'b')).toEqual(['a', 'b']);
  });
});
