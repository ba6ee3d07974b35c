import type { Sport } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';
import {
  feedPageSchema,
  likeResultSchema,
  postSchema,
  repostResultSchema,
} from '@arena/shared/post.schema';
import type { CreatePostInput, FeedItem, FeedPage, Post } from '@arena/shared/post.schema';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';

import { ApiRequestError } from '../../lib/http/api-error.ts';
import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';

export const postKeys = {
  all: ['posts'] as const,
  /** Every list of feed items (the feed per sport, each profile's posts): patched together. */
  lists: () => [...postKeys.all, 'list'] as const,
  feeds: () => [...postKeys.lists(), 'feed'] as const,
  feed: (sport: Sport | null) => [...postKeys.feeds(), sport ?? 'all'] as const,
  profile: (username: string) => [...postKeys.lists(), 'profile', username] as const,
  /** One post on its own page (`/posts/{id}`): patched with the lists. */
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
};

type FeedData = InfiniteData<FeedPage, string | null>;

/** `path` with the params that have a value as its query string. */
export function withCursor(
  path: string,
  params: Record<string, string | null | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The most pages a list of posts may hold and still be fetched afresh, page after page, when it
 * is shown again, the window regains focus or the connection returns. A longer list (a reader far
 * down the feed, back from a profile) is kept as it is, and the reader's place in it, unless it
 * was invalidated (a post of one's own): the feed looks at its first page aside instead and
 * offers what is new (`useNewFeedItems`).
 */
export const REFRESHED_PAGES_AT_MOST = 3;

/** Does this list hold more pages than are fetched afresh when it is shown again? */
export function holdsManyPages(data: { pages: readonly unknown[] } | undefined): boolean {
  return (data?.pages.length ?? 0) > REFRESHED_PAGES_AT_MOST;
}

const refreshedUnlessLong = (query: {
  state: { data?: { pages: readonly unknown[] } | undefined; isInvalidated: boolean };
}) => query.state.isInvalidated || !holdsManyPages(query.state.data);

/** How a list of posts is refreshed when shown again (see `REFRESHED_PAGES_AT_MOST`). */
export const refreshedWhenShown = {
  refetchOnMount: refreshedUnlessLong,
  refetchOnWindowFocus: refreshedUnlessLong,
  refetchOnReconnect: refreshedUnlessLong,
} as const;

/** One member's posts and reposts, newest first. */
export function useProfilePostsInfiniteQuery(username: string) {
  const session = useSessionManager();
  return useInfiniteQuery({
    queryKey: postKeys.profile(username),
    queryFn: ({ pageParam, signal }) =>
      request(
        withCursor(`/api/profiles/${encodeURIComponent(username)}/posts`, { cursor: pageParam }),
        { session, schema: feedPageSchema, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    ...refreshedWhenShown,
  });
}

/**
 * Rewrites every cached copy of a post (it can sit in several lists, twice in one, and on its
 * own page).
 */
function patchCachedPosts(
  queryClient: QueryClient,
  matches: (post: Post) => boolean,
  patch: (post: Post) => Post,
): void {
  queryClient.setQueriesData<Post>({ queryKey: postKeys.details() }, (post) =>
    post && matches(post) ? patch(post) : post,
  );
  queryClient.setQueriesData<FeedData>({ queryKey: postKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              matches(item.post) ? { ...item, post: patch(item.post) } : item,
            ),
          })),
        }
      : data,
  );
}

export function patchCachedPost(
  queryClient: QueryClient,
  postId: string,
  patch: (post: Post) => Post,
): void {
  patchCachedPosts(queryClient, (post) => post.id === postId, patch);
}

/**
 * A follow or unfollow, shown at once on every post by that author; returns how to undo it
 * (for `useFollowMutation`'s `onOptimisticUpdate`).
 */
export function setFollowingAuthorInCache(
  queryClient: QueryClient,
  username: string,
  following: boolean,
): () => void {
  const snapshot = queryClient.getQueriesData<FeedData | Post>({ queryKey: postKeys.all });
  const name = username.toLowerCase();
  patchCachedPosts(
    queryClient,
    (post) => post.author.username.toLowerCase() === name,
    (post) => ({ ...post, followingAuthor: following }),
  );
  return () => {
    for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
  };
}

function dropFromLists(queryClient: QueryClient, drop: (item: FeedItem) => boolean): void {
  queryClient.setQueriesData<FeedData>({ queryKey: postKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((item) => !drop(item)),
          })),
        }
      : data,
  );
}

/** Takes a deleted post out of every cached list (the author's delete, or the realtime news). */
export function removeCachedPost(queryClient: QueryClient, postId: string): void {
  dropFromLists(queryClient, (item) => item.post.id === postId);
}

