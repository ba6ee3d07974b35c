import { expect, it } from 'vitest';

import type { FeedPage } from '@arena/shared/post.schema';
import type { ProfileCardPage, ProfileDetail, ProfileSummary } from '@arena/shared/profile.schema';
import type { NotificationPage } from '@arena/shared/notification.schema';
import type { ApiError } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import type { RestrictedProfilePage } from '@arena/shared/safety.schema';

import { follow, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { offersHelpers, OFFERS_CONFIG } from './offers-fixtures.ts';

describeEachDatabase(
  'blocking and muting',
  (context) => {
    const { inject, verifiedClub, postOffer, apply } = offersHelpers(context);
    const post = async (user: SignedUp, content: string) => {
      const response = await inject('POST', '/api/posts', user, { content, sport: 'football' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const feedIds = async (user: SignedUp) =>
      (await inject('GET', '/api/feed', user)).json<FeedPage>().items.map((item) => item.post.id);
    const profile = (viewer: SignedUp, of: SignedUp) =>
      inject('GET', `/api/profiles/${of.input.username}`, viewer);
    const block = (by: SignedUp, whom: SignedUp, on = true) =>
      inject(on ? 'PUT' : 'DELETE', `/api/profiles/${whom.input.username}/block`, by);
    const mute = (by: SignedUp, whom: SignedUp, on = true) =>
      inject(on ? 'PUT' : 'DELETE', `/api/profiles/${whom.input.username}/mute`, by);
    const likeNotices = async (user: SignedUp) =>
      (await inject('GET', '/api/notifications', user))
        .json<NotificationPage>()
        .items.filter((item) => item.kind === 'like' || item.kind === 'comment');

    it('hides each from the other and stops every way the blocked member could reach the blocker', async () => {
      const ana = await signUp(context(), { fullName: 'Ana Block' });
      const ben = await signUp(context(), { fullName: 'Ben Blocked' });
      await follow(context(), ana, ben.input.username);
      await follow(context(), ben, ana.input.username);
      const anasPost = await post(ana, 'Ana trains');
      const bensPost = await post(ben, 'Ben trains');
      const opened = await inject('POST', '/api/conversations', ben, {
        username: ana.input.username,
      });
      const conversationId = opened.json<{ id: string }>().id;

      const blocked = await block(ana, ben);
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json()).toEqual({ blocking: true });

      // The follows both ways are gone.
      const anasView = await profile(ana, ben);
      expect(anasView.json<ProfileDetail>()).toMatchObject({
        blocking: true,
        muting: false,
        isFollowing: false,
        followersCount: 0,
        followingCount: 0,
      });
      // To Ben, Ana and what is hers do not exist.
      expect((await profile(ben, ana)).statusCode).toBe(404);
      for (const part of ['cv', 'organization', 'posts', 'followers', 'following']) {
        const response = await inject('GET', `/api/profiles/${ana.input.username}/${part}`, ben);
        expect(response.statusCode, part).toBe(404);
      }
      expect((await inject('GET', `/api/posts/${anasPost}`, ben)).statusCode).toBe(404);
      expect((await inject('GET', `/api/posts/${anasPost}/comments`, ben)).statusCode).toBe(404);
      expect((await inject('PUT', `/api/posts/${anasPost}/like`, ben)).statusCode).toBe(404);
      expect((await inject('POST', `/api/posts/${anasPost}/repost`, ben)).statusCode).toBe(404);
      const comment = await inject('POST', `/api/posts/${anasPost}/comments`, ben, {
        content: 'Nice',
      });
      expect(comment.statusCode).toBe(404);
      const refollow = await inject('PUT', `/api/profiles/${ana.input.username}/follow`, ben);
      expect(refollow.statusCode).toBe(404);
      const reopen = await inject('POST', '/api/conversations', ben, {
        username: ana.input.username,
      });
      expect(reopen.statusCode).toBe(404);
      const send = await inject('POST', `/api/conversations/${conversationId}/messages`, ben, {
        content: 'Why?',
      });
      expect(send.statusCode).toBe(404);

      // Ana is told why she cannot follow or message Ben, and her feed has nothing of his.
      const anaFollows = await inject('PUT', `/api/profiles/${ben.input.username}/follow`, ana);
      expect(anaFollows.statusCode).toBe(400);
      expect(anaFollows.json<ApiError>().error.message).toBe(MESSAGES.safety.unblockToFollow);
      const anaWrites = await inject('POST', `/api/conversations/${conversationId}/messages`, ana, {
        content: 'Hello',
      });
      expect(anaWrites.statusCode).toBe(400);
      expect(anaWrites.json<ApiError>().error.message).toBe(MESSAGES.safety.unblockToMessage);
      expect(await feedIds(ana)).not.toContain(bensPost);
      expect(await feedIds(ben)).not.toContain(anasPost);
      expect((await inject('GET', `/api/posts/${bensPost}`, ana)).statusCode).toBe(404);

      // Neither finds the other in search, Discover or suggestions.
      const found = async (viewer: SignedUp, other: SignedUp) => {
        const search = await inject(
          'GET',
          `/api/people/search?q=${encodeURIComponent(other.input.username)}`,
          viewer,
        );
        const discover = await inject(
          'GET',
          `/api/people/discover?q=${encodeURIComponent(other.input.username)}`,
          viewer,
        );
        const suggestions = await inject('GET', '/api/people/suggestions', viewer);
        return [
          search.json<ProfileSummary[]>().some((p) => p.id === other.session.profile.id),
          discover.json<ProfileCardPage>().items.some((p) => p.id === other.session.profile.id),
          suggestions.json<ProfileSummary[]>().some((p) => p.id === other.session.profile.id),
        ];
      };
      expect(await found(ana, ben)).toEqual([false, false, false]);
      expect(await found(ben, ana)).toEqual([false, false, false]);

      // Unblocked: all as before, except the follows, which stay ended.
      expect((await block(ana, ben, false)).json()).toEqual({ blocking: false });
      expect((await profile(ben, ana)).statusCode).toBe(200);
      expect((await inject('PUT', `/api/posts/${anasPost}/like`, ben)).statusCode).toBe(200);
      expect(await feedIds(ana)).toContain(bensPost);
      expect((await found(ben, ana))[0]).toBe(true);
      expect((await profile(ana, ben)).json<ProfileDetail>().isFollowing).toBe(false);
    });

    it('keeps a blocked member from applying to the blocker’s offers and from notifying them', async () => {
      const club = await verifiedClub();
      const offer = await postOffer(club);
      const athlete = await signUp(context());
      const clubsPost = await post(club, 'Trials next week');
      await inject('PUT', `/api/posts/${clubsPost}/like`, athlete);
      expect(await likeNotices(club)).toHaveLength(1);

      const blockedNow = await block(club, athlete);
      expect(blockedNow.statusCode, blockedNow.body).toBe(200);
      // The unread entry the blocked member made is gone with the block.
      expect(await likeNotices(club), JSON.stringify(await likeNotices(club))).toHaveLength(0);
      expect((await apply(athlete, offer.id)).statusCode).toBe(404);
      // The offer is gone for them: not in the list, and its page is a 404.
      expect((await inject('GET', `/api/offers/${offer.id}`, athlete)).statusCode).toBe(404);
      const listed = (await inject('GET', '/api/offers', athlete)).json<{
        items: { id: string }[];
      }>();
      expect(listed.items.map((item) => item.id)).not.toContain(offer.id);
      expect((await inject('GET', `/api/offers/${offer.id}`, club)).statusCode).toBe(200);
      // A mention from them notifies nobody either.
      await post(athlete, `Hello @${club.input.username}`);
      const mentions = (await inject('GET', '/api/notifications', club))
        .json<NotificationPage>()
        .items.filter((item) => item.kind === 'mention');
      expect(mentions).toEqual([]);
    });

    it('mutes quietly: the muted member’s posts and notices disappear for the muter only', async () => {
      const mia = await signUp(context());
      const max = await signUp(context());
      await follow(context(), max, mia.input.username);
      const miasPost = await post(mia, 'Mia posts');
      const maxsPost = await post(max, 'Max posts');
      await inject('POST', `/api/posts/${miasPost}/comments`, max, { content: 'Great' });
      expect(await likeNotices(mia)).toHaveLength(1);

      expect((await mute(mia, max)).json()).toEqual({ muting: true });
      expect(await feedIds(mia)).not.toContain(maxsPost);
      // Max notices nothing: he sees Mia, her post, and may like it, which tells her nothing.
      expect(await feedIds(max)).toContain(miasPost);
      expect((await profile(max, mia)).json<ProfileDetail>().isFollowing).toBe(true);
      expect((await inject('PUT', `/api/posts/${miasPost}/like`, max)).statusCode).toBe(200);
      expect(await likeNotices(mia)).toEqual([]);
      expect((await profile(mia, max)).json<ProfileDetail>().muting).toBe(true);

      expect((await mute(mia, max, false)).json()).toEqual({ muting: false });
      expect(await feedIds(mia)).toContain(maxsPost);
    });

    it('lists whom one blocked and muted, newest first, in pages', async () => {
      const owner = await signUp(context());
      const others = [];
      for (let n = 0; n < 3; n += 1) others.push(await signUp(context()));
      for (const other of others) await block(owner, other);
      await mute(owner, others[0]!);

      const first = await inject('GET', '/api/me/blocked?limit=2', owner);
      expect(first.statusCode, first.body).toBe(200);
      const page = first.json<RestrictedProfilePage>();
      expect(page.items.map((item) => item.username)).toEqual([
        others[2]!.input.username,
        others[1]!.input.username,
      ]);
      const rest = await inject(
        'GET',
        `/api/me/blocked?limit=2&cursor=${encodeURIComponent(page.nextCursor!)}`,
        owner,
      );
      expect(rest.json<RestrictedProfilePage>()).toEqual({
        items: [expect.objectContaining({ username: others[0]!.input.username })],
        nextCursor: null,
      });
      const muted = await inject('GET', '/api/me/muted', owner);
      expect(muted.json<RestrictedProfilePage>().items.map((item) => item.username)).toEqual([
        others[0]!.input.username,
      ]);
      // The Settings page's one request carries both first pages.
      const settings = await inject('GET', '/api/me/settings', owner);
      expect(settings.statusCode, settings.body).toBe(200);
      const whole = settings.json<{
        blocked: RestrictedProfilePage;
        muted: RestrictedProfilePage;
      }>();
      expect(whole.blocked.items).toHaveLength(3);
      expect(whole.muted).toEqual(muted.json<RestrictedProfilePage>());
    });

    it('refuses oneself, someone who does not exist, and visitors, changing nothing', async () => {
      const member = await signUp(context());
      const self = await block(member, member);
      expect(self.statusCode).toBe(400);
      expect(self.json<ApiError>().error.message).toBe(MESSAGES.safety.cannotBlockSelf);
      const selfMute = await mute(member, member);
      expect(selfMute.json<ApiError>().error.message).toBe(MESSAGES.safety.cannotMuteSelf);
      expect((await inject('PUT', '/api/profiles/nobody_here_123/block', member)).statusCode).toBe(
        404,
      );
      expect(
        (await inject('PUT', `/api/profiles/${member.input.username}/block`, null)).statusCode,
      ).toBe(401);
      expect((await inject('GET', '/api/me/blocked', member)).json()).toEqual({
        items: [],
        nextCursor: null,
      });
    });
  },
  OFFERS_CONFIG,
);
