import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';

import { type FeedPage, feedPageSchema } from '@arena/shared/post.schema';

import { serializerCompiler } from './serializer.ts';

const route = (schema: ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const serialize = (schema: ZodType, data: unknown) => serializerCompiler(route(schema))(data);
const serializeWithZod = (schema: ZodType, data: unknown) =>
  zodSerializerCompiler(route(schema))(data);

const author = {
  id: '0b5b3c3e-0f7a-4a55-9c5e-8d2f3a6b7c10',
  username: 'maria_lopez',
  fullName: 'María "La Flecha" López',
  avatarUrl: null,
  verified: true,
  userType: 'player',
};
const post = {
  id: '5f0c2d1e-9a8b-4c7d-8e6f-1a2b3c4d5e6f',
  author,
  content: 'Final whistle 🏆 — line one\nline two </script>',
  mediaUrl: '/media/post-media/a.jpg',
  mediaType: 'image',
  mediaImage: {
    width: 1600,
    height: 900,
    variants: [{ width: 320, url: '/media/post-media/a-320.webp' }],
  },
  video: null,
  sport: 'football',
  likesCount: 3,
  commentsCount: 0,
  repostsCount: 1,
  createdAt: '2026-11-01T12:00:00.123Z',
  editedAt: null,
  likedByMe: false,
  repostedByMe: true,
  followingAuthor: false,
};
const page: FeedPage = {
  items: [
    { key: `post:${post.id}`, kind: 'post', at: post.createdAt, repostedBy: null, post },
    {
      key: 'repost:7e1d',
      kind: 'repost',
      at: '2026-11-02T08:00:00.000Z',
      repostedBy: author,
      post: {
        ...post,
        mediaUrl: '/media/post-media/b.mp4',
        mediaType: 'video',
        mediaImage: null,
        video: {
          id: '6a0c2d1e-9a8b-4c7d-8e6f-1a2b3c4d5e6f',
          status: 'ready',
          posterUrl: '/media/post-media/b-poster.webp',
          poster: { width: 1920, height: 1080, variants: [] },
          smallUrl: '/media/post-media/b-720.mp4',
          durationSeconds: 12.5,
        },
      },
    },
  ] as FeedPage['items'],
  nextCursor: null,
};

describe('response serialisation', () => {
  it('writes exactly what zod and JSON.stringify write, keys in schema order', () => {
    expect(serialize(feedPageSchema, page)).toBe(serializeWithZod(feedPageSchema, page));
    const shuffled = { nextCursor: 'abc', items: [] };
    expect(serialize(feedPageSchema, shuffled)).toBe('{"items":[],"nextCursor":"abc"}');
  });

  it('leaves out keys the schema does not name, and optional keys that are absent', () => {
    const schema = z.object({ name: z.string(), note: z.string().optional() });
    expect(serialize(schema, { name: 'Ana', passwordHash: 'secret' })).toBe('{"name":"Ana"}');
    expect(serialize(schema, { name: 'Ana', note: 'hi' })).toBe('{"name":"Ana","note":"hi"}');
  });

  it('writes keys and strings that need escaping, optional keys anywhere, arrays of objects', () => {
    const schema = z.object({
      first: z.string().optional(),
      'quote"key\\': z.string(),
      list: z.array(z.object({ n: z.number(), tag: z.literal('x').optional() })),
      last: z.enum(['a', 'b']).optional(),
    });
    const values = [
      { first: 'α\u2028\u0000', 'quote"key\\': '</script>"', list: [], last: 'b' },
      { 'quote"key\\': '', list: [{ n: -0 }, { n: 1.5e300, tag: 'x' }, { n: 2, tag: undefined }] },
    ];
    for (const value of values) {
      expect(serialize(schema, value)).toBe(serializeWithZod(schema, value));
      expect(JSON.parse(serialize(schema, value))).toEqual(JSON.parse(JSON.stringify(value)));
    }
  });

  it('refuses, as zod does, a value of the wrong type', () => {
    const schema = z.object({ count: z.number().int(), kind: z.enum(['a', 'b']) });
    const wrong = [
      { count: 1.5, kind: 'a' },
      { count: '1', kind: 'a' },
      { count: Number.NaN, kind: 'a' },
      { count: 1, kind: 'c' },
      { kind: 'a' },
      null,
    ];
    for (const value of wrong) {
      expect(() => serialize(schema, value)).toThrow(ResponseSerializationError);
      expect(() => serializeWithZod(schema, value)).toThrow(ResponseSerializationError);
    }
    const nested = { ...page, items: [{ ...page.items[0], post: { ...post, likedByMe: 'yes' } }] };
    expect(() => serialize(feedPageSchema, nested)).toThrow(ResponseSerializationError);
  });

  it('leaves the schemas it does not compile to zod', () => {
    const loose = z.looseObject({ id: z.string() });
    expect(serialize(loose, { id: 'x', extra: 1 })).toBe('{"id":"x","extra":1}');
    const union = z.union([z.string(), z.number()]);
    expect(serialize(union, 4)).toBe('4');
    expect(() => serialize(union, true)).toThrow(ResponseSerializationError);
  });
});
