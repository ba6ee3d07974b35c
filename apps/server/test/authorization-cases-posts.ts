import {
  everyone,
  members,
  get,
  json,
  file,
  must,
  type MatrixCase,
} from './authorization-support.ts';

/** The authorization matrix (authorization-cases.ts): posts, likes, reposts and comments. */
export const POSTS_CASES: Record<string, MatrixCase[]> = {
  // ---- posts, likes, reposts, comments -------------------------------------------------------
  'POST /api/media': [
    {
      name: 'a photo for a post',
      request: (world) => file('/api/media', 'a.png', 'image/png', world.png),
      expect: members(201),
    },
  ],
  'POST /api/posts': [
    {
      name: 'a post',
      request: () => json('POST', '/api/posts', { content: 'Training', sport: 'tennis' }),
      expect: members(201),
    },
    {
      name: "a post with the player's upload",
      prepare: async (world) => {
        const upload = await must(
          world,
          'player',
          file('/api/media', 'a.png', 'image/png', world.png),
        );
        return { mediaId: upload.json<{ id: string }>().id };
      },
      request: (_world, _actor, { mediaId }) =>
        json('POST', '/api/posts', { content: 'Mine', sport: 'tennis', mediaId }),
      expect: members(400, { player: 201 }),
    },
  ],
  'GET /api/posts/:id': [
    {
      name: "the player's post",
      request: (world) => get(`/api/posts/${world.player.postId}`),
      expect: everyone(200, { blocked: 404 }),
    },
  ],
  'PATCH /api/posts/:id': [
    {
      name: "an edit of the player's post (admins included: only its author edits it)",
      request: (world) =>
        json('PATCH', `/api/posts/${world.player.postId}`, {
          content: 'Edited by its author',
          sport: 'padel',
        }),
      expect: members(403, { player: 200 }),
    },
  ],
  'DELETE /api/posts/:id': [
    {
      name: "a post of the player's",
      prepare: async (world) => {
        const post = await must(
          world,
          'player',
          json('POST', '/api/posts', { content: 'To delete', sport: 'rugby' }),
        );
        return { id: post.json<{ id: string }>().id };
      },
      request: (_world, _actor, { id }) => json('DELETE', `/api/posts/${id}`),
      expect: members(403, { player: 204 }),
    },
  ],
  'GET /api/feed': [{ name: 'the feed', request: () => get('/api/feed'), expect: members(200) }],
  'GET /api/profiles/:username/posts': [
    {
      name: "the player's posts",
      request: (world) => get(`/api/profiles/${world.player.username}/posts`),
      expect: everyone(200, { blocked: 404 }),
    },
  ],
  'GET /api/profiles/:username/highlights': [
    {
      name: "the player's highlights",
      request: (world) => get(`/api/profiles/${world.player.username}/highlights`),
      expect: everyone(200, { blocked: 404 }),
    },
  ],
  'PUT /api/me/highlights': [
    {
      name: 'emptying one’s own highlights',
      request: () => json('PUT', '/api/me/highlights', { postIds: [] }),
      expect: members(200),
    },
    {
      name: "pinning the player's post, which is no video (nobody may, the player included)",
      request: (world) => json('PUT', '/api/me/highlights', { postIds: [world.player.postId] }),
      expect: members(400),
    },
  ],
  'PUT /api/posts/:id/like': [
    {
      name: "liking the player's post",
      request: (world) => json('PUT', `/api/posts/${world.player.postId}/like`),
      expect: members(200, { blocked: 404 }),
    },
  ],
  'DELETE /api/posts/:id/like': [
    {
      name: "unliking the player's post",
      request: (world) => json('DELETE', `/api/posts/${world.player.postId}/like`),
      expect: members(200, { blocked: 404 }),
    },
  ],
  'PUT /api/posts/:id/repost': [
    {
      name: "reposting the player's post",
      request: (world) => json('PUT', `/api/posts/${world.player.postId}/repost`),
      expect: members(200, { blocked: 404 }),
    },
  ],
  'DELETE /api/posts/:id/repost': [
    {
      name: "undoing a repost of the player's post",
      request: (world) => json('DELETE', `/api/posts/${world.player.postId}/repost`),
      expect: members(200, { blocked: 404 }),
    },
  ],
  'GET /api/posts/:id/comments': [
    {
      name: "the comments on the player's post",
      request: (world) => get(`/api/posts/${world.player.postId}/comments`),
      expect: everyone(200, { blocked: 404 }),
    },
  ],
  'POST /api/posts/:id/comments': [
    {
      name: "commenting on the player's post",
      request: (world) =>
        json('POST', `/api/posts/${world.player.postId}/comments`, { content: 'Nice' }),
      expect: members(201, { blocked: 404 }),
    },
  ],
  'DELETE /api/posts/:id/comments/:commentId': [
    {
      name: "the player's comment",
      prepare: async (world) => {
        const comment = await must(
          world,
          'player',
          json('POST', `/api/posts/${world.player.postId}/comments`, { content: 'Oops' }),
        );
        return { id: comment.json<{ id: string }>().id };
      },
      request: (world, _actor, { id }) =>
        json('DELETE', `/api/posts/${world.player.postId}/comments/${id}`),
      expect: members(403, { player: 204 }),
    },
  ],
};
