import { compose } from '../mail/templates.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** The guardian's name is not known: the mails greet them by their role. */
const guardianOf = (to: string) => ({ to, name: 'there' });

const ORGANISATION_KIND: Record<string, string> = {
  club: 'club',
  agent: 'agent',
  coach: 'coach',
};

export function guardianConfirmationMail(
  to: string,
  athleteName: string,
  link: string,
  days: number,
): MailMessage {
  return compose(guardianOf(to), {
    subject: `${athleteName} named you as their guardian on Arena`,
    intro: `${athleteName}, an athlete under 18 on Arena, named this address as their parent or guardian. Once you confirm, you will receive a copy of every message a club, agent or coach sends them, and a notice of each offer they apply to.`,
    action: { label: 'Confirm I am the guardian', link },
    outro: [
      `This link expires in ${days} days.`,
      'If you do not know this athlete, ignore this email: nothing will be sent to you.',
    ],
  });
}

export function guardianMessageCopyMail(
  to: string,
  copy: {
    athleteName: string;
    senderName: string;
    senderType: string;
    content: string | null;
    attachments: number;
  },
): MailMessage {
  const kind = ORGANISATION_KIND[copy.senderType] ?? 'organisation';
  const attachments =
    copy.attachments > 0
      ? [
          `${copy.attachments} ${copy.attachments === 1 ? 'attachment' : 'attachments'} not included.`,
        ]
      : [];
  return compose(guardianOf(to), {
    subject: `Copy of a message to ${copy.athleteName} from ${copy.senderName}`,
    intro: `${copy.senderName} (${kind}) sent ${copy.athleteName} this message on Arena:`,
    action: null,
    outro: [
      copy.content ? `“${copy.content}”` : '(no text)',
      ...attachments,
      'You receive this copy as the confirmed guardian of an athlete under 18.',
    ],
  });
}

export function guardianApplicationMail(
  to: string,
  notice: { athleteName: string; offerTitle: string; organizationName: string },
): MailMessage {
  return compose(guardianOf(to), {
    subject: `${notice.athleteName} applied to an offer on Arena`,
    intro: `${notice.athleteName} applied to the offer “${notice.offerTitle}” from ${notice.organizationName}.`,
    action: null,
    outro: ['You receive this notice as the confirmed guardian of an athlete under 18.'],
  });
}

const CAMP_STATUS_WORDS: Record<string, string> = {
  interested: 'registered interest in',
  booked: 'booked a place at',
  waitlisted: 'joined the waiting list of',
};

export function guardianCampMail(
  to: string,
  notice: {
    athleteName: string;
    campTitle: string;
    organizer: string;
    status: string;
    dates: string;
  },
): MailMessage {
  const did = CAMP_STATUS_WORDS[notice.status] ?? 'registered for';
  return compose(guardianOf(to), {
    subject: `${notice.athleteName} registered for a camp on Arena`,
    intro: `${notice.athleteName} ${did} the camp “${notice.campTitle}” from ${notice.organizer} (${notice.dates}).`,
    action: null,
    outro: ['You receive this notice as the confirmed guardian of an athlete under 18.'],
  });
}
