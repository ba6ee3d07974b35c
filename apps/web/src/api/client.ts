import type { z } from 'zod';

import { requestJson, requestNoContent } from './http.ts';
import type { RequestOptions } from './http.ts';
import { sessionManager } from './session.ts';

type ApiOptions = Omit<RequestOptions, 'accessToken' | 'fetch'>;

/**
 * Calls the API as the signed-in user (or anonymously when nobody is): attaches the access
 * token, and on a 401 renews it once and retries once.
 */
export function apiJson<S extends z.ZodType>(
  path: string,
  schema: S | (() => Promise<S>),
  options: ApiOptions = {},
): Promise<z.output<S>> {
  return sessionManager.withAccessToken((accessToken) =>
    requestJson(path, schema, { ...options, accessToken }),
  );
}

export function apiNoContent(path: string, options: ApiOptions = {}): Promise<void> {
  return sessionManager.withAccessToken((accessToken) =>
    requestNoContent(path, { ...options, accessToken }),
  );
}
