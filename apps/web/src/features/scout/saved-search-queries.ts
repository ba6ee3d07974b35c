import {
  type CreateSavedSearch,
  type SavedSearch,
  type SavedSearchList,
  savedSearchListSchema,
  savedSearchSchema,
  type UpdateSavedSearch,
} from '@arena/shared/scout.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';

const savedKeys = { list: ['scout', 'saved-searches'] as const };
const path = '/api/scout/saved-searches';

/** The scout's saved searches, newest first (20 at most: one request). */
export function useSavedSearchesQuery() {
  const session = useSessionManager();
  return useQuery({
    queryKey: savedKeys.list,
    queryFn: ({ signal }) => request(path, { session, schema: savedSearchListSchema, signal }),
  });
}

/** The list with `change` applied, kept newest first. */
function edit(list: SavedSearchList | undefined, change: (items: SavedSearch[]) => SavedSearch[]) {
  return list ? { items: change(list.items) } : list;
}

export function useSaveSearch() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSavedSearch) =>
      request(path, { session, method: 'POST', body: input, schema: savedSearchSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedSearchList>(savedKeys.list, (list) =>
        edit(list, (items) =>
          [saved, ...items.filter((item) => item.id !== saved.id)].sort((a, b) =>
            b.createdAt.localeCompare(a.createdAt),
          ),
        ),
      );
    },
  });
}

export function useUpdateSavedSearch() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateSavedSearch }) =>
      request(`${path}/${id}`, {
        session,
        method: 'PATCH',
        body: change,
        schema: savedSearchSchema,
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData<SavedSearchList>(savedKeys.list, (list) =>
        edit(list, (items) => items.map((item) => (item.id === updated.id ? updated : item))),
      );
    },
  });
}

export function useDeleteSavedSearch() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (search: SavedSearch) => {
      await request(`${path}/${search.id}`, { session, method: 'DELETE' });
      return search;
    },
    onSuccess: (gone) => {
      queryClient.setQueryData<SavedSearchList>(savedKeys.list, (list) =>
        edit(list, (items) => items.filter((item) => item.id !== gone.id)),
      );
    },
  });
}
