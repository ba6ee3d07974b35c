import { MESSAGES } from '@arena/shared/messages';
import type { BlockResult, MuteResult, RestrictedProfilePage } from '@arena/shared/safety.schema';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { ProfilesRepository } from '../profiles/profiles.repository.ts';
import type { SafetyRepository } from './safety.repository.ts';

export type SafetyService = ReturnType<typeof createSafetyService>;

/** Blocking and muting another member, and the lists of those one blocked or muted. */
export function createSafetyService(repo: SafetyRepository, profiles: ProfilesRepository) {
  /** The other member's profile id; 404 for no such member (or one who blocked the caller). */
  async function other(auth: AuthContext, username: string, self: string): Promise<string> {
    const found = await profiles.findIdByUsername(username);
    if (!found) throw new AppError('not_found', MESSAGES.profileNotFound);
    if (found.id === auth.profileId) throw new AppError('bad_request', self);
    return found.id;
  }

  async function page(
    list: SafetyRepository['blocked'],
    auth: AuthContext,
    cursor: string | undefined,
    limit: number,
  ): Promise<RestrictedProfilePage> {
    const rows = await list(auth.profileId, decodeCursor(cursor), limit);
    const { items, nextCursor } = pageOf(rows, limit, (row) => ({
      createdAt: row.since,
      id: row.rowId,
    }));
    return {
      items: items.map(({ rowId: _rowId, since, ...profile }) => ({
        ...profile,
        since: since.toISOString(),
      })),
      nextCursor,
    };
  }

  return {
    async setBlocking(auth: AuthContext, username: string, on: boolean): Promise<BlockResult> {
      const id = await other(auth, username, MESSAGES.safety.cannotBlockSelf);
      if (on) await repo.block(auth.profileId, id);
      else await repo.unblock(auth.profileId, id);
      return { blocking: on };
    },

    async setMuting(auth: AuthContext, username: string, on: boolean): Promise<MuteResult> {
      const id = await other(auth, username, MESSAGES.safety.cannotMuteSelf);
      if (on) await repo.mute(auth.profileId, id);
      else await repo.unmute(auth.profileId, id);
      return { muting: on };
    },

    /** Of these members, those who must not hear of `authorId`'s new posts and comments live. */
    hidingFrom: (viewerIds: readonly string[], authorId: string) =>
      repo.hidingFrom(viewerIds, authorId),

    blocked: (auth: AuthContext, cursor: string | undefined, limit: number) =>
      page(repo.blocked, auth, cursor, limit),
    muted: (auth: AuthContext, cursor: string | undefined, limit: number) =>
      page(repo.muted, auth, cursor, limit),
  };
}
