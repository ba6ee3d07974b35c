import { createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { signUnsubscribe, type UnsubscribeClaims, verifyUnsubscribe } from './unsubscribe-token.ts';

const SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I';
const claims: UnsubscribeClaims = {
  profileId: '7a0c7a43-64a2-4c53-9d0e-6d1f7b0f2a11',
  kind: 'like',
  email: 'ana@arena.test',
};

/** A token in the right shape, MACed with the secret, over any payload and context. */
function forge(payload: object, context = 'arena/unsubscribe/u1.', version = 'u1') {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', SECRET)
    .update(context + body)
    .digest('base64url');
  return `${version}.${body}.${mac}`;
}

describe('unsubscribe tokens', () => {
  it('give back what was signed, for every kind and for the digest', () => {
    expect(verifyUnsubscribe(SECRET, signUnsubscribe(SECRET, claims))).toEqual(claims);
    const digest = { ...claims, kind: 'daily' as const };
    expect(verifyUnsubscribe(SECRET, signUnsubscribe(SECRET, digest))).toEqual(digest);
    const token = signUnsubscribe(SECRET, { ...claims, email: 'a.very.long+tag@example.org' });
    // Fits the shared schema's limit with room to spare, and needs no escaping in a URL.
    expect(token.length).toBeLessThan(400);
    expect(encodeURIComponent(token)).toBe(token);
  });

  it('refuse a token signed with another secret', () => {
    expect(verifyUnsubscribe('another-secret', signUnsubscribe(SECRET, claims))).toBeNull();
  });

  it('refuse a tampered payload, kind or address', () => {
    const [version, , mac] = signUnsubscribe(SECRET, claims).split('.');
    for (const change of [{ k: 'application' }, { e: 'eve@arena.test' }, { id: 'x' }]) {
      const payload = Buffer.from(
        JSON.stringify({
          p: 'unsubscribe',
          id: claims.profileId,
          k: 'like',
          e: claims.email,
          ...change,
        }),
      ).toString('base64url');
      expect(verifyUnsubscribe(SECRET, `${version}.${payload}.${mac}`)).toBeNull();
    }
    const token = signUnsubscribe(SECRET, claims);
    const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'AB' : 'AA');
    expect(verifyUnsubscribe(SECRET, flipped)).toBeNull();
  });

  it('refuse a token for another kind than the ones there are', () => {
    const payload = { p: 'unsubscribe', id: claims.profileId, e: claims.email };
    expect(verifyUnsubscribe(SECRET, forge({ ...payload, k: 'like' }))).toEqual(claims);
    expect(verifyUnsubscribe(SECRET, forge({ ...payload, k: 'everything' }))).toBeNull();
    expect(verifyUnsubscribe(SECRET, forge({ ...payload, k: 1 }))).toBeNull();
  });

  it('refuse a MAC made with the secret for another purpose or version', () => {
    const payload = { id: claims.profileId, k: 'like', e: claims.email };
    // Another purpose in the MAC's input, or in the payload, or an unknown version.
    expect(
      verifyUnsubscribe(SECRET, forge({ p: 'unsubscribe', ...payload }, 'arena/reset/u1.')),
    ).toBeNull();
    expect(verifyUnsubscribe(SECRET, forge({ p: 'password-reset', ...payload }))).toBeNull();
    expect(
      verifyUnsubscribe(
        SECRET,
        forge({ p: 'unsubscribe', ...payload }, 'arena/unsubscribe/u1.', 'u2'),
      ),
    ).toBeNull();
  });

  it.each([
    '',
    'u1',
    'u1..',
    'u1.abc',
    'u1.abc.def.ghi',
    'u1.ab+c.def',
    'not a token at all',
    `u1.${Buffer.from('not json').toString('base64url')}.${'A'.repeat(43)}`,
  ])('refuse the malformed token %j', (token) => {
    expect(verifyUnsubscribe(SECRET, token)).toBeNull();
  });

  it('refuse a correctly MACed payload that is not an object of the right shape', () => {
    const mac = (body: string) =>
      createHmac('sha256', SECRET).update(`arena/unsubscribe/u1.${body}`).digest('base64url');
    for (const raw of ['null', '"text"', '[1,2]', '{', '{"p":"unsubscribe"}']) {
      const body = Buffer.from(raw).toString('base64url');
      expect(verifyUnsubscribe(SECRET, `u1.${body}.${mac(body)}`)).toBeNull();
    }
  });
});
