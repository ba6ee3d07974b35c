import type { Session, SessionUser } from '@arena/shared/auth.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { request } from '../http/request.ts';
import { useAuth, useSessionManager } from './session-context.tsx';
import type { SignInValues, SignUpValues } from './session-state.ts';

/** Loaded with the request, not with the page (see `request`). */
const sessionUserSchema = () =>
  import('@arena/shared/auth.schema').then((m) => m.sessionUserSchema);

export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
};

function toSessionUser({ user, profile, roles }: Session): SessionUser {
  return { user, profile, roles };
}

/**
 * Who is signed in, as the server sees it now. Seeded from every new session (sign-in, refresh)
 * and re-read when stale, so a verification or role granted meanwhile shows up.
 */
function useSessionQuery() {
  const session = useSessionManager();
  const auth = useAuth();
  return useQuery({
    queryKey: authKeys.session(),
    queryFn: () => request('/api/auth/session', { session, schema: sessionUserSchema }),
    enabled: auth.status === 'signed-in',
    // The session in hand is what the server just said (a session restored before the app ran
    // is not seen by useSessionCacheSync): fresh for `staleTime` from now.
    initialData: () => (auth.status === 'signed-in' ? toSessionUser(auth.session) : undefined),
    staleTime: 60_000,
  });
}

/** The signed-in user, freshest copy first; null when signed out or still loading. */
export function useCurrentUser(): SessionUser | null {
  const auth = useAuth();
  const { data } = useSessionQuery();
  if (auth.status !== 'signed-in') return null;
  return data ?? toSessionUser(auth.session);
}

/**
 * The signed-in member's profile id, or null: for what depends on whose it is only (one's own
 * post), without a query observer per caller as `useCurrentUser` has.
 */
export function useMyProfileId(): string | null {
  const auth = useAuth();
  return auth.status === 'signed-in' ? auth.session.profile.id : null;
}

/** Keeps the query cache in step with the session: seeded on sign-in, emptied on sign-out. */
export function useSessionCacheSync(): void {
  const manager = useSessionManager();
  const queryClient = useQueryClient();
  useEffect(() => {
    let previous = manager.getState().status;
    return manager.subscribe(() => {
      const state = manager.getState();
      const left = previous === 'signed-in' && state.status !== 'signed-in';
      previous = state.status;
      if (state.status === 'signed-in') {
        queryClient.setQueryData(authKeys.session(), toSessionUser(state.session));
      } else if (state.status === 'signed-out' || left) {
        // Nothing fetched for the previous user (or before a second step became due) may show.
        queryClient.clear();
      }
    });
  }, [manager, queryClient]);
}

export function useSignInMutation() {
  const manager = useSessionManager();
  return useMutation({ mutationFn: (values: SignInValues) => manager.signIn(values) });
}

export function useSignUpMutation() {
  const manager = useSessionManager();
  return useMutation({ mutationFn: (values: SignUpValues) => manager.signUp(values) });
}

/** Revokes the session, clears both remember flags and the query cache, and goes to '/'. */
export function useSignOutMutation() {
  const manager = useSessionManager();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => manager.signOut(),
    onSettled: () => navigate('/', { replace: true }),
  });
}
