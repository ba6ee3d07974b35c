import { LIMITS } from '@arena/shared/limits';
import type { ProfileCard, ProfileCardPage, ProfileSummary } from '@arena/shared/profile.schema';

import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { PeopleRepository } from './people.repository.ts';

export type PeopleService = ReturnType<typeof createPeopleService>;

export function createPeopleService(repo: PeopleRepository) {
  return {
    async discover(
      viewer: AuthContext,
      text: string | undefined,
      cursor: string | undefined,
      limit: number,
    ): Promise<ProfileCardPage> {
      const rows = await repo.discover(
        viewer.profileId,
        text || undefined,
        decodeCursor(cursor),
        limit,
      );
      const page = pageOf(rows, limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
      return {
        items: page.items.map(({ createdAt: _createdAt, ...card }) => card),
        nextCursor: page.nextCursor,
      };
    },

    search: (viewer: AuthContext, text: string): Promise<ProfileSummary[]> =>
      repo.search(text, LIMITS.searchResults, viewer.profileId),

    suggestions: (viewer: AuthContext): Promise<ProfileCard[]> =>
      repo.suggestions(viewer.profileId, LIMITS.suggestions),
  };
}
