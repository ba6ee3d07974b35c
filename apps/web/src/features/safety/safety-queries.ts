import { PAGE_SIZE } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import type { ProfileDetail } from '@arena/shared/profile.schema';
import {
  blockResultSchema,
  muteResultSchema,
  restrictedProfilePageSchema,
} from '@arena/shared/safety.schema';
import type { RestrictedProfilePage } from '@arena/shared/safety.schema';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { postKeys, removeBlockedFromCache } from '../posts/post-queries.ts';
import { profileKeys } from '../profile/profile-queries.ts';

/** Settings → Blocked and muted: whom the viewer blocked, and whom they muted. */
export type RestrictionKind = 'blocked' | 'muted';

const safetyKeys = {
  all: ['safety'] as const,
  list: (kind: RestrictionKind) => [...safetyKeys.all, kind] as const,
};

const profilePath = (username: string) => `/api/profiles/${encodeURIComponent(username)}`;
const sameUser = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Fills both lists' first pages from the Settings page's one request (`GET /api/me/settings`). */
export function seedRestrictedLists(
  queryClient: QueryClient,
  lists: Record<RestrictionKind, RestrictedProfilePage>,
): void {
  for (const kind of ['blocked', 'muted'] as const) {
    queryClient.setQueryData<InfiniteData<RestrictedProfilePage, string | null>>(
      safetyKeys.list(kind),
      { pages: [lists[kind]], pageParams: [null] },
    );
  }
}

/**
 * The members the viewer blocked or muted, newest first, a page at a time. On /settings the page's
 * request brings the first pages: `enabled` waits for it.
 */
export function useRestrictedListQuery(kind: RestrictionKind, { enabled = true } = {}) {
  const session = useSessionManager();
  return useInfiniteQuery({
    enabled,
    queryKey: safetyKeys.list(kind),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return request(`/api/me/${kind}?${params.toString()}`, {
        session,
        schema: restrictedProfilePageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Takes someone off a cached list at once (the list is refetched the next time it opens). */
function dropFromList(queryClient: QueryClient, kind: RestrictionKind, username: string): void {
  queryClient.setQueryData<InfiniteData<RestrictedProfilePage>>(safetyKeys.list(kind), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((item) => !sameUser(item.username, username)),
          })),
        }
      : data,
  );
}

/**
 * What the screens show once the viewer blocked `username` (from a profile, a request or a
 * report): the profile says so, without Follow; the follows both ways ended (both profiles'
 * counts are fetched again); their posts leave every list, and a page of one of them open now
 * finds it gone; the Settings list is fresh the next time it opens.
 */
export async function blockedInCache(
  queryClient: QueryClient,
  username: string,
  me: string | null,
): Promise<void> {
  queryClient.setQueryData<ProfileDetail>(profileKeys.detail(username), (detail) =>
    detail ? { ...detail, blocking: true, isFollowing: false } : detail,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: safetyKeys.list('blocked'), refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: profileKeys.detail(username) }),
    me ? queryClient.invalidateQueries({ queryKey: profileKeys.detail(me) }) : null,
    removeBlockedFromCache(queryClient, username),
  ]);
}

interface BlockVariables {
  username: string;
  block: boolean;
}

/**
 * Block or unblock a member. Blocking ends the follows both ways, so the profile (its counts and
 * Follow) and your own are fetched again; the Settings list drops an unblocked member at once.
 */
export function useBlockMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  return useMutation({
    mutationFn: ({ username, block }: BlockVariables) =>
      request(`${profilePath(username)}/block`, {
        session,
        schema: blockResultSchema,
        method: block ? 'PUT' : 'DELETE',
      }),
    onSuccess: async ({ blocking }, { username }) => {
      toast.success(blocking ? MESSAGES.safety.blocked : MESSAGES.safety.unblocked);
      if (blocking) {
        await blockedInCache(queryClient, username, me?.profile.username ?? null);
        return;
      }
      queryClient.setQueryData<ProfileDetail>(profileKeys.detail(username), (detail) =>
        detail ? { ...detail, blocking } : detail,
      );
      dropFromList(queryClient, 'blocked', username);
      const stale = { refetchType: 'none' } as const;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: safetyKeys.list('blocked'), ...stale }),
        queryClient.invalidateQueries({ queryKey: profileKeys.detail(username) }),
        me
          ? queryClient.invalidateQueries({ queryKey: profileKeys.detail(me.profile.username) })
          : null,
        // Their posts come back to your feed.
        queryClient.invalidateQueries({ queryKey: postKeys.lists(), ...stale }),
      ]);
    },
    onError: () => toast.error(MESSAGES.safety.updateFailed),
  });
}

interface MuteVariables {
  username: string;
  mute: boolean;
}

/** Mute or unmute a member: their posts and notifications are hidden from you only. */
export function useMuteMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, mute }: MuteVariables) =>
      request(`${profilePath(username)}/mute`, {
        session,
        schema: muteResultSchema,
        method: mute ? 'PUT' : 'DELETE',
      }),
    onSuccess: async ({ muting }, { username }) => {
      toast.success(muting ? MESSAGES.safety.muted : MESSAGES.safety.unmuted);
      queryClient.setQueryData<ProfileDetail>(profileKeys.detail(username), (detail) =>
        detail ? { ...detail, muting } : detail,
      );
      if (!muting) dropFromList(queryClient, 'muted', username);
      const stale = { refetchType: 'none' } as const;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: safetyKeys.list('muted'), ...stale }),
        queryClient.invalidateQueries({ queryKey: postKeys.lists(), ...stale }),
      ]);
    },
    onError: () => toast.error(MESSAGES.safety.updateFailed),
  });
}
