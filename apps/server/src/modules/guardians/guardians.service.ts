import type { GuardianConfirmResult, GuardianState } from '@arena/shared/minors.schema';
import { MESSAGES } from '@arena/shared/messages';

import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { Signer } from '../auth/signing-keys.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import {
  guardianApplicationMail,
  guardianCampMail,
  guardianConfirmationMail,
  guardianMessageCopyMail,
} from './guardian-mails.ts';
import type { GuardiansRepository } from './guardians.repository.ts';

const m = MESSAGES.minors;

/** How long a guardian has to use the confirmation link. */
const LINK_DAYS = 7;
const LINK_SECONDS = LINK_DAYS * 24 * 60 * 60;

export type GuardiansService = ReturnType<typeof createGuardiansService>;

/**
 * What the guardians module tells others: a sent message, and an application or a camp
 * registration by the athlete. The messaging, offers and camps services call these; the rules of
 * who is copied live here.
 */
export type GuardianNotices = Pick<GuardiansService, 'messageSent' | 'applied' | 'campRegistered'>;

/**
 * An under-18 athlete's guardian: added, changed and removed by the athlete, confirmed by the
 * guardian's emailed link, then copied on what organisations send the athlete and told of each
 * application (the MAAPP "another adult copied" rule, issue 25).
 */
export function createGuardiansService(deps: {
  repo: GuardiansRepository;
  signer: Signer;
  mail: MailQueue;
  publicUrl: string;
}) {
  const { repo, signer, mail } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');

  // Every mail is composed in its job from the rows as they are then: a guardian removed or
  // changed meanwhile gets nothing.
  const confirmationMail = mail.define(
    'guardian confirmation',
    async ({ profileId, email, linkId }: { profileId: string; email: string; linkId: string }) => {
      const state = await repo.state(profileId);
      if (!state || state.email !== email || state.confirmedAt) return null;
      const token = await signer.signLink(
        'guardian-confirmation',
        { userId: profileId, email, tokenId: linkId },
        LINK_SECONDS,
      );
      const link = `${base}/guardian/confirm?token=${encodeURIComponent(token)}`;
      return guardianConfirmationMail(email, state.fullName, link, LINK_DAYS);
    },
  );
  const copyMail = mail.define(
    'guardian message copy',
    async ({ messageId, recipientId }: { messageId: string; recipientId: string }) => {
      const copy = await repo.messageCopy(messageId, recipientId);
      if (!copy?.guardian_email) return null;
      return guardianMessageCopyMail(copy.guardian_email, {
        athleteName: copy.athlete_name,
        senderName: copy.sender_name,
        senderType: copy.sender_type,
        content: copy.content,
        attachments: copy.attachments,
      });
    },
  );
  const applicationMail = mail.define(
    'guardian application notice',
    async ({ offerId, applicantId }: { offerId: string; applicantId: string }) => {
      const notice = await repo.applicationNotice(offerId, applicantId);
      if (!notice?.guardian_email) return null;
      return guardianApplicationMail(notice.guardian_email, {
        athleteName: notice.athlete_name,
        offerTitle: notice.offer_title,
        organizationName: notice.organization_name,
      });
    },
  );

  const campMail = mail.define(
    'guardian camp notice',
    async ({ campId, memberId }: { campId: string; memberId: string }) => {
      const notice = await repo.campNotice(campId, memberId);
      // Cancelled meanwhile: there is nothing left to tell.
      if (!notice?.guardian_email || notice.status === 'cancelled') return null;
      return guardianCampMail(notice.guardian_email, {
        athleteName: notice.athlete_name,
        campTitle: notice.camp_title,
        organizer: notice.organizer,
        status: notice.status,
        dates:
          notice.starts_on === notice.ends_on
            ? notice.starts_on
            : `${notice.starts_on} to ${notice.ends_on}`,
      });
    },
  );

  async function state(auth: AuthContext): Promise<GuardianState> {
    const row = await repo.state(auth.profileId);
    if (!row) throw new AppError('not_found', MESSAGES.profileNotFound);
    return {
      eligible: row.eligible,
      guardian: row.email ? { email: row.email, confirmed: row.confirmedAt !== null } : null,
    };
  }

  return {
    state,

    /** Adds or changes the guardian: the address gets a new link, older links stop working. */
    async put(auth: AuthContext, email: string): Promise<GuardianState> {
      const current = await state(auth);
      if (!current.eligible) throw new AppError('forbidden', m.guardianAdultsOnly);
      const own = await repo.accountEmail(auth.profileId);
      if (own && own.toLowerCase() === email.toLowerCase()) {
        throw new AppError('validation_failed', m.guardianOwnEmail, { email: m.guardianOwnEmail });
      }
      // The same confirmed guardian again changes nothing (and sends nothing).
      if (
        current.guardian?.confirmed &&
        current.guardian.email.toLowerCase() === email.toLowerCase()
      ) {
        return current;
      }
      const linkId = crypto.randomUUID();
      await repo.transaction(async (tx) => {
        await repo.put(tx, auth.profileId, email, linkId);
        await confirmationMail({ profileId: auth.profileId, email, linkId }, { tx });
      });
      return state(auth);
    },

    async remove(auth: AuthContext): Promise<GuardianState> {
      if (!(await repo.remove(auth.profileId))) {
        throw new AppError('not_found', m.guardianNone);
      }
      return state(auth);
    },

    /** The guardian's link: valid while it is the latest sent to the address still named. */
    async confirm(token: string): Promise<GuardianConfirmResult> {
      const verdict = await signer.verifyLink('guardian-confirmation', token);
      if (!verdict.ok) {
        throw new AppError(
          'bad_request',
          verdict.reason === 'expired' ? m.guardianLinkExpired : m.guardianLinkInvalid,
        );
      }
      const { userId: profileId, email, tokenId } = verdict.claims;
      const athlete = await repo.confirm(profileId, tokenId, email);
      if (!athlete) throw new AppError('bad_request', m.guardianLinkInvalid);
      return { athleteName: athlete.fullName };
    },

    /** After a message is sent: a copy to a minor's confirmed guardian when an organisation sent it. */
    async messageSent(message: { id: string; senderId: string; recipientId: string }) {
      if (!(await repo.copiesMessage(message.senderId, message.recipientId))) return;
      await copyMail(
        { messageId: message.id, recipientId: message.recipientId },
        { key: `guardian-copy:${message.id}` },
      );
    },

    /** In the camp registration's transaction: the athlete's confirmed guardian is told of it. */
    async campRegistered(
      tx: Executor,
      registration: { campId: string; memberId: string; status: string },
    ) {
      if (!(await repo.noticesApplication(tx, registration.memberId))) return;
      const { campId, memberId, status } = registration;
      await campMail(
        { campId, memberId },
        { tx, key: `guardian-camp:${campId}:${memberId}:${status}` },
      );
    },

    /** In the application's transaction: the athlete's confirmed guardian is told of it. */
    async applied(tx: Executor, application: { offerId: string; applicantId: string }) {
      if (!(await repo.noticesApplication(tx, application.applicantId))) return;
      await applicationMail(application, {
        tx,
        key: `guardian-application:${application.offerId}:${application.applicantId}`,
      });
    },
  };
}
