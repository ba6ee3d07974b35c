import {
  auditPageSchema,
  moderationCasePageSchema,
  moderationCaseSchema,
} from '@arena/shared/moderation.schema';
import type {
  AppealDecisionInput,
  ModerationCaseSummary,
  ModerationDecisionInput,
} from '@arena/shared/moderation.schema';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { request } from '../../../lib/http/request.ts';
import { useSessionManager } from '../../../lib/session/session-context.tsx';

/** The queue's lists: open reports, open appeals, closed cases. */
export type QueueList = 'open' | 'appeals' | 'closed';

const moderationKeys = {
  all: ['moderation'] as const,
  cases: () => [...moderationKeys.all, 'cases'] as const,
  list: (list: QueueList) => [...moderationKeys.cases(), 'list', list] as const,
  detail: (id: string) => [...moderationKeys.cases(), 'detail', id] as const,
  audit: () => [...moderationKeys.all, 'audit'] as const,
};

/**
 * What each list asks for. `kind` is how the Appeals tab asks for appeals only (and Open for
 * reported items only); every page carries both tabs' counts.
 */
const LIST_QUERY: Record<QueueList, string> = {
  open: 'status=open&kind=reports',
  appeals: 'status=open&kind=appeal',
  closed: 'status=closed',
};
const LIST_KIND: Record<QueueList, ModerationCaseSummary['kind'] | null> = {
  open: 'reports',
  appeals: 'appeal',
  closed: null,
};

export function useCaseListQuery(list: QueueList, { enabled = true } = {}) {
  const session = useSessionManager();
  return useInfiniteQuery({
    enabled,
    queryKey: moderationKeys.list(list),
    queryFn: ({ pageParam, signal }) =>
      request(
        `/api/moderation/cases?${LIST_QUERY[list]}${
          pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''
        }`,
        { session, schema: moderationCasePageSchema, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A server that lists both kinds under `status=open` still fills each tab with its own.
    select: (data) => {
      const kind = LIST_KIND[list];
      if (!kind) return data;
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.filter((item) => item.kind === kind),
        })),
      };
    },
  });
}

/** One case with the item in context, its reports, the member's history and the notes. */
export function useCaseQuery(id: string | null) {
  const session = useSessionManager();
  return useQuery({
    enabled: id !== null,
    queryKey: moderationKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      request(`/api/moderation/cases/${encodeURIComponent(id ?? '')}`, {
        session,
        schema: moderationCaseSchema,
        signal,
      }),
  });
}

export function useAuditQuery({ enabled = true } = {}) {
  const session = useSessionManager();
  return useInfiniteQuery({
    enabled,
    queryKey: moderationKeys.audit(),
    queryFn: ({ pageParam, signal }) =>
      request(
        `/api/moderation/audit${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { session, schema: auditPageSchema, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** After a decision the lists, their counts and the audit log are fetched again. */
function useRefreshQueue() {
  const queryClient = useQueryClient();
  return (caseId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: moderationKeys.detail(caseId) }),
      queryClient.invalidateQueries({ queryKey: [...moderationKeys.cases(), 'list'] }),
      queryClient.invalidateQueries({ queryKey: moderationKeys.audit(), refetchType: 'none' }),
    ]);
}

/** Acts on a case (`POST /api/moderation/cases/:id/actions`); a refusal stays in the form. */
export function useDecisionMutation(caseId: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: (input: ModerationDecisionInput) =>
      request(`/api/moderation/cases/${encodeURIComponent(caseId)}/actions`, {
        session,
        schema: moderationCaseSchema,
        method: 'POST',
        body: input,
      }),
    onSuccess: async (decided) => {
      toast.success(
        decided.status === 'closed'
          ? 'Decision recorded. The case is closed.'
          : 'Decision recorded.',
      );
      queryClient.setQueryData(moderationKeys.detail(caseId), decided);
      await refresh(caseId);
    },
  });
}

/**
 * Upholds or overturns the action an appeal case is about (`POST /api/moderation/appeals/:id`,
 * the appeal case's id), which closes the case.
 */
export function useAppealDecisionMutation(caseId: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: (input: AppealDecisionInput) =>
      request(`/api/moderation/appeals/${encodeURIComponent(caseId)}`, {
        session,
        schema: moderationCaseSchema,
        method: 'POST',
        body: input,
      }),
    onSuccess: async (decided, { decision }) => {
      toast.success(
        decision === 'upheld' ? 'The decision was upheld.' : 'The decision was overturned.',
      );
      queryClient.setQueryData(moderationKeys.detail(caseId), decided);
      await refresh(caseId);
    },
  });
}
