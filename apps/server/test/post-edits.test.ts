import { expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { FeedPage, Post } from '@arena/shared/post.schema';

import { signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { authed, frameOf } from './realtime-client.ts';

type ErrorBody = { error: { code: string; message: string } };

describeEachDatabase('editing posts', (context) => {
  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    user: SignedUp | null,
    payload?: object,
  ) => context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });
  const post = async (user: SignedUp, content = 'Before', sport = 'football') =>
    (await inject('POST', '/api/posts', user, { content, sport })).json<Post>();
  const read = async (id: string) => (await inject('GET', `/api/posts/${id}`, null)).json<Post>();
  /** A reader's socket on the feed and on the post's own topic. */
  const listenToPost = async (reader: SignedUp, postId: string) => {
    const listener = await authed(context().app, reader);
    for (const topic of ['feed', `post:${postId}`]) {
      listener.send({ type: 'subscribe', topic });
      await listener.next(
        (f): f is Extract<typeof f, { type: 'subscribed' }> =>
          f.type === 'subscribed' && f.topic === topic,
      );
    }
    return listener;
  };

  it('lets the author change the text and sport, and marks the post edited', async () => {
    const author = await signUp(context());
    const created = await post(author);
    expect(created.editedAt).toBeNull();

    const response = await inject('PATCH', `/api/posts/${created.id}`, author, {
      content: '  After the match  ',
      sport: 'padel',
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json<Post>();
    expect(edited).toMatchObject({ id: created.id, content: 'After the match', sport: 'padel' });
    expect(Date.parse(edited.editedAt!)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
    expect(edited.createdAt).toBe(created.createdAt);
    expect(await read(created.id)).toMatchObject({ content: 'After the match', sport: 'padel' });

    const feed = (await inject('GET', '/api/feed?sport=padel', author)).json<FeedPage>();
    expect(feed.items.find((item) => item.post.id === created.id)?.post).toMatchObject({
      content: 'After the match',
      editedAt: edited.editedAt,
    });
    const theirs = (
      await inject('GET', `/api/profiles/${author.input.username}/posts`, null)
    ).json<FeedPage>();
    expect(theirs.items[0]?.post.editedAt).toBe(edited.editedAt);
  });

  it.each([
    [{ content: '', sport: 'football' }, MESSAGES.validation.postEmpty],
    [{ content: '   ', sport: 'football' }, MESSAGES.validation.postEmpty],
    [{ content: 'x'.repeat(2001), sport: 'football' }, MESSAGES.validation.postMax],
    [{ content: 'Hello' }, MESSAGES.validation.sportRequired],
    [{ content: 'Hello', sport: 'chess' }, MESSAGES.validation.sportUnknown],
  ])('refuses %j with the message of posting, and changes nothing', async (payload, message) => {
    const author = await signUp(context());
    const created = await post(author);
    const response = await inject('PATCH', `/api/posts/${created.id}`, author, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.message).toBe(message);
    expect(await read(created.id)).toMatchObject({
      content: 'Before',
      sport: 'football',
      editedAt: null,
    });
  });

  it("refuses another member's edit and a visitor's, and changes nothing", async () => {
    const author = await signUp(context());
    const other = await signUp(context());
    const created = await post(author);
    const refused = await inject('PATCH', `/api/posts/${created.id}`, other, {
      content: 'Not mine',
      sport: 'tennis',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.message).toBe(MESSAGES.post.editOthers);
    const visitor = await inject('PATCH', `/api/posts/${created.id}`, null, {
      content: 'Not mine',
      sport: 'tennis',
    });
    expect(visitor.statusCode).toBe(401);
    expect(await read(created.id)).toMatchObject({ content: 'Before', editedAt: null });
  });

  it('answers 404 for a post that is gone', async () => {
    const author = await signUp(context());
    const created = await post(author);
    expect((await inject('DELETE', `/api/posts/${created.id}`, author)).statusCode).toBe(204);
    const response = await inject('PATCH', `/api/posts/${created.id}`, author, {
      content: 'Too late',
      sport: 'tennis',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.post.notFound);
  });

  it('tells open feeds and the post’s page of the edit', async () => {
    const author = await signUp(context());
    const reader = await signUp(context());
    const created = await post(author);
    const listener = await listenToPost(reader, created.id);
    const edited = (
      await inject('PATCH', `/api/posts/${created.id}`, author, {
        content: 'New words',
        sport: 'rugby',
      })
    ).json<Post>();
    const heard = await Promise.all(
      ['feed', `post:${created.id}`].map((topic) =>
        listener.next(
          (f): f is Extract<typeof f, { type: 'post.edited' }> =>
            f.type === 'post.edited' && f.topic === topic,
        ),
      ),
    );
    for (const frame of heard) {
      expect(frame.post).toEqual({
        id: created.id,
        content: 'New words',
        sport: 'rugby',
        editedAt: edited.editedAt,
      });
    }
    listener.socket.close();
  });

  it('tells open feeds and the post’s page of a deletion, and of none that was refused', async () => {
    const author = await signUp(context());
    const reader = await signUp(context());
    const created = await post(author);
    const listener = await listenToPost(reader, created.id);
    const refused = await inject('DELETE', `/api/posts/${created.id}`, reader);
    expect(refused.statusCode).toBe(403);
    expect((await inject('DELETE', `/api/posts/${created.id}`, author)).statusCode).toBe(204);
    const heard = await Promise.all(
      ['feed', `post:${created.id}`].map((topic) =>
        listener.next(
          (f): f is Extract<typeof f, { type: 'post.deleted' }> =>
            f.type === 'post.deleted' && f.topic === topic,
        ),
      ),
    );
    for (const frame of heard) expect(frame.postId).toBe(created.id);
    // The refused attempt said nothing: exactly one deletion per topic.
    expect(listener.frames.filter(frameOf('post.deleted'))).toHaveLength(2);
    listener.socket.close();
  });
});
