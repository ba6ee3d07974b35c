import { describe, expect, it } from 'vitest';

import { clientMessageSchema, serverFrameSchema } from './realtime.ts';

const ID = '9d98e746-97e9-4e49-b09d-4f232255f8ff';

describe('clientMessageSchema', () => {
  it('accepts what a client sends', () => {
    for (const message of [
      { type: 'auth', token: 'a.b.c' },
      { type: 'subscribe', topic: `conversation:${ID}` },
      { type: 'unsubscribe', topic: 'feed' },
      { type: 'ping' },
    ])
      expect(clientMessageSchema.safeParse(message).success).toBe(true);
  });

  it.each([
    ['an unknown type', { type: 'shout' }],
    ['an empty token', { type: 'auth', token: '' }],
    ['a topic of over 100 characters', { type: 'subscribe', topic: 'x'.repeat(101) }],
    ['no topic', { type: 'subscribe' }],
  ])('refuses %s', (_, message) => {
    expect(clientMessageSchema.safeParse(message).success).toBe(false);
  });
});

describe('serverFrameSchema', () => {
  it('accepts the frames the server sends', () => {
    for (const frame of [
      { type: 'ready', profileId: ID, unreadMessages: 2 },
      { type: 'subscribed', topic: `inbox:${ID}` },
      { type: 'refused', topic: `conversation:${ID}`, reason: 'not allowed' },
      { type: 'pong' },
      { type: 'post.created', topic: 'feed', post: { id: ID, sport: 'football', authorId: ID } },
      { type: 'profile.updated', topic: `profile:${ID}`, profileId: ID },
    ])
      expect(serverFrameSchema.safeParse(frame).success).toBe(true);
  });

  it.each([
    ['an unknown type', { type: 'post.liked', topic: 'feed' }],
    [
      'an event on another topic than its own',
      { type: 'profile.updated', topic: 'feed', profileId: ID },
    ],
    ['a missing field', { type: 'messages.read', topic: `inbox:${ID}`, conversationId: ID }],
    ['a negative count', { type: 'ready', profileId: ID, unreadMessages: -1 }],
  ])('refuses %s', (_, frame) => {
    expect(serverFrameSchema.safeParse(frame).success).toBe(false);
  });
});
