import type { ActiveSession } from '@arena/shared/sessions.schema';
import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { SessionRevocations } from './session-revocations.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import { describeUserAgent } from './user-agent.ts';

export type SessionsService = ReturnType<typeof createSessionsService>;

/** Managing one's own sessions: only the owner sees or ends them. */
export function createSessionsService(
  repo: SessionsRepository,
  revocations: SessionRevocations,
  now: () => Date = () => new Date(),
) {
  /**
   * These routes can end other sessions, so the caller's own session must still be active in
   * the database, not only unexpired in its token: an ended session cannot end the others.
   */
  async function requireActive(auth: AuthContext): Promise<string> {
    const sessionId = auth.sessionId;
    if (!sessionId || !(await repo.isActive(auth.userId, sessionId, now())))
      throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
    return sessionId;
  }

  return {
    async list(auth: AuthContext): Promise<ActiveSession[]> {
      const current = await requireActive(auth);
      const rows = await repo.listActive(auth.userId, now());
      return rows.map((row) => ({
        id: row.family_id,
        ...describeUserAgent(row.user_agent),
        ip: row.ip,
        createdAt: new Date(row.created_at).toISOString(),
        lastUsedAt: new Date(row.last_used_at).toISOString(),
        remembered: row.persistent,
        current: row.family_id === current,
      }));
    },

    /** Ends one of the caller's sessions (the current one included: that is signing out). */
    async end(auth: AuthContext, sessionId: string): Promise<void> {
      await requireActive(auth);
      if (!(await repo.revoke(auth.userId, sessionId, now())))
        throw new AppError('not_found', MESSAGES.sessions.notFound);
      await revocations.announce([sessionId]);
    },

    /** Ends every session of the caller but this one; returns how many ended. */
    async endOthers(auth: AuthContext): Promise<number> {
      const current = await requireActive(auth);
      const ended = await repo.revokeAllBut(auth.userId, current, now());
      await revocations.announce(ended);
      return ended.length;
    },
  };
}
