import { expect, it } from 'vitest';

import { follow, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { authed, frameOf } from './realtime-client.ts';

describeEachDatabase('realtime: the feed', (context) => {
  it('tells the feed about new posts and reposts of people followed, an open post about its comments, and a profile page about its changes', async () => {
    const author = await signUp(context());
    const reader = await signUp(context());
    const friend = await signUp(context());
    for (const followed of [author, friend])
      expect((await follow(context(), reader, followed.input.username)).statusCode).toBe(200);
    const listener = await authed(context().app, reader);
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
      const client = await authed(context().app, who);
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
    const listener = await authed(context().app, reader);
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
});
