import { describe, expect, it } from 'vitest';

import type { Sport } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';
import type {
  Comment,
  CommentPage,
  FeedPage,
  LikeResult,
  Post,
  RepostResult,
} from '@arena/shared/post.schema';

import { follow, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('feed, likes, reposts and comments', (context) => {
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user: SignedUp | null,
    payload?: object,
  ) => context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });
  const post = async (user: SignedUp, content: string, sport: Sport = 'football') =>
    (await inject('POST', '/api/posts', user, { content, sport })).json<Post>();
  const feed = async (user: SignedUp, query = '') => {
    const response = await inject('GET', `/api/feed${query}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FeedPage>();
  };
  /** Follows every page of a list to its end. */
  const allItems = async (user: SignedUp | null, url: string) => {
    const items: FeedPage['items'] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 50; guard += 1) {
      const separator = url.includes('?') ? '&' : '?';
      const page: FeedPage = (
        await inject('GET', cursor ? `${url}${separator}cursor=${cursor}` : url, user)
      ).json();
      items.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    return items;
  };
  const allPages = async (user: SignedUp | null, url: string) =>
    (await allItems(user, url)).map((item) => item.key);

  it('shows the newest posts with their authors, newest first, to signed-in users only', async () => {
    const a = await signUp(context());
    const first = await post(a, 'first');
    const second = await post(a, 'second');
    const page = await feed(a);
    const ids = page.items.map((item) => item.post.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(page.items[0]).toMatchObject({
      kind: 'post',
      repostedBy: null,
      post: { author: { username: a.input.username } },
    });
    expect((await inject('GET', '/api/feed', null)).statusCode).toBe(401);
  });

  it('filters by sport', async () => {
    const a = await signUp(context());
    const padel = await post(a, 'padel smash', 'padel');
    await post(a, 'rugby tackle', 'rugby');
    const page = await feed(a, '?sport=padel');
    expect(page.items.every((item) => item.post.sport === 'padel')).toBe(true);
    expect(page.items.map((item) => item.post.id)).toContain(padel.id);
    expect((await inject('GET', '/api/feed?sport=chess', a)).statusCode).toBe(400);
    // A sport of the rest of the list, under the filter's More menu.
    const golf = await post(a, 'hole in one', 'golf');
    const golfPage = await feed(a, '?sport=golf');
    expect(golfPage.items.map((item) => item.post.id)).toEqual([golf.id]);
  });

  it("merges in reposts by people the viewer follows, showing who reposted, and not others' reposts", async () => {
    const viewer = await signUp(context());
    const friend = await signUp(context());
    const stranger = await signUp(context());
    const author = await signUp(context());
    await follow(context(), viewer, friend.input.username);
    const original = await post(author, 'great goal');
    await inject('PUT', `/api/posts/${original.id}/repost`, friend);
    await inject('PUT', `/api/posts/${original.id}/repost`, stranger);

    const page = await feed(viewer);
    const reposts = page.items.filter((item) => item.kind === 'repost');
    expect(reposts).toHaveLength(1);
    expect(reposts[0]).toMatchObject({
      repostedBy: { username: friend.input.username },
      post: { id: original.id, repostsCount: 2 },
    });
    expect(page.items[0]?.kind).toBe('repost');
  });

  it("gives each card the viewer's flags, and a repost of another sport only without a filter", async () => {
    const viewer = await signUp(context());
    const friend = await signUp(context());
    await follow(context(), viewer, friend.input.username);
    const liked = await post(friend, 'liked and reposted', 'rugby');
    const other = await post(friend, 'left alone', 'padel');
    await inject('PUT', `/api/posts/${liked.id}/like`, viewer);
    await inject('PUT', `/api/posts/${liked.id}/repost`, viewer);
    await inject('PUT', `/api/posts/${other.id}/repost`, friend);

    const cards = (page: FeedPage) =>
      page.items.map(({ kind, post: { id, likedByMe, repostedByMe, followingAuthor } }) => ({
        kind,
        id,
        flags: [likedByMe, repostedByMe, followingAuthor],
      }));
    const all = cards(await feed(viewer));
    expect(all).toContainEqual({ kind: 'post', id: liked.id, flags: [true, true, true] });
    expect(all).toContainEqual({ kind: 'post', id: other.id, flags: [false, false, true] });
    expect(all).toContainEqual({ kind: 'repost', id: other.id, flags: [false, false, true] });

    const rugby = cards(await feed(viewer, '?sport=rugby'));
    expect(rugby.filter((card) => card.kind === 'repost')).toEqual([]);
    expect(rugby).toContainEqual({ kind: 'post', id: liked.id, flags: [true, true, true] });

    const visitor = await inject('GET', `/api/profiles/${viewer.input.username}/posts`, null);
    expect(cards(visitor.json<FeedPage>())).toEqual([
      { kind: 'repost', id: liked.id, flags: [false, false, false] },
    ]);
  });

  it('cuts the first page to 20 and pages on by cursor without gaps or repeats', async () => {
    const writer = await signUp(context());
    const reader = await signUp(context());
    const reposter = await signUp(context());
    await follow(context(), reader, reposter.input.username);
    const made: Post[] = [];
    for (let i = 0; i < 26; i += 1) made.push(await post(writer, `post ${i}`, 'tennis'));
    for (const p of made.slice(0, 12)) await inject('PUT', `/api/posts/${p.id}/repost`, reposter);

    const first = await feed(reader, '?sport=tennis');
    expect(first.items.length).toBeLessThanOrEqual(20);
    expect(first.nextCursor).not.toBeNull();

    const keys = await allPages(reader, '/api/feed?sport=tennis');
    expect(new Set(keys).size).toBe(keys.length);
    const expected = [...made.map((p) => `post:${p.id}`)];
    for (const key of expected) expect(keys).toContain(key);
    expect(keys.filter((key) => key.startsWith('repost:'))).toHaveLength(12);
  });

  it('takes the newest reposts across everyone followed, passing over those hidden from the viewer', async () => {
    const viewer = await signUp(context());
    const friends = await Promise.all([0, 1, 2].map(() => signUp(context())));
    const muted = await signUp(context());
    const author = await signUp(context());
    const blocked = await signUp(context());
    for (const followed of [...friends, muted]) {
      await follow(context(), viewer, followed.input.username);
    }
    const originals: Post[] = [];
    for (let i = 0; i < 12; i += 1) originals.push(await post(author, `original ${i}`));
    const blockedsPost = await post(blocked, 'from a member the viewer blocks');
    // Twelve reposts spread over three followed members, each newer than the last...
    const shown: string[] = [];
    for (const [i, original] of originals.entries()) {
      const by = friends[i % 3] as SignedUp;
      const response = await inject('PUT', `/api/posts/${original.id}/repost`, by);
      expect(response.statusCode, response.body).toBe(200);
      shown.unshift(original.id);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    // ...then, newer than all of them, the ones the viewer must not see: by a followed member
    // they muted, and of a post by a member they blocked.
    await inject('PUT', `/api/posts/${originals[0]?.id}/repost`, muted);
    await inject('PUT', `/api/posts/${blockedsPost.id}/repost`, friends[0] as SignedUp);
    await inject('PUT', `/api/profiles/${muted.input.username}/mute`, viewer);
    await inject('PUT', `/api/profiles/${blocked.input.username}/block`, viewer);

    const reposted = (items: FeedPage['items']) =>
      items.filter((item) => item.kind === 'repost').map((item) => item.post.id);
    const first = reposted((await feed(viewer)).items);
    expect(first.length).toBeGreaterThan(0);
    expect(first).toEqual(shown.slice(0, first.length));
    const all = (await allItems(viewer, '/api/feed')).filter((item) => item.kind === 'repost');
    expect(all.map((item) => item.post.id)).toEqual(shown);
    const reposters = new Set(friends.map((friend) => friend.session.profile.id));
    expect(all.every((item) => reposters.has(item.repostedBy?.id ?? ''))).toBe(true);
  });

  it("lists a profile's own posts and reposts, newest first, paginated", async () => {
    const user = await signUp(context());
    const other = await signUp(context());
    const theirs = await post(other, 'theirs', 'rugby');
    for (let i = 0; i < 22; i += 1) await post(user, `mine ${i}`, 'rugby');
    // Times keep milliseconds: the repost is newest only from the next one on.
    await new Promise((resolve) => setTimeout(resolve, 2));
    await inject('PUT', `/api/posts/${theirs.id}/repost`, user);
    const keys = await allPages(null, `/api/profiles/${user.input.username}/posts`);
    expect(keys).toHaveLength(23);
    expect(keys[0]?.startsWith('repost:')).toBe(true);
    expect(new Set(keys).size).toBe(23);
  });

  describe('likes and reposts', () => {
    it('toggles a like and keeps the count exact under double clicks and many users', async () => {
      const author = await signUp(context());
      const p = await post(author, 'like me');
      const fans = await Promise.all(Array.from({ length: 4 }, () => signUp(context())));
      await Promise.all(
        fans.flatMap((fan) => [0, 1, 2].map(() => inject('PUT', `/api/posts/${p.id}/like`, fan))),
      );
      const after = (await inject('GET', `/api/posts/${p.id}`, fans[0]!)).json<Post>();
      expect(after).toMatchObject({ likesCount: 4, likedByMe: true });

      const unliked = await inject('DELETE', `/api/posts/${p.id}/like`, fans[0]!);
      expect(unliked.json<LikeResult>()).toEqual({ liked: false, likesCount: 3 });
      const again = await inject('DELETE', `/api/posts/${p.id}/like`, fans[0]!);
      expect(again.json<LikeResult>()).toEqual({ liked: false, likesCount: 3 });
    });

    it('toggles a repost with an exact count', async () => {
      const author = await signUp(context());
      const fan = await signUp(context());
      const p = await post(author, 'repost me');
      await Promise.all([0, 1, 2].map(() => inject('PUT', `/api/posts/${p.id}/repost`, fan)));
      expect((await inject('GET', `/api/posts/${p.id}`, fan)).json<Post>()).toMatchObject({
        repostsCount: 1,
        repostedByMe: true,
      });
      const undone = await inject('DELETE', `/api/posts/${p.id}/repost`, fan);
      expect(undone.json<RepostResult>()).toEqual({ reposted: false, repostsCount: 0 });
    });

    it('answers 404 for a missing post and 401 for visitors', async () => {
      const user = await signUp(context());
      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await inject('PUT', `/api/posts/${missing}/like`, user)).statusCode).toBe(404);
      expect((await inject('PUT', `/api/posts/${missing}/repost`, user)).statusCode).toBe(404);
      expect((await inject('DELETE', `/api/posts/${missing}/like`, user)).statusCode).toBe(404);
      expect((await inject('DELETE', `/api/posts/${missing}/repost`, user)).statusCode).toBe(404);
      const p = await post(user, 'x');
      expect((await inject('PUT', `/api/posts/${p.id}/like`, null)).statusCode).toBe(401);
    });
  });

  describe('comments', () => {
    it('adds comments newest first with their authors, and counts them', async () => {
      const author = await signUp(context());
      const commenter = await signUp(context());
      const p = await post(author, 'comment please');
      const first = await inject('POST', `/api/posts/${p.id}/comments`, commenter, {
        content: '  Nice one  ',
      });
      expect(first.statusCode).toBe(201);
      expect(first.json<Comment>()).toMatchObject({
        content: 'Nice one',
        author: { username: commenter.input.username },
      });
      await inject('POST', `/api/posts/${p.id}/comments`, author, { content: 'Thanks!' });

      const list = (await inject('GET', `/api/posts/${p.id}/comments`, null)).json<CommentPage>();
      expect(list.items.map((c) => c.content)).toEqual(['Thanks!', 'Nice one']);
      expect((await inject('GET', `/api/posts/${p.id}`, null)).json<Post>().commentsCount).toBe(2);
    });

    it.each([
      [{ content: '' }, MESSAGES.validation.commentEmpty],
      [{ content: '    ' }, MESSAGES.validation.commentEmpty],
      [{ content: 'x'.repeat(501) }, MESSAGES.validation.commentMax],
    ])('refuses %j with the spec message', async (payload, message) => {
      const user = await signUp(context());
      const p = await post(user, 'x');
      const response = await inject('POST', `/api/posts/${p.id}/comments`, user, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(message);
    });

    it('lets authors delete their own comments only', async () => {
      const author = await signUp(context());
      const other = await signUp(context());
      const p = await post(author, 'x');
      const comment = (
        await inject('POST', `/api/posts/${p.id}/comments`, author, { content: 'mine' })
      ).json<Comment>();
      const url = `/api/posts/${p.id}/comments/${comment.id}`;
      expect((await inject('DELETE', url, other)).statusCode).toBe(403);
      expect((await inject('DELETE', url, null)).statusCode).toBe(401);
      expect((await inject('DELETE', url, author)).statusCode).toBe(204);
      expect((await inject('DELETE', url, author)).statusCode).toBe(404);
      expect((await inject('GET', `/api/posts/${p.id}`, null)).json<Post>().commentsCount).toBe(0);
    });

    it('answers 404 for comments on a missing post', async () => {
      const user = await signUp(context());
      const missing = '00000000-0000-4000-8000-000000000000';
      expect(
        (await inject('POST', `/api/posts/${missing}/comments`, user, { content: 'hi' }))
          .statusCode,
      ).toBe(404);
      expect((await inject('GET', `/api/posts/${missing}/comments`, null)).statusCode).toBe(404);
    });
  });
});
