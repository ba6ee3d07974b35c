import {
  myIdentitiesSchema,
  oidcLinkStartSchema,
  oidcPendingSignUpSchema,
  oidcProvidersSchema,
} from '@arena/shared/identity.schema';
import type { MyIdentities } from '@arena/shared/identity.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useAuth, useSessionManager } from '../../lib/session/session-context.tsx';
import type { OidcCompleteSignUpValues } from '../../lib/session/session-state.ts';
import { leaveApp } from './leave-app.ts';

export const identityKeys = {
  all: ['identities'] as const,
  providers: () => [...identityKeys.all, 'providers'] as const,
  mine: () => [...identityKeys.all, 'mine'] as const,
  pendingSignUp: () => [...identityKeys.all, 'pending-sign-up'] as const,
};

/**
 * The configured third-party sign-in providers (public; rarely changes). `enabled: false` while
 * the Settings page's own request may still bring them.
 */
export function useOidcProvidersQuery({ enabled = true } = {}) {
  const session = useSessionManager();
  return useQuery({
    queryKey: identityKeys.providers(),
    queryFn: () => request('/api/auth/oidc/providers', { session, schema: oidcProvidersSchema }),
    select: (data) => data.providers,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The signed-in member's linked providers, and whether they have a password. */
export function useMyIdentitiesQuery({ enabled = true } = {}) {
  const session = useSessionManager();
  return useQuery({
    queryKey: identityKeys.mine(),
    queryFn: () => request('/api/me/identities', { session, schema: myIdentitiesSchema }),
    enabled,
  });
}

/** Where the browser goes to sign in with `provider`; the server answers with a redirect. */
function oidcStartPath(provider: string, options: { remember: boolean; redirectTo: string }) {
  const query = new URLSearchParams({
    redirectTo: options.redirectTo,
    remember: String(options.remember),
  });
  return `/api/auth/oidc/${encodeURIComponent(provider)}/start?${query.toString()}`;
}

/** Leaves for the provider's sign-in page (a full navigation: the provider is another site). */
export function useStartOidcSignIn() {
  const manager = useSessionManager();
  return async (provider: string, options: { remember: boolean; redirectTo: string }) => {
    await manager.prepareRedirectSignIn(options.remember);
    leaveApp(oidcStartPath(provider, options));
  };
}

/**
 * Linking starts with the member's access token (a navigation cannot carry it): the server
 * records the flow and answers with the provider's URL, where the browser then goes.
 */
export function useLinkIdentityMutation() {
  const session = useSessionManager();
  return useMutation({
    mutationFn: async (provider: string) => {
      const { authorizationUrl } = await request(
        `/api/auth/oidc/${encodeURIComponent(provider)}/link`,
        { session, schema: oidcLinkStartSchema, method: 'POST' },
      );
      leaveApp(authorizationUrl);
    },
  });
}

/** Unlinks one identity; the list updates at once and is re-read either way. */
export function useUnlinkIdentityMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identityId: string) =>
      request(`/api/me/identities/${encodeURIComponent(identityId)}`, {
        session,
        method: 'DELETE',
      }),
    onSuccess: (_result, identityId) => {
      queryClient.setQueryData<MyIdentities>(identityKeys.mine(), (current) =>
        current
          ? {
              ...current,
              identities: current.identities.filter((identity) => identity.id !== identityId),
            }
          : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: identityKeys.mine() }),
  });
}

/**
 * The pending "Finish creating your account", from the sign-up cookie the provider's return set.
 * Read once the start-up session check is over (at once for a visitor; after the refresh when a
 * session is being restored): ending signed out empties the query cache, which would drop an
 * answer still on its way.
 */
export function usePendingOidcSignUpQuery() {
  const session = useSessionManager();
  const auth = useAuth();
  return useQuery({
    queryKey: identityKeys.pendingSignUp(),
    queryFn: () => request('/api/auth/oidc/sign-up', { session, schema: oidcPendingSignUpSchema }),
    enabled: auth.status !== 'loading',
    retry: false,
    staleTime: Infinity,
  });
}

export function useCompleteOidcSignUpMutation() {
  const manager = useSessionManager();
  return useMutation({
    mutationFn: ({ values, remember }: { values: OidcCompleteSignUpValues; remember: boolean }) =>
      manager.completeOidcSignUp(values, remember),
  });
}
