import type { z } from 'zod';

import { takeEarlyAnswer } from '../../features/feed/early-answers.ts';
import { loadSchema, parseAnswer, requestJson, requestNoContent } from './request.ts';
import type { RequestOptions, SchemaSource } from './request.ts';
import { sessionManager } from '../session/browser-session.ts';

type ApiOptions = Omit<RequestOptions, 'accessToken' | 'fetch'>;

interface JsonOptions extends ApiOptions {
  /**
   * A page's first GET, which boot.ts may have sent ahead (features/feed/early-answers.ts): take that
   * answer when there is one. Only for the call that shows the page's first state; any later
   * call asks the server (an early answer would be stale).
   */
  takesEarlyAnswer?: boolean;
}

/**
 * Calls the API as the signed-in user (or anonymously when nobody is): attaches the access
 * token, and on a 401 renews it once and retries once.
 */
export function apiJson<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  { takesEarlyAnswer = false, ...options }: JsonOptions = {},
): Promise<z.output<S>> {
  return sessionManager.withAccessToken(async (accessToken) => {
    // Sent ahead by boot.ts: its answer, unless it failed (then the page asks itself).
    const early = takesEarlyAnswer ? takeEarlyAnswer(path, accessToken) : null;
    const answer = early ? await early : null;
    if (answer) return parseAnswer(path, answer, await loadSchema(schema));
    return requestJson(path, schema, { ...options, accessToken });
  });
}

export function apiNoContent(path: string, options: ApiOptions = {}): Promise<void> {
  return sessionManager.withAccessToken((accessToken) =>
    requestNoContent(path, { ...options, accessToken }),
  );
}
