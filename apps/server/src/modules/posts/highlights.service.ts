import type { z } from 'zod';

import { MESSAGES } from '@arena/shared/messages';
import type { Highlights, setHighlightsSchema } from '@arena/shared/post.schema';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { ProfilesRepository } from '../profiles/profiles.repository.ts';
import type { HighlightsRepository } from './highlights.repository.ts';
import type { PostsService } from './posts.service.ts';

export type HighlightsService = ReturnType<typeof createHighlightsService>;

/**
 * A profile's Highlights: the member pins up to 6 of their own video posts (the schema holds the
 * number; only their own processed videos are taken). Each is shown as its post is to the viewer:
 * one hidden from them (a block, a mute) is left out.
 */
export function createHighlightsService(deps: {
  repo: HighlightsRepository;
  profiles: Pick<ProfilesRepository, 'findIdByUsername'>;
  posts: Pick<PostsService, 'view'>;
}) {
  const { repo } = deps;

  async function listOf(profileId: string, viewer: AuthContext | null): Promise<Highlights> {
    const ids = await repo.postIds(profileId);
    const items = await Promise.all(ids.map((id) => deps.posts.view(id, viewer).catch(() => null)));
    return { items: items.filter((post) => post !== null) };
  }

  return {
    async ofProfile(username: string, viewer: AuthContext | null): Promise<Highlights> {
      const found = await deps.profiles.findIdByUsername(username);
      if (!found) throw new AppError('not_found', MESSAGES.profileNotFound);
      return listOf(found.id, viewer);
    },

    async set(auth: AuthContext, input: z.output<typeof setHighlightsSchema>): Promise<Highlights> {
      const own = await repo.ownReadyVideos(auth.profileId, input.postIds);
      if (input.postIds.some((id) => !own.has(id)))
        throw new AppError('bad_request', MESSAGES.post.highlightNotVideo);
      await repo.replace(auth.profileId, input.postIds);
      return listOf(auth.profileId, auth);
    },
  };
}