/**
 * A member the viewer just blocked: their posts and reposts leave every cached list at once, and
 * a page of one of their posts open now is fetched again (it no longer exists for the viewer).
 */
export async function removeBlockedFromCache(
  queryClient: QueryClient,
  username: string,
): Promise<void> {
  const name = username.toLowerCase();
  const theirs = (summary: { username: string } | null) => summary?.username.toLowerCase() === name;
  dropFromLists(queryClient, (item) => theirs(item.post.author) || theirs(item.repostedBy));
  await queryClient.invalidateQueries({
    queryKey: postKeys.details(),
    predicate: (query) => theirs((query.state.data as Post | undefined)?.author ?? null),
  });
}

export function useCreatePostMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  return useMutation({
    mutationFn: (input: CreatePostInput) =>
      request('/api/posts', { session, schema: postSchema, method: 'POST', body: input }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.feeds() }),
        me
          ? queryClient.invalidateQueries({ queryKey: postKeys.profile(me.profile.username) })
          : null,
      ]);
    },
  });
}

export function useDeletePostMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => request(`/api/posts/${postId}`, { session, method: 'DELETE' }),
    onSuccess: (_, postId) => {
      removeCachedPost(queryClient, postId);
      toast.success(MESSAGES.post.deleted);
    },
    onError: (error) => toast.error(errorMessage(error, MESSAGES.post.deleteFailed)),
  });
}

/**
 * The server's words when it refused for a reason it gave (spec section 8: 'message or …');
 * the screen's own words for a crash or a lost connection.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  return error.code === 'internal' || error.code === 'network_error' ? fallback : error.message;
}

interface ToggleVariables {
  postId: string;
  on: boolean;
}

type Snapshot = [QueryKey, FeedData | Post | undefined][];

/**
 * A toggle on a post (like, repost): the cached post changes at once, the server's answer then
 * sets the exact count, and a failure puts every list back as it was, with a toast. Toggles of
 * one post run one after the other, so a double click cannot race itself.
 */
function usePostToggleMutation<Result>(options: {
  name: 'like' | 'repost';
  request: (variables: ToggleVariables) => Promise<Result>;
  optimistic: (post: Post, on: boolean) => Post;
  settle: (post: Post, result: Result) => Post;
  failMessage: string;
  onSuccess?: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation<Result, unknown, ToggleVariables, { snapshot: Snapshot }>({
    mutationFn: options.request,
    scope: { id: options.name },
    onMutate: async ({ postId, on }) => {
      await queryClient.cancelQueries({ queryKey: postKeys.all });
      const snapshot = queryClient.getQueriesData<FeedData | Post>({ queryKey: postKeys.all });
      patchCachedPost(queryClient, postId, (post) => options.optimistic(post, on));
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      toast.error(errorMessage(error, options.failMessage));
    },
    onSuccess: (result, { postId }) => {
      patchCachedPost(queryClient, postId, (post) => options.settle(post, result));
      options.onSuccess?.();
    },
  });
}

export function useLikeMutation() {
  const session = useSessionManager();
  return usePostToggleMutation({
    name: 'like',
    request: ({ postId, on }) =>
      request(`/api/posts/${postId}/like`, {
        session,
        schema: likeResultSchema,
        method: on ? 'PUT' : 'DELETE',
      }),
    optimistic: (post, on) =>
      post.likedByMe === on
        ? post
        : { ...post, likedByMe: on, likesCount: post.likesCount + (on ? 1 : -1) },
    settle: (post, { liked, likesCount }) => ({ ...post, likedByMe: liked, likesCount }),
    failMessage: MESSAGES.post.likeFailed,
  });
}

export function useRepostMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  return usePostToggleMutation({
    name: 'repost',
    request: ({ postId, on }) =>
      request(`/api/posts/${postId}/repost`, {
        session,
        schema: repostResultSchema,
        method: on ? 'PUT' : 'DELETE',
      }),
    optimistic: (post, on) =>
      post.repostedByMe === on
        ? post
        : { ...post, repostedByMe: on, repostsCount: post.repostsCount + (on ? 1 : -1) },
    settle: (post, { reposted, repostsCount }) => ({
      ...post,
      repostedByMe: reposted,
      repostsCount,
    }),
    failMessage: MESSAGES.post.repostFailed,
    // The reposter's own profile lists the repost; fetch it again when next shown.
    onSuccess: () => {
      if (me)
        void queryClient.invalidateQueries({
          queryKey: postKeys.profile(me.profile.username),
          refetchType: 'none',
        });
    },
  });
}
