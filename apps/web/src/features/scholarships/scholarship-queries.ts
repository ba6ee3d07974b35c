import { scholarshipPageSchema, scholarshipSchema } from '@arena/shared/scholarship.schema';
import type { CreateScholarshipInput } from '@arena/shared/scholarship.schema';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useAuth, useSessionManager } from '../../lib/session/session-context.tsx';
import { offerKeys } from '../offers/offer-queries.ts';

export const scholarshipKeys = {
  all: ['scholarships'] as const,
  lists: () => [...scholarshipKeys.all, 'list'] as const,
  /** `appliedByMe` and `canManage` are the viewer's: each viewer's lists are cached apart. */
  list: (viewer: string | null, query: string) =>
    [...scholarshipKeys.lists(), viewer ?? 'visitor', query] as const,
  detail: (viewer: string | null, id: string) =>
    [...scholarshipKeys.all, 'detail', viewer ?? 'visitor', id] as const,
};

const scholarshipPath = (id: string) => `/api/scholarships/${encodeURIComponent(id)}`;

/** `/scholarships`: open scholarships for the filters (`query`, the API's query string), by page. */
export function useScholarshipsInfiniteQuery(query: string) {
  const session = useSessionManager();
  const auth = useAuth();
  return useInfiniteQuery({
    queryKey: scholarshipKeys.list(auth.session?.profile.id ?? null, query),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(query);
      if (pageParam) params.set('cursor', pageParam);
      const search = params.toString();
      return request(`/api/scholarships${search ? `?${search}` : ''}`, {
        session,
        schema: scholarshipPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: auth.status !== 'loading',
  });
}

/** One scholarship, for its page and its edit form. */
export function useScholarshipQuery(id: string) {
  const session = useSessionManager();
  const auth = useAuth();
  return useQuery({
    queryKey: scholarshipKeys.detail(auth.session?.profile.id ?? null, id),
    queryFn: ({ signal }) =>
      request(scholarshipPath(id), { session, schema: scholarshipSchema, signal }),
    enabled: auth.status !== 'loading',
    retry: false,
  });
}

/** Posts a scholarship, or saves one (`id`); open applicants hear of new terms. */
export function useSaveScholarshipMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreateScholarshipInput }) =>
      request(id ? scholarshipPath(id) : '/api/scholarships', {
        session,
        schema: scholarshipSchema,
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scholarshipKeys.all }),
  });
}

/** The poster's tools: close to new applications, open again, or delete with its applications. */
export function useScholarshipPosterMutation(id: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'close' | 'reopen' | 'delete') => {
      if (action === 'delete') {
        await request(scholarshipPath(id), { session, method: 'DELETE' });
        return;
      }
      await request(scholarshipPath(id), {
        session,
        schema: scholarshipSchema,
        method: 'PATCH',
        body: { closed: action === 'close' },
      });
    },
    onSuccess: (_answer, action) => {
      if (action === 'delete') {
        queryClient.removeQueries({
          queryKey: [...scholarshipKeys.all, 'detail'],
          predicate: (query) => query.queryKey.at(-1) === id,
        });
        // Its applications went with it.
        void queryClient.invalidateQueries({ queryKey: offerKeys.applications() });
        return queryClient.invalidateQueries({ queryKey: scholarshipKeys.lists() });
      }
      return queryClient.invalidateQueries({ queryKey: scholarshipKeys.all });
    },
  });
}
