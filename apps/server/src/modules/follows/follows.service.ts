import type { FollowResult, ProfileCardPage } from '@arena/shared/profile.schema';
import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { ProfilesRepository } from '../profiles/profiles.repository.ts';
import type { SafetyRepository } from '../safety/safety.repository.ts';
import type { FollowsRepository } from './follows.repository.ts';

export type FollowsService = ReturnType<typeof createFollowsService>;

export function createFollowsService(
  repo: FollowsRepository,
  profiles: ProfilesRepository,
  notifications?: Pick<NotificationsService, 'record' | 'withdraw' | 'announce'>,
  safety?: Pick<SafetyRepository, 'between'>,
  bus?: Pick<EventBus, 'publish'>,
) {
  async function target(username: string) {
    const found = await profiles.findIdByUsername(username);
    if (!found) throw new AppError('not_found', MESSAGES.profileNotFound);
    return found.id;
  }

  async function list(
    side: 'followers' | 'following',
    username: string,
    viewer: AuthContext | null,
    cursor: string | undefined,
    limit: number,
  ): Promise<ProfileCardPage> {
    const profileId = await target(username);
    const after = decodeCursor(cursor);
    const rows =
      side === 'followers'
        ? await repo.listFollowers(profileId, viewer?.profileId ?? null, after, limit)
        : await repo.listFollowing(profileId, viewer?.profileId ?? null, after, limit);
    const page = pageOf(rows, limit, (row) => ({ createdAt: row.followedAt, id: row.followId }));
    return {
      items: page.items.map(({ followId: _followId, followedAt: _followedAt, ...card }) => card),
      nextCursor: page.nextCursor,
    };
  }

  return {
    async setFollowing(
      viewer: AuthContext,
      username: string,
      following: boolean,
    ): Promise<FollowResult> {
      const profileId = await target(username);
      if (profileId === viewer.profileId)
        throw new AppError('bad_request', MESSAGES.profile.cannotFollowSelf);
      if (following && safety) {
        const blocks = await safety.between(viewer.profileId, profileId);
        // To a member they blocked, the profile does not exist; one's own block says so.
        if (blocks.blockedBy) throw new AppError('not_found', MESSAGES.profileNotFound);
        if (blocks.blocking) throw new AppError('bad_request', MESSAGES.safety.unblockToFollow);
      }
      const happening = {
        recipientId: profileId,
        kind: 'follow' as const,
        subjectId: null,
        actorId: viewer.profileId,
      };
      const { changed, told } = await repo.transaction(async (tx) => {
        if (following) {
          const added = await repo.follow(tx, viewer.profileId, profileId);
          return {
            changed: added,
            told: added ? await notifications?.record(tx, happening) : null,
          };
        }
        // An unfollow takes them out of the "started following you" they had not read yet.
        const ended = await repo.unfollow(tx, viewer.profileId, profileId);
        return {
          changed: ended,
          told: ended ? await notifications?.withdraw(tx, happening) : null,
        };
      });
      if (told) await notifications?.announce([told]);
      // The follower's open feeds start (or stop) hearing this member's new posts.
      if (changed) {
        await bus?.publish({
          type: 'follows.changed',
          topic: 'follows',
          followerId: viewer.profileId,
          followeeId: profileId,
          following,
        });
      }
      return { following, followersCount: await repo.followersCount(profileId) };
    },

    followers: (
      username: string,
      viewer: AuthContext | null,
      cursor: string | undefined,
      limit: number,
    ) => list('followers', username, viewer, cursor, limit),

    following: (
      username: string,
      viewer: AuthContext | null,
      cursor: string | undefined,
      limit: number,
    ) => list('following', username, viewer, cursor, limit),
  };
}
