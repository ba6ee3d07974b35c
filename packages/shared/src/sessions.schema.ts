import { z } from 'zod';

/**
 * One signed-in session of the caller: a refresh-token family, from the sign-in that started it
 * to the refresh that last renewed it. What `GET /api/auth/sessions` lists.
 */
export const activeSessionSchema = z.object({
  id: z.uuid(),
  /** Browser and system read from the user agent, e.g. 'Firefox on Windows'. */
  device: z.string(),
  /** A phone or tablet, by its user agent. */
  mobile: z.boolean(),
  /** The address of the last sign-in or refresh. */
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The last refresh (the app renews its access token while in use). */
  lastUsedAt: z.iso.datetime(),
  /** Remember me was ticked. */
  remembered: z.boolean(),
  /** The session this request was made from. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionListSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSessionList = z.infer<typeof activeSessionListSchema>;

/** `DELETE /api/auth/sessions`: how many other sessions were ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int().min(0) });
