import { sql } from 'drizzle-orm';

import { REPORT_TARGET_LABELS, type ReportTarget } from '@arena/shared/moderation.schema';

import { type Database, selectRows } from '../../db/database.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { moderationMail } from '../mail/templates.ts';
import { signAppeal } from './appeal-token.ts';

export type ModerationMail = ReturnType<typeof defineModerationMail>;

const absolute = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

/**
 * The mails of moderation, through the durable mail queue: the alert to every admin when "a minor
 * at risk" is reported, and the notice of a suspension or ban, whose member cannot sign in, with
 * the signed link to appeal it (`/appeal?token=…`).
 */
export function defineModerationMail(deps: {
  db: Database;
  mail: MailQueue;
  publicUrl: string;
  appealSecret: string;
}) {
  const { db, mail, publicUrl, appealSecret } = deps;

  const alert = mail.define('moderation-priority', async (data: { caseId: string; to: string }) =>
    moderationMail(
      { to: data.to, name: 'moderator' },
      {
        subject: 'Urgent report: a minor at risk',
        intro:
          'A member reported something on Arena as putting a minor at risk. It is at the top of the moderation queue.',
        action: { label: 'Open the case', link: absolute(publicUrl, `/moderation/${data.caseId}`) },
      },
    ),
  );

  const sanction = mail.define(
    'moderation-sanction',
    async (data: {
      actionId: string;
      memberId: string;
      item: ReportTarget;
      until: string | null;
      reason: string;
    }) => {
      const [member] = await selectRows<{ email: string; fullName: string }>(
        db,
        sql`SELECT u.email, p.full_name AS "fullName" FROM profiles p JOIN users u ON u.id = p.user_id
          WHERE p.id = ${data.memberId}::uuid`,
      );
      if (!member) return null;
      const token = signAppeal(appealSecret, { actionId: data.actionId, memberId: data.memberId });
      const what = data.until
        ? `Your Arena account is suspended until ${data.until}`
        : 'Your Arena account has been banned';
      return moderationMail(
        { to: member.email, name: member.fullName },
        {
          subject: what,
          intro: `${what}, after a report of your ${REPORT_TARGET_LABELS[data.item].toLowerCase()}. The moderator's reason: ${data.reason}`,
          action: {
            label: 'Appeal this decision',
            link: absolute(publicUrl, `/appeal?token=${encodeURIComponent(token)}`),
          },
        },
      );
    },
  );

  return {
    /** Emails every admin of the urgent case. */
    async alertAdmins(caseId: string) {
      const admins = await selectRows<{ email: string }>(
        db,
        sql`SELECT u.email FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = 'admin'`,
      );
      for (const admin of admins) await alert({ caseId, to: admin.email });
    },
    sanction,
  };
}
