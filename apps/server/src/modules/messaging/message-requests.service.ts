import type {
  MessagePolicy,
  MessagePolicySetting,
  MessageRequestPage,
} from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';

import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { SafetyRepository } from '../safety/safety.repository.ts';
import { deliveryOf, effectivePolicy, minorContactRefused } from './message-policy.ts';
import type { MessageRequestsRepository } from './message-requests.repository.ts';
import { conversationOf } from './messaging.repository.ts';

export type MessageRequestsService = ReturnType<typeof createMessageRequestsService>;

/**
 * "Who can message me" and Message requests (issue 25); the rules are in message-policy.ts.
 * Decisions beyond them:
 * - A request sends no email or push and does not light the unread badge: it only raises the
 *   "Message requests (N)" count the recipient sees in Messages. An unsolicited message should
 *   not buzz a phone (Instagram and Bluesky keep requests quiet the same way).
 * - The recipient may read a request; it is never marked read, so the sender sees "sent", never
 *   "read", until it is accepted. Accepting, or replying, makes it a normal conversation.
 * - Declining hides it from the recipient for good and tells the sender nothing: their later
 *   messages are stored and shown to them as sent, but reach no list of the recipient's.
 * - Blocking from a request blocks the sender (as Settings → Blocked) and declines the request.
 */
export function createMessageRequestsService(deps: {
  repo: MessageRequestsRepository;
  safety: Pick<SafetyRepository, 'block'>;
}) {
  const { repo, safety } = deps;
  const notARequest = () => new AppError('not_found', MESSAGES.messaging.notARequest);

  async function setting(profileId: string): Promise<MessagePolicySetting> {
    const { policy, minor } = await repo.policyOf(profileId);
    return { policy: effectivePolicy(policy, minor), minor };
  }

  return {
    /** Refuses opening a conversation the minor rules forbid (nothing is stored). */
    async refuseForbiddenContact(senderId: string, recipientId: string) {
      const facts = await repo.facts(senderId, recipientId, null);
      const party = (minor: boolean, verifiedOrganisation: boolean) => ({
        minor,
        verifiedOrganisation,
      });
      if (
        minorContactRefused(
          party(facts.sender_minor, facts.sender_verified_organisation),
          party(facts.recipient_minor, facts.recipient_verified_organisation),
        )
      ) {
        throw new AppError('forbidden', MESSAGES.messaging.minorsOnlyVerifiedOrganisations);
      }
    },

    /**
     * Judges a message about to be stored (in its transaction): refuses it (403) under the minor
     * rules, accepts a request its recipient replies to, and makes a first message from outside
     * the recipient's setting a request. Returns whether the message is (part of) a request.
     */
    async admit(
      tx: Executor,
      senderId: string,
      recipientId: string,
      conversationId: string,
    ): Promise<{ request: boolean; recipientMinor: boolean }> {
      const facts = await repo.facts(senderId, recipientId, conversationId, tx);
      const recipientMinor = facts.recipient_minor;
      const delivery = deliveryOf({
        sender: {
          minor: facts.sender_minor,
          verifiedOrganisation: facts.sender_verified_organisation,
        },
        recipient: {
          minor: facts.recipient_minor,
          verifiedOrganisation: facts.recipient_verified_organisation,
          policy: facts.recipient_policy,
          followsSender: facts.recipient_follows_sender,
        },
      });
      if (delivery === 'refused') {
        throw new AppError('forbidden', MESSAGES.messaging.minorsOnlyVerifiedOrganisations);
      }
      /** Whether the message is (part of) a request, accepting or opening one as it says. */
      async function judgeRequest(): Promise<boolean> {
        // Replying to a request (even a declined one) accepts it.
        if (facts.request_recipient_id === senderId) {
          await repo.accept(conversationId, senderId, tx);
          return false;
        }
        if (facts.request_recipient_id === recipientId) return true;
        if (facts.held || delivery === 'direct') return false;
        await repo.markRequest(tx, conversationId, recipientId);
        return true;
      }
      return { request: await judgeRequest(), recipientMinor };
    },

    setting,

    async setPolicy(auth: AuthContext, policy: MessagePolicy): Promise<MessagePolicySetting> {
      const { minor } = await repo.policyOf(auth.profileId);
      if (minor && policy === 'everyone') {
        throw new AppError('bad_request', MESSAGES.messaging.minorCannotAllowEveryone);
      }
      await repo.setPolicy(auth.profileId, policy);
      return { policy, minor };
    },

    async list(
      auth: AuthContext,
      cursor: string | undefined,
      limit: number,
    ): Promise<MessageRequestPage> {
      const rows = await repo.list(auth.profileId, decodeCursor(cursor), limit);
      const page = pageOf(rows, limit, (row) => ({
        createdAt: new Date(row.last_message_at),
        id: row.id,
      }));
      return {
        items: page.items.map((row) => conversationOf(row, auth.profileId, true)),
        nextCursor: page.nextCursor,
      };
    },

    pendingCount: (profileId: string) => repo.pendingCount(profileId),

    /** Whether this conversation is a request waiting for the caller. */
    isPendingFor: async (conversationId: string, profileId: string) =>
      (await repo.findPending(conversationId, profileId)) !== undefined,

    async accept(auth: AuthContext, conversationId: string) {
      if (!(await repo.findPending(conversationId, auth.profileId))) throw notARequest();
      await repo.accept(conversationId, auth.profileId);
      return { status: 'accepted' as const };
    },

    async decline(auth: AuthContext, conversationId: string) {
      if (!(await repo.decline(conversationId, auth.profileId))) throw notARequest();
      return { status: 'declined' as const };
    },

    async blockSender(auth: AuthContext, conversationId: string) {
      const pending = await repo.findPending(conversationId, auth.profileId);
      if (!pending) throw notARequest();
      if (pending.senderId !== null) await safety.block(auth.profileId, pending.senderId);
      await repo.decline(conversationId, auth.profileId);
      return { status: 'blocked' as const };
    },
  };
}
