import { randomBytes } from 'node:crypto';

import { AVATAR_WIDTHS, avatarKey, hasAvatarVariants } from '@arena/shared/image-variants';
import type { ProfileDetail, Visibility } from '@arena/shared/profile.schema';
import { PROFILE_VIEW_WINDOW_MS, LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import type { updateProfileSchema } from '@arena/shared/profile.schema';
import type { z } from 'zod';

import { uniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { putImageSet, removeWithVariants } from '../media/image-files.ts';
import {
  NotAnImageError,
  TooManyPixelsError,
  UnreadableImageError,
  makeImageSet,
} from '../media/images.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { type FileStorage, isValidKey } from '../storage/file-storage.ts';
import type { ProfilesRepository } from './profiles.repository.ts';

export type ProfilesService = ReturnType<typeof createProfilesService>;

const AVATAR_SIDE = 512;
const AVATARS_PREFIX = '/files/avatars/';

/**
 * The storage key behind an avatar URL this user's uploads made, whether versioned
 * (`{user}/avatar-{version}.webp`) or older (`{user}/avatar.webp?v=…`); null for anything else.
 */
export function ownAvatarKey(url: string | null, userId: string): string | null {
  if (!url?.startsWith(`${AVATARS_PREFIX}${userId}/`)) return null;
  const key = url.slice(AVATARS_PREFIX.length).split('?')[0] ?? '';
  return isValidKey(key) ? key : null;
}
const DAY_MS = 24 * 60 * 60 * 1000;

export function createProfilesService(
  repo: ProfilesRepository,
  storage: FileStorage,
  bus: EventBus,
) {
  const changed = (profileId: string) =>
    bus.publish({ type: 'profile.updated', topic: `profile:${profileId}`, profileId });

  async function detail(username: string, viewer: AuthContext | null): Promise<ProfileDetail> {
    const row = await repo.findByUsername(username, viewer?.profileId ?? null);
    if (!row) throw new AppError('not_found', MESSAGES.profileNotFound);
    const isOwn = viewer?.profileId === row.id;
    return {
      id: row.id,
      username: row.username,
      fullName: row.fullName,
      avatarUrl: row.avatarUrl,
      verified: row.verified,
      userType: row.userType,
      bio: row.bio,
      createdAt: row.createdAt.toISOString(),
      followersCount: row.followersCount,
      followingCount: row.followingCount,
      isOwn,
      isFollowing: row.isFollowing,
      blocking: row.blocking,
      muting: row.muting,
      profileViews: isOwn ? row.profileViews : null,
      highlightsCount: row.highlightsCount,
    };
  }

  return {
    detail,

    async update(
      auth: AuthContext,
      input: z.output<typeof updateProfileSchema>,
    ): Promise<ProfileDetail> {
      if (await repo.usernameTakenByOther(input.username, auth.profileId)) {
        throw new AppError('conflict', MESSAGES.auth.usernameTaken);
      }
      try {
        await repo.update(auth.profileId, input);
      } catch (error) {
        if (uniqueViolation(error) === 'profiles_username_lower_key') {
          throw new AppError('conflict', MESSAGES.auth.usernameTaken);
        }
        throw error;
      }
      await changed(auth.profileId);
      return detail(input.username, auth);
    },

    /**
     * Re-encodes the picture (upright, metadata stripped, 512 px square) and stores it with its
     * display sizes under a new name, then deletes the picture it replaces.
     */
    async setAvatar(auth: AuthContext, bytes: Buffer): Promise<string> {
      if (bytes.length > LIMITS.avatarBytes)
        throw new AppError('payload_too_large', MESSAGES.profile.avatarTooLarge);
      let image;
      try {
        image = await makeImageSet(
          bytes,
          { width: AVATAR_SIDE, height: AVATAR_SIDE, mode: 'cover' },
          AVATAR_WIDTHS,
        );
      } catch (error) {
        if (error instanceof NotAnImageError) {
          throw new AppError('unsupported_media_type', MESSAGES.profile.avatarNotImage);
        }
        if (error instanceof TooManyPixelsError) {
          throw new AppError('bad_request', MESSAGES.imageTooManyPixels);
        }
        if (error instanceof UnreadableImageError)
          throw new AppError('bad_request', MESSAGES.profile.imageFailed);
        throw error;
      }
      // A new name for each picture: it shows at once, and each name's content never changes.
      const version = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
      const key = avatarKey(auth.userId, version);
      await putImageSet(storage, 'avatars', key, image);
      const url = `${AVATARS_PREFIX}${key}`;
      let previous: string | null;
      try {
        previous = await repo.replaceAvatarUrl(auth.profileId, url);
      } catch (error) {
        await removeWithVariants(storage, 'avatars', key, AVATAR_WIDTHS);
        throw error;
      }
      const previousKey = ownAvatarKey(previous, auth.userId);
      if (previousKey) {
        await removeWithVariants(
          storage,
          'avatars',
          previousKey,
          hasAvatarVariants(`${AVATARS_PREFIX}${previousKey}`) ? AVATAR_WIDTHS : [],
        );
      }
      await changed(auth.profileId);
      return url;
    },

    /** Counts a signed-in visit to someone else's profile, at most once per viewer per hour. */
    async recordView(username: string, viewer: AuthContext): Promise<boolean> {
      const target = await repo.findIdByUsername(username);
      if (!target) throw new AppError('not_found', MESSAGES.profileNotFound);
      if (target.id === viewer.profileId) return false;
      return repo.recordView(
        target.id,
        viewer.profileId,
        new Date(Date.now() - PROFILE_VIEW_WINDOW_MS),
      );
    },

    async visibility(auth: AuthContext): Promise<Visibility> {
      const now = Date.now();
      const [totalViews, last7Days, previous7Days] = await Promise.all([
        repo.totalViews(auth.profileId),
        repo.viewsBetween(auth.profileId, new Date(now - 7 * DAY_MS), new Date(now)),
        repo.viewsBetween(auth.profileId, new Date(now - 14 * DAY_MS), new Date(now - 7 * DAY_MS)),
      ]);
      const growthPercent =
        previous7Days === 0
          ? null
          : Math.round(((last7Days - previous7Days) / previous7Days) * 100);
      return { totalViews, last7Days, previous7Days, growthPercent };
    },
  };
}
