import { cvSchema } from '@arena/shared/cv.schema';
import type {
  AthleteProfilePatch,
  AwardInput,
  CareerEntryInput,
  Cv,
  OpenToOffersInput,
} from '@arena/shared/cv.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import type { TokenSession } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';

export const cvKeys = {
  all: ['cv'] as const,
  detail: (username: string) => [...cvKeys.all, username.toLowerCase()] as const,
};

/** A profile's athlete CV. `enabled: false` holds the request while another one brings it. */
export function useCvQuery(username: string | null | undefined, { enabled = true } = {}) {
  const session = useSessionManager();
  return useQuery({
    queryKey: cvKeys.detail(username ?? ''),
    queryFn: () =>
      request(`/api/profiles/${encodeURIComponent(username ?? '')}/cv`, {
        session,
        schema: cvSchema,
      }),
    enabled: enabled && Boolean(username),
  });
}

/** What a CV change sends; every one answers with the whole CV. */
export type CvChange =
  | { kind: 'athlete'; patch: AthleteProfilePatch }
  | { kind: 'add-career'; entry: CareerEntryInput }
  | { kind: 'update-career'; id: string; entry: CareerEntryInput }
  | { kind: 'delete-career'; id: string }
  | { kind: 'add-award'; award: AwardInput }
  | { kind: 'update-award'; id: string; award: AwardInput }
  | { kind: 'delete-award'; id: string }
  | { kind: 'open-to-offers'; input: OpenToOffersInput }
  | { kind: 'close-open-to-offers' };

function sendCvChange(session: TokenSession, change: CvChange): Promise<Cv> {
  switch (change.kind) {
    case 'athlete':
      return request('/api/me/cv/athlete', {
        session,
        schema: cvSchema,
        method: 'PATCH',
        body: change.patch,
      });
    case 'add-career':
      return request('/api/me/cv/career', {
        session,
        schema: cvSchema,
        method: 'POST',
        body: change.entry,
      });
    case 'update-career':
      return request(`/api/me/cv/career/${change.id}`, {
        session,
        schema: cvSchema,
        method: 'PUT',
        body: change.entry,
      });
    case 'delete-career':
      return request(`/api/me/cv/career/${change.id}`, {
        session,
        schema: cvSchema,
        method: 'DELETE',
      });
    case 'add-award':
      return request('/api/me/cv/awards', {
        session,
        schema: cvSchema,
        method: 'POST',
        body: change.award,
      });
    case 'update-award':
      return request(`/api/me/cv/awards/${change.id}`, {
        session,
        schema: cvSchema,
        method: 'PUT',
        body: change.award,
      });
    case 'delete-award':
      return request(`/api/me/cv/awards/${change.id}`, {
        session,
        schema: cvSchema,
        method: 'DELETE',
      });
    case 'open-to-offers':
      return request('/api/me/open-to-offers', {
        session,
        schema: cvSchema,
        method: 'PUT',
        body: change.input,
      });
    case 'close-open-to-offers':
      return request('/api/me/open-to-offers', { session, schema: cvSchema, method: 'DELETE' });
  }
}

/** Changes the signed-in user's CV; the answer replaces the cached CV (and its fill rate). */
export function useCvMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  return useMutation({
    mutationFn: (change: CvChange) => sendCvChange(session, change),
    onSuccess: (cv) => {
      if (me) queryClient.setQueryData(cvKeys.detail(me.profile.username), cv);
    },
  });
}
