import {
  applicationNoteListSchema,
  bulkDeclineResultSchema,
} from '@arena/shared/application.schema';
import type {
  ApplicationNote,
  BulkDeclineInput,
  MoveStageInput,
  ReceivedQuery,
} from '@arena/shared/application.schema';
import { MESSAGES } from '@arena/shared/messages';
import {
  applicationDetailSchema,
  applicationListSchema,
  cvUploadSchema,
  offerSchema,
  signedUrlSchema,
} from '@arena/shared/offer.schema';
import type { ApplicationDetail, CreateApplicationInput } from '@arena/shared/offer.schema';
import { scholarshipSchema } from '@arena/shared/scholarship.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { ApiRequestError } from '../../lib/http/api-error.ts';
import { request } from '../../lib/http/request.ts';
import type { TokenSession } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { scholarshipKeys } from '../scholarships/scholarship-queries.ts';
import { offerKeys, replaceCachedOffer } from './offer-queries.ts';

/** Applying answers with the offer, or the scholarship, as the applicant now sees it. */
const appliedSchema = z.union([offerSchema, scholarshipSchema]);

export const applicationKeys = {
  /**
   * Everything about the applications received (every filtered list and every opened one),
   * under the offers' key, so that deleting an offer refreshes these too.
   */
  received: () => offerKeys.applications(),
  /** Every filtered list of Applications Received. */
  lists: () => [...applicationKeys.received(), 'list'] as const,
  list: (query: ReceivedQuery) =>
    [...applicationKeys.lists(), query.offer ?? 'all', query.stage ?? 'all', query.sort] as const,
  /** One application as its poster opens it (history and notes). */
  detail: (id: string) => [...applicationKeys.received(), 'detail', id] as const,
};

/** `/api/me/applications-received`, with only the filters that are set (newest is the default). */
function receivedPath({ offer, stage, sort }: ReceivedQuery): string {
  const search = new URLSearchParams();
  if (offer) search.set('offer', offer);
  if (stage) search.set('stage', stage);
  if (sort && sort !== 'newest') search.set('sort', sort);
  const query = search.toString();
  return query ? `/api/me/applications-received?${query}` : '/api/me/applications-received';
}

/** Applications to the signed-in user's own offers, filtered by offer and stage, in `sort` order. */
export function useApplicationsReceivedQuery(query: ReceivedQuery = {}) {
  const session = useSessionManager();
  return useQuery({
    queryKey: applicationKeys.list(query),
    queryFn: ({ signal }) =>
      request(receivedPath(query), { session, schema: applicationListSchema, signal }),
  });
}

const applicationPath = (id: string) => `/api/applications/${encodeURIComponent(id)}`;

/**
 * One application with its history and private notes. Opening a pending one marks it viewed on
 * the server: the lists are refreshed when the stage they show is out of date.
 */
export function useApplicationDetailQuery(id: string) {
  const session = useSessionManager();
  return useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) =>
      request(applicationPath(id), { session, schema: applicationDetailSchema, signal }),
  });
}

/** After a move: the opened application as the server now has it, and every list refreshed. */
function storeDetail(queryClient: QueryClient, detail: ApplicationDetail) {
  queryClient.setQueryData(applicationKeys.detail(detail.id), detail);
  void queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
  // Signing fills places: the poster's offers show it.
  void queryClient.invalidateQueries({ queryKey: offerKeys.mine() });
}

export interface MoveVariables {
  id: string;
  move: MoveStageInput;
}

/** Shortlist, invite to trial, make an offer, mark signed or decline one application. */
export function useMoveStageMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move }: MoveVariables) =>
      request(`${applicationPath(id)}/stage`, {
        session,
        schema: applicationDetailSchema,
        method: 'POST',
        body: move,
      }),
    onSuccess: (detail) => storeDetail(queryClient, detail),
  });
}

/** Declines several applications with one message; the server says which it left as they were. */
export function useBulkDeclineMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkDeclineInput) =>
      request('/api/applications/decline', {
        session,
        schema: bulkDeclineResultSchema,
        method: 'POST',
        body: input,
      }),
    // The opened ones changed too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.received() }),
  });
}

function patchNotes(
  queryClient: QueryClient,
  id: string,
  notes: (current: ApplicationNote[]) => ApplicationNote[],
) {
  queryClient.setQueryData<ApplicationDetail>(applicationKeys.detail(id), (detail) =>
    detail ? { ...detail, notes: notes(detail.notes) } : detail,
  );
  // The cards count the notes.
  void queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
}

/** Adds a private note; the server answers with the application's notes. */
export function useAddNoteMutation(applicationId: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      request(`${applicationPath(applicationId)}/notes`, {
        session,
        schema: applicationNoteListSchema,
        method: 'POST',
        body: { body },
      }),
    onSuccess: (notes) => patchNotes(queryClient, applicationId, () => notes),
  });
}

export function useDeleteNoteMutation(applicationId: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) =>
      request(`/api/application-notes/${encodeURIComponent(noteId)}`, {
        session,
        method: 'DELETE',
      }),
    onSuccess: (_, noteId) =>
      patchNotes(queryClient, applicationId, (notes) => notes.filter((n) => n.id !== noteId)),
  });
}

/** `POST /api/cv-uploads` (one multipart field 'file'); the server checks the bytes again. */
function uploadCv(session: TokenSession, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return request('/api/cv-uploads', {
    session,
    schema: cvUploadSchema,
    method: 'POST',
    body,
    // When the server (or a proxy before it) sent no `{ error }`.
    failureMessages: {
      413: MESSAGES.application.cvTooLarge,
      415: MESSAGES.application.cvInvalidType,
    },
  });
}

export interface ApplyVariables {
  offerId: string;
  application: Omit<CreateApplicationInput, 'cvUploadId'>;
  cv: File | null;
}

/** Uploads the CV (if any), then applies; the grid's card turns to Applied. */
export function useApplyMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ offerId, application, cv }: ApplyVariables) => {
      const cvUploadId = cv ? (await uploadCv(session, cv)).id : null;
      return request(`/api/offers/${encodeURIComponent(offerId)}/applications`, {
        session,
        schema: appliedSchema,
        method: 'POST',
        body: { ...application, cvUploadId },
      });
    },
    onSuccess: (applied) => {
      if ('institution' in applied)
        void queryClient.invalidateQueries({ queryKey: scholarshipKeys.all });
      else replaceCachedOffer(queryClient, applied);
    },
    onError: (error) => {
      // Applied already (another tab, say): the grid's copy is out of date.
      if (error instanceof ApiRequestError && error.code === 'conflict')
        void queryClient.invalidateQueries({ queryKey: offerKeys.all });
    },
  });
}

/** A link to an application's CV, valid for an hour. */
export function fetchCvUrl(session: TokenSession, applicationId: string) {
  return request(`/api/applications/${encodeURIComponent(applicationId)}/cv-url`, {
    session,
    schema: signedUrlSchema,
  });
}
