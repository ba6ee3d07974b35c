import { apiErrorSchema } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import {
  applicationListSchema,
  cvUploadSchema,
  offerSchema,
  signedUrlSchema,
} from '@arena/shared/offer.schema';
import type { CreateApplicationInput } from '@arena/shared/offer.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { apiJson } from '../../lib/http/client.ts';
import { ApiRequestError } from '../../lib/http/request.ts';
import { offerKeys, replaceCachedOffer } from './offer-queries.ts';
import { sessionManager } from '../../lib/session/browser-session.ts';

export const applicationKeys = {
  /** Under the offers' key, so that deleting an offer refreshes these too. */
  received: () => offerKeys.applications(),
};

/** Applications to the signed-in user's own offers, newest first. */
export function useApplicationsReceivedQuery() {
  return useQuery({
    queryKey: applicationKeys.received(),
    queryFn: ({ signal }) =>
      apiJson('/api/me/applications-received', applicationListSchema, { signal }),
  });
}

type CvUpload = z.infer<typeof cvUploadSchema>;

/** Words for a failed upload when the server (or a proxy before it) sent no `{ error }`. */
function uploadError(status: number, body: unknown): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiRequestError(status, code, message, fields);
  }
  if (status === 413)
    return new ApiRequestError(status, 'payload_too_large', MESSAGES.application.cvTooLarge);
  if (status === 415)
    return new ApiRequestError(
      status,
      'unsupported_media_type',
      MESSAGES.application.cvInvalidType,
    );
  if (status === 429) return new ApiRequestError(status, 'rate_limited', MESSAGES.rateLimited);
  return new ApiRequestError(status, 'internal', MESSAGES.internal);
}

/** `POST /api/cv-uploads` (one multipart field 'file'); the server checks the bytes again. */
export function uploadCv(file: File): Promise<CvUpload> {
  return sessionManager.withAccessToken(async (accessToken) => {
    const body = new FormData();
    body.append('file', file, file.name);
    const headers = new Headers({ Accept: 'application/json' });
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    let response: Response;
    try {
      response = await fetch('/api/cv-uploads', {
        method: 'POST',
        headers,
        body,
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiRequestError(0, 'network_error', MESSAGES.network);
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) throw uploadError(response.status, json);
    const parsed = cvUploadSchema.safeParse(json);
    if (!parsed.success) throw new ApiRequestError(response.status, 'internal', MESSAGES.internal);
    return parsed.data;
  });
}

export interface ApplyVariables {
  offerId: string;
  application: Omit<CreateApplicationInput, 'cvUploadId'>;
  cv: File | null;
}

/** Uploads the CV (if any), then applies; the grid's card turns to Applied. */
export function useApplyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ offerId, application, cv }: ApplyVariables) => {
      const cvUploadId = cv ? (await uploadCv(cv)).id : null;
      return apiJson(`/api/offers/${encodeURIComponent(offerId)}/applications`, offerSchema, {
        method: 'POST',
        body: { ...application, cvUploadId },
      });
    },
    onSuccess: (offer) => replaceCachedOffer(queryClient, offer),
    onError: (error) => {
      // Applied already (another tab, say): the grid's copy is out of date.
      if (error instanceof ApiRequestError && error.code === 'conflict')
        void queryClient.invalidateQueries({ queryKey: offerKeys.lists() });
    },
  });
}

/** A link to an application's CV, valid for an hour. */
export function fetchCvUrl(applicationId: string) {
  return apiJson(`/api/applications/${encodeURIComponent(applicationId)}/cv-url`, signedUrlSchema);
}
