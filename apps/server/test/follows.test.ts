import { expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { FollowResult, ProfileCardPage, ProfileDetail } from '@arena/shared/profile.schema';

import { follow, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('follows', (context) => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    context().app.inject({ method: 'GET', url, headers });

  it('follows and unfollows, with exact counts and flags', async () => {
    const star = await signUp(context());
    const fan = await signUp(context());

    const followed = await follow(context(), fan, star.input.username);
    expect(followed.statusCode).toBe(200);
    expect(followed.json<FollowResult>()).toEqual({ following: true, followersCount: 1 });

    const seenByFan = (
      await get(`/api/profiles/${star.input.username}`, fan.bearer)
    ).json<ProfileDetail>();
    expect(seenByFan).toMatchObject({ isFollowing: true, followersCount: 1 });
    const fanProfile = (await get(`/api/profiles/${fan.input.username}`)).json<ProfileDetail>();
    expect(fanProfile.followingCount).toBe(1);

    const unfollowed = await follow(context(), fan, star.input.username, false);
    expect(unfollowed.json<FollowResult>()).toEqual({ following: false, followersCount: 0 });
  });

  it('stays exact under double clicks and simultaneous requests', async () => {
    const star = await signUp(context());
    const fan = await signUp(context());
    const results = await Promise.all(
      Array.from({ length: 5 }, () => follow(context(), fan, star.input.username)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const profile = (await get(`/api/profiles/${star.input.username}`)).json<ProfileDetail>();
    expect(profile.followersCount).toBe(1);
    await Promise.all(
      Array.from({ length: 3 }, () => follow(context(), fan, star.input.username, false)),
    );
    expect(
      (await get(`/api/profiles/${star.input.username}`)).json<ProfileDetail>().followersCount,
    ).toBe(0);
  });

  it('refuses following yourself, unknown people, and visitors', async () => {
    const user = await signUp(context());
    const self = await follow(context(), user, user.input.username);
    expect(self.statusCode).toBe(400);
    expect(self.json<{ error: { message: string } }>().error.message).toBe(
      MESSAGES.profile.cannotFollowSelf,
    );
    expect((await follow(context(), user, 'nobody_at_all_here')).statusCode).toBe(404);
    const visitor = await context().app.inject({
      method: 'PUT',
      url: `/api/profiles/${user.input.username}/follow`,
    });
    expect(visitor.statusCode).toBe(401);
  });

  it("lists followers and following with the viewer's follow state", async () => {
    const star = await signUp(context());
    const fan = await signUp(context());
    const viewer = await signUp(context());
    await follow(context(), fan, star.input.username);
    await follow(context(), viewer, fan.input.username);

    const followers = (
      await get(`/api/profiles/${star.input.username}/followers`, viewer.bearer)
    ).json<ProfileCardPage>();
    expect(followers.items.map((p) => [p.username, p.isFollowing])).toEqual([
      [fan.input.username, true],
    ]);
    expect(followers.nextCursor).toBeNull();

    const following = (
      await get(`/api/profiles/${fan.input.username}/following`)
    ).json<ProfileCardPage>();
    expect(following.items.map((p) => [p.username, p.isFollowing])).toEqual([
      [star.input.username, false],
    ]);
  });

  it('pages through many followers without gaps or repeats', async () => {
    const star = await signUp(context());
    const fans = [];
    for (let i = 0; i < 7; i += 1) {
      const fan = await signUp(context());
      await follow(context(), fan, star.input.username);
      fans.push(fan.input.username);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page: ProfileCardPage = (
        await get(`/api/profiles/${star.input.username}/followers?limit=3${query}`)
      ).json();
      seen.push(...page.items.map((p) => p.username));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...fans].reverse());
  });

  it('refuses a forged cursor with a clear 400', async () => {
    const star = await signUp(context());
    const response = await get(`/api/profiles/${star.input.username}/followers?cursor=bm9wZQ`);
    expect(response.statusCode).toBe(400);
  });
});
