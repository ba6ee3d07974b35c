import { MESSAGES } from '@arena/shared/messages';
import { NOTICE_KIND_LABELS } from '@arena/shared/notification.schema';

import { AppError } from '../../http/app-error.ts';
import type { UnsubscribeRepository } from './unsubscribe.repository.ts';
import { type UnsubscribeKind, verifyUnsubscribe } from './unsubscribe-token.ts';

/** What stopped: a kind's emails, or the daily digest (every kind gathered into it). */
export interface UnsubscribeOutcome {
  kind: UnsubscribeKind;
  label: string;
}

const DIGEST_LABEL = 'The daily digest';

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;

export function createUnsubscribeService(deps: {
  repository: UnsubscribeRepository;
  /** loadUnsubscribeSecret(): the installation's key for the links. */
  secret: string;
}) {
  const invalid = () => new AppError('bad_request', MESSAGES.notifications.unsubscribeInvalid);

  return {
    /**
     * Turns off the email the link was sent for. The link works for the address it was sent to
     * only: once the account's email changed, an old mail (perhaps forwarded, or read by whoever
     * had the address before) changes nothing. Using a link twice is the same as once.
     */
    async unsubscribe(token: string): Promise<UnsubscribeOutcome> {
      const claims = verifyUnsubscribe(deps.secret, token);
      if (!claims) throw invalid();
      const email = await deps.repository.currentEmail(claims.profileId);
      if (!email || email.toLowerCase() !== claims.email.toLowerCase()) throw invalid();
      if (claims.kind === 'daily') {
        await deps.repository.turnDailyOff(claims.profileId);
        return { kind: 'daily', label: DIGEST_LABEL };
      }
      await deps.repository.turnEmailOff(claims.profileId, claims.kind);
      return { kind: claims.kind, label: NOTICE_KIND_LABELS[claims.kind] };
    },
  };
}
