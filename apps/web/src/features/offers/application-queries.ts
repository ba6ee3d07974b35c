import { MESSAGES } from '@arena/shared/messages';
import {
  applicationListSchema,
  cvUploadSchema,
  offerSchema,
  signedUrlSchema,
} from '@arena/shared/offer.schema';
import type { CreateApplicationInput } from '@arena/shared/offer.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ApiRequestError } from '../../lib/http/api-error.ts';
import { request } from '../../lib/http/request.ts';
import type { TokenSession } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { offerKeys, replaceCachedOffer } from './offer-queries.ts';

const applicationKeys = {
  /** Under the offers' key, so that deleting an offer refreshes these too. */
  received: () => offerKeys.applications(),
};

/** Applications to the signed-in user's own offers, newest first. */
export function useApplicationsReceivedQuery() {
  const session = useSessionManager();
  return useQuery({
    queryKey: applicationKeys.received(),
    queryFn: ({ signal }) =>
      request('/api/me/applications-received', { session, schema: applicationListSchema, signal }),
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
        schema: offerSchema,
        method: 'POST',
        body: { ...application, cvUploadId },
      });
    },
    onSuccess: (offer) => replaceCachedOffer(queryClient, offer),
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
