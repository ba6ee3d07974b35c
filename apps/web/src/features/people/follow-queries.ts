import { MESSAGES } from '@arena/shared/messages';
import { PAGE_SIZE } from '@arena/shared/limits';
import { followResultSchema, profileCardPageSchema } from '@arena/shared/profile.schema';
import type { ProfileCard, ProfileCardPage, ProfileDetail } from '@arena/shared/profile.schema';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';

import { ApiRequestError } from '../../lib/http/api-error.ts';
import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { setFollowingAuthorInCache } from '../posts/post-queries.ts';
import { profileKeys } from '../profile/profile-queries.ts';
import { peopleKeys } from './people-queries.ts';

export type FollowSide = 'followers' | 'following';

const followKeys = {
  all: ['follows'] as const,
  list: (username: string, side: FollowSide) =>
    [...followKeys.all, username.toLowerCase(), side] as const,
};

const FOLLOW_MUTATION_KEY = ['follow'] as const;

const profilePath = (username: string) => `/api/profiles/${encodeURIComponent(username)}`;

/** Who follows a profile, or whom it follows: pages of cards by cursor. */
export function useFollowListQuery(username: string, side: FollowSide, enabled = true) {
  const session = useSessionManager();
  return useInfiniteQuery({
    queryKey: followKeys.list(username, side),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return request(`${profilePath(username)}/${side}?${params.toString()}`, {
        session,
        schema: profileCardPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

export interface FollowVariables {
  username: string;
  follow: boolean;
}

type Snapshot = [QueryKey, unknown][];

/** The server's reason when it refused (4xx); 'Failed to update follow' for anything else. */
function followErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    return error.message;
  }
  return MESSAGES.profile.followFailed;
}

const sameUser = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function flipCards(items: ProfileCard[], username: string, follow: boolean): ProfileCard[] {
  return items.map((card) =>
    sameUser(card.username, username) ? { ...card, isFollowing: follow } : card,
  );
}

function flipPages(
  data: InfiniteData<ProfileCardPage> | undefined,
  username: string,
  follow: boolean,
) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: flipCards(page.items, username, follow) })),
  };
}

/** Did the viewer follow `username` before this toggle, as far as the cache knows? */
function wasFollowing(queryClient: QueryClient, username: string, follow: boolean): boolean {
  const detail = queryClient.getQueryData<ProfileDetail>(profileKeys.detail(username));
  if (detail) return detail.isFollowing;
  const suggestions = queryClient.getQueryData<ProfileCard[]>(peopleKeys.suggestions());
  const card = suggestions?.find((item) => sameUser(item.username, username));
  return card ? card.isFollowing : !follow;
}

/**
 * Follow or unfollow at once in every cached place (the profile, Discover, suggestions, follower
 * lists, your own following count), then confirm with the server. On failure every cache goes
 * back as it was and a toast shows the server's message or 'Failed to update follow'.
 * Visitors cannot follow: callers gate the action first (features/posts/use-sign-in-gate.ts).
 */
export function useFollowMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  return useMutation({
    mutationKey: FOLLOW_MUTATION_KEY,
    mutationFn: ({ username, follow }: FollowVariables) =>
      request(`${profilePath(username)}/follow`, {
        session,
        schema: followResultSchema,
        method: follow ? 'PUT' : 'DELETE',
      }),
    onMutate: async (variables) => {
      const { username, follow } = variables;
      const prefixes = [profileKeys.details(), peopleKeys.all, followKeys.all];
      await Promise.all(prefixes.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const snapshot: Snapshot = prefixes.flatMap((queryKey) =>
        queryClient.getQueriesData({ queryKey }),
      );
      const changed = wasFollowing(queryClient, username, follow) !== follow;
      const delta = changed ? (follow ? 1 : -1) : 0;

      queryClient.setQueryData<ProfileDetail>(profileKeys.detail(username), (detail) =>
        detail
          ? { ...detail, isFollowing: follow, followersCount: detail.followersCount + delta }
          : detail,
      );
      if (me) {
        queryClient.setQueryData<ProfileDetail>(profileKeys.detail(me.profile.username), (own) =>
          own ? { ...own, followingCount: own.followingCount + delta } : own,
        );
      }
      queryClient.setQueryData<ProfileCard[]>(peopleKeys.suggestions(), (cards) =>
        cards ? flipCards(cards, username, follow) : cards,
      );
      for (const queryKey of [peopleKeys.discoverAll(), followKeys.all]) {
        queryClient.setQueriesData<InfiniteData<ProfileCardPage>>({ queryKey }, (data) =>
          flipPages(data, username, follow),
        );
      }
      // Every cached post by that author shows the change too.
      const undoPosts = setFollowingAuthorInCache(queryClient, username, follow);
      return { snapshot, undoPosts };
    },
    onError: (error, _variables, context) => {
      for (const [queryKey, data] of context?.snapshot ?? [])
        queryClient.setQueryData(queryKey, data);
      context?.undoPosts();
      toast.error(followErrorMessage(error));
    },
    onSuccess: (result, { username }) => {
      queryClient.setQueryData<ProfileDetail>(profileKeys.detail(username), (detail) =>
        detail
          ? { ...detail, isFollowing: result.following, followersCount: result.followersCount }
          : detail,
      );
    },
    onSettled: async (_result, _error, { username }) => {
      // While another toggle is in flight, a refetch could show the state between the two.
      if (queryClient.isMutating({ mutationKey: FOLLOW_MUTATION_KEY }) > 1) return;
      // Lists are only marked stale: one open on screen keeps the person (now with Follow)
      // rather than losing them under the pointer; it is fresh the next time it opens.
      const stale = { refetchType: 'none' } as const;
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: followKeys.list(username, 'followers'),
          ...stale,
        }),
        me
          ? queryClient.invalidateQueries({
              queryKey: followKeys.list(me.profile.username, 'following'),
              ...stale,
            })
          : null,
        me
          ? queryClient.invalidateQueries({ queryKey: profileKeys.detail(me.profile.username) })
          : null,
      ]);
    },
  });
}
