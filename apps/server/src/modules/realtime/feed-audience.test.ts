import { expect, it } from 'vitest';

import { createFeedAudience } from './feed-audience.ts';

/** A read of someone's follows that the test finishes when it chooses. */
function pendingRead() {
  let finish: (ids: readonly string[]) => void = () => undefined;
  const read = new Promise<readonly string[]>((resolve) => {
    finish = resolve;
  });
  return { read: () => read, finish };
}

it('finds the connections of the followers of an author, and only those', async () => {
  const audience = createFeedAudience<string>();
  await audience.join('tab-1', 'ana', async () => ['coach', 'club']);
  await audience.join('tab-2', 'ana', async () => ['coach', 'club']);
  await audience.join('tab-3', 'ben', async () => ['club']);
  expect([...audience.followersOf('club')].sort()).toEqual(['tab-1', 'tab-2', 'tab-3']);
  expect([...audience.followersOf('coach')].sort()).toEqual(['tab-1', 'tab-2']);
  expect(audience.followersOf('nobody').size).toBe(0);

  audience.leave('tab-1');
  expect([...audience.followersOf('coach')]).toEqual(['tab-2']);
  audience.leave('tab-2');
  audience.leave('tab-3');
  expect(audience.followersOf('club').size).toBe(0);
});

it('keeps every open connection of a member in step with their follows', async () => {
  const audience = createFeedAudience<string>();
  await audience.join('tab-1', 'ana', async () => []);
  await audience.join('tab-2', 'ana', async () => []);
  audience.changed('ana', 'coach', true);
  expect([...audience.followersOf('coach')].sort()).toEqual(['tab-1', 'tab-2']);
  audience.changed('ana', 'coach', false);
  expect(audience.followersOf('coach').size).toBe(0);
  // Somebody not listening here: nothing to keep.
  audience.changed('ben', 'coach', true);
  expect(audience.followersOf('coach').size).toBe(0);
});

it('loses no follow or unfollow made while the follows were being read', async () => {
  const audience = createFeedAudience<string>();
  const read = pendingRead();
  const joined = audience.join('tab-1', 'ana', read.read);
  audience.changed('ana', 'newcomer', true);
  audience.changed('ana', 'old-friend', false);
  // The read began before both changes and saw neither.
  read.finish(['old-friend']);
  await joined;
  expect([...audience.followersOf('newcomer')]).toEqual(['tab-1']);
  expect(audience.followersOf('old-friend').size).toBe(0);
});

it('forgets a connection that closed while its follows were being read', async () => {
  const audience = createFeedAudience<string>();
  const read = pendingRead();
  const joined = audience.join('tab-1', 'ana', read.read);
  audience.leave('tab-1');
  read.finish(['coach']);
  await joined;
  expect(audience.followersOf('coach').size).toBe(0);
});
