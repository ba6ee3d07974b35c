import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { feedPageSchema, type Post } from '@arena/shared/post.schema';

import { follow, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

/*
 * A feed card is built from the columns of the list's one statement (`post-lists.repository.ts`
 * decodes them); a single post from its own query. Both must say the same of every kind of post,
 * to the byte: these cards hold them to it.
 */
describeEachDatabase('feed cards and single posts', (context) => {
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    user: SignedUp,
    payload?: object,
  ) => context().app.inject({ method, url, headers: user.bearer, payload });
  const post = async (user: SignedUp, content: string) => {
    const response = await inject('POST', '/api/posts', user, { content, sport: 'football' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Post>();
  };
  /** Gives post `id` the media columns a processed upload leaves (no file is read here). */
  const setMedia = (id: string, columns: ReturnType<typeof sql>) =>
    context().database.db.execute(sql`UPDATE posts SET ${columns} WHERE id = ${id}`);

  it('says of text, photos, videos, edits and reposts what the post itself says', async () => {
    const author = await signUp(context());
    const reader = await signUp(context());
    await follow(context(), reader, author.input.username);

    const text = await post(author, 'Line one\nline "two" </script> — ñ 🏆 \u0001');
    const photo = await post(author, 'a photo');
    await setMedia(
      photo.id,
      sql`media_url = '/files/post-media/u/1700000000000-ab12cd34.webp', media_type = 'image',
        media_width = 1600, media_height = 900, media_variant_widths = ARRAY[320, 640, 1080]`,
    );
    const unsized = await post(author, 'a photo from before sizes');
    await setMedia(
      unsized.id,
      sql`media_url = '/files/post-media/u/old.jpg', media_type = 'image'`,
    );
    const video = await post(author, 'a video');
    await setMedia(
      video.id,
      sql`media_url = '/files/post-media/v/clip.mp4', media_type = 'video', media_status = NULL,
        media_width = 1920, media_height = 1080, media_variant_widths = ARRAY[320, 640],
        media_poster_path = 'v/clip-poster.webp', media_small_path = 'v/clip-720.mp4',
        media_duration_ms = 12345, media_file_id = NULL`,
    );
    const legacyVideo = await post(author, 'a video from before processing');
    await setMedia(
      legacyVideo.id,
      sql`media_url = '/files/post-media/v/old.mp4', media_type = 'video', media_status = NULL`,
    );
    // Its author alone sees a video still being processed.
    const processing = await post(author, 'a video on its way');
    await setMedia(
      processing.id,
      sql`media_url = '/files/post-media/v/new.mov', media_type = 'video',
        media_status = 'processing', media_file_id = ${crypto.randomUUID()}`,
    );
    const edited = await post(author, 'before');
    expect(
      (
        await inject('PATCH', `/api/posts/${edited.id}`, author, {
          content: 'after',
          sport: 'padel',
        })
      ).statusCode,
    ).toBe(200);
    await inject('PUT', `/api/posts/${text.id}/like`, reader);
    await inject('PUT', `/api/posts/${photo.id}/repost`, author);

    // The author's own feed has no repost: reposts are of the people one follows.
    for (const [viewer, url, reposts] of [
      [reader, '/api/feed', 1],
      [reader, `/api/profiles/${author.input.username}/posts`, 1],
      [author, '/api/feed', 0],
    ] as const) {
      const response = await inject('GET', url, viewer);
      expect(response.statusCode, response.body).toBe(200);
      const page = feedPageSchema.parse(response.json());
      const shown = [text, photo, unsized, video, legacyVideo, edited];
      for (const made of viewer === author ? [...shown, processing] : shown) {
        const item = page.items.find((card) => card.key === `post:${made.id}`);
        const own = await inject('GET', `/api/posts/${made.id}`, viewer);
        expect(item?.post, `${url}: ${made.content}`).toEqual(own.json<Post>());
        // To the byte: the same keys in the same order, written the same way.
        expect(response.body).toContain(own.body);
        expect(item?.at).toBe(own.json<Post>().createdAt);
      }
      const repost = page.items.filter((card) => card.kind === 'repost');
      expect(repost).toHaveLength(reposts);
      if (reposts === 0) continue;
      expect(repost[0]).toMatchObject({
        repostedBy: {
          id: author.session.profile.id,
          username: author.input.username,
          fullName: author.input.fullName,
          avatarUrl: null,
          verified: false,
        },
        post: { id: photo.id, repostsCount: 1 },
      });
      expect(repost[0]?.key).toMatch(/^repost:[0-9a-f-]{36}$/);
    }
  });
});
