import type { SessionUser } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';
import {
  avatarResultSchema,
  profileDetailSchema,
  visibilitySchema,
} from '@arena/shared/profile.schema';
import type { ProfileDetail, UpdateProfileInput } from '@arena/shared/profile.schema';
import { profilePageSchema } from '@arena/shared/screens.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { request } from '../../lib/http/request.ts';
import type { TokenSession } from '../../lib/http/request.ts';
import { useRealtime } from '../../lib/realtime/use-realtime.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { authKeys, useCurrentUser } from '../../lib/session/session-queries.ts';
import { cvKeys } from '../cv/cv-queries.ts';
import { organizationKeys } from './organization-queries.ts';

/** Usernames match case-insensitively on the server, so the cache keys them in lower case. */
export const profileKeys = {
  all: ['profiles'] as const,
  details: () => [...profileKeys.all, 'detail'] as const,
  detail: (username: string) => [...profileKeys.details(), username.toLowerCase()] as const,
  visibility: () => [...profileKeys.all, 'visibility'] as const,
};

const profilePath = (username: string) => `/api/profiles/${encodeURIComponent(username)}`;

/**
 * A profile; its athlete CV (players) or organisation profile (clubs, agents, coaches) comes in
 * the same response and goes to its own cache entry.
 */
export function useProfileQuery(username: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: profileKeys.detail(username),
    queryFn: async ({ signal }): Promise<ProfileDetail> => {
      const { cv, organization, ...detail } = await request(profilePath(username), {
        session,
        schema: profilePageSchema,
        signal,
      });
      if (cv) queryClient.setQueryData(cvKeys.detail(username), cv);
      if (organization) queryClient.setQueryData(organizationKeys.detail(username), organization);
      return detail;
    },
  });
}

/**
 * Keeps an open profile page live: when its owner changes the profile or the athlete CV
 * (from any device), the page's data is fetched again, as it is after a reconnect.
 */
export function useLiveProfile(profileId: string | undefined, username: string): void {
  const queryClient = useQueryClient();
  // The profile's response carries the CV too.
  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: profileKeys.detail(username) });
  useRealtime(
    profileId === undefined ? null : `profile:${profileId}`,
    (event) => {
      if (event.type === 'profile.updated') refetch();
    },
    refetch,
  );
}

/** Your profile views: total, and the last 7 days against the 7 before. */
export function useVisibilityQuery({ enabled = true } = {}) {
  const session = useSessionManager();
  return useQuery({
    queryKey: profileKeys.visibility(),
    queryFn: () => request('/api/me/visibility', { session, schema: visibilitySchema }),
    enabled,
  });
}

/** Counts a signed-in visit to someone else's profile (the server counts once per hour). */
export function useRecordViewMutation() {
  const session = useSessionManager();
  return useMutation({
    mutationFn: (username: string) =>
      request(`${profilePath(username)}/views`, {
        session,
        schema: z.object({ counted: z.boolean() }),
        method: 'POST',
      }),
  });
}

/** Writes the fields the session shares with the profile, so the navigation shows them at once. */
function patchSessionProfile(
  queryClient: QueryClient,
  patch: Partial<Pick<ProfileDetail, 'username' | 'fullName' | 'bio' | 'avatarUrl'>>,
): void {
  queryClient.setQueryData<SessionUser>(authKeys.session(), (current) =>
    current ? { ...current, profile: { ...current.profile, ...patch } } : current,
  );
}

export function useUpdateProfileMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const previousUsername = me?.profile.username;
  return useMutation({
    mutationFn: (values: UpdateProfileInput) =>
      request('/api/me/profile', {
        session,
        schema: profileDetailSchema,
        method: 'PATCH',
        body: values,
      }),
    onSuccess: async (profile) => {
      const { username, fullName, bio, avatarUrl } = profile;
      patchSessionProfile(queryClient, { username, fullName, bio, avatarUrl });
      // The old name now belongs to nobody (or, later, to someone else).
      if (previousUsername && previousUsername.toLowerCase() !== username.toLowerCase()) {
        queryClient.removeQueries({ queryKey: profileKeys.detail(previousUsername), exact: true });
      }
      queryClient.setQueryData(profileKeys.detail(username), profile);
      await Promise.all([
        // Name and bio count towards the CV and organisation fill rates.
        queryClient.invalidateQueries({ queryKey: cvKeys.all }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.session() }),
      ]);
    },
  });
}

/** `PUT /api/me/avatar` as multipart (field `file`), with the session's token. */
function uploadAvatar(session: TokenSession, file: Blob, filename: string) {
  const body = new FormData();
  body.append('file', file, filename);
  return request('/api/me/avatar', {
    session,
    schema: avatarResultSchema,
    method: 'PUT',
    body,
    failureMessages: { other: MESSAGES.profile.imageFailed },
  });
}

export function useUploadAvatarMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, filename }: { file: Blob; filename: string }) =>
      uploadAvatar(session, file, filename),
    onSuccess: async ({ avatarUrl }) => {
      patchSessionProfile(queryClient, { avatarUrl });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.details() }),
        // The avatar counts towards the CV and organisation fill rates.
        queryClient.invalidateQueries({ queryKey: cvKeys.all }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      ]);
    },
  });
}
