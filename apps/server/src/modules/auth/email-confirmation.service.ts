import { TOKEN_LIFETIMES } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import { ACCOUNT_LIMITS } from '../../http/rate-limits.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { emailConfirmationMail } from '../mail/templates.ts';
import type { AccountLinks } from './account-links.ts';
import type { AccountRepository } from './account.repository.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import type {
  AuthService,
  ClientInfo,
  ConfirmationRecipient,
  IssuedSession,
} from './auth.service.ts';

export interface EmailConfirmationDeps {
  repo: AccountRepository;
  links: AccountLinks;
  limits: AttemptLimits;
  mail: MailQueue;
  auth: AuthService;
  /** REQUIRE_EMAIL_CONFIRMATION. */
  required: boolean;
}

const HOURS = TOKEN_LIFETIMES.emailConfirmationSeconds / 3600;

/**
 * The confirmation link sent at sign-up (and again on request) and its use: to every account with
 * REQUIRE_EMAIL_CONFIRMATION, and otherwise to those whose address is in ADMIN_EMAILS, whose
 * admin role waits for it.
 */
export function createEmailConfirmationService(deps: EmailConfirmationDeps) {
  const { repo, links, limits, mail, auth } = deps;

  // The link is minted in the mail's job, for the account as it is then.
  const linkMail = mail.define('email confirmation', async ({ userId }: { userId: string }) => {
    const account = await repo.findAccountById(userId);
    if (!account) return null;
    const link = await links.mint(
      'email_confirmation',
      account,
      TOKEN_LIFETIMES.emailConfirmationSeconds,
    );
    return emailConfirmationMail({ to: account.email, name: account.fullName }, link, HOURS);
  });
  const resendMail = mail.define(
    'email confirmation (resend)',
    async ({ email }: { email: string }) => {
      const account = await repo.findAccountByEmail(email);
      if (!account || account.emailConfirmedAt) return null;
      const link = await links.mint(
        'email_confirmation',
        account,
        TOKEN_LIFETIMES.emailConfirmationSeconds,
      );
      return emailConfirmationMail({ to: account.email, name: account.fullName }, link, HOURS);
    },
  );

  async function queueLink(account: ConfirmationRecipient) {
    await linkMail({ userId: account.id });
  }

  return {
    /** After a sign-up that must be confirmed, or whose address is in ADMIN_EMAILS. */
    sendLink: queueLink,

    /**
     * Sends a new link when the address belongs to an account still waiting for one. The answer
     * is the same either way, and comes before any lookup (the mail queue does that).
     */
    async resend(email: string, client: ClientInfo): Promise<void> {
      const emailLower = email.toLowerCase();
      await limits.take(
        'confirmation_resend',
        emailLower,
        ACCOUNT_LIMITS.confirmationResendsPerEmail,
        client.ip,
        MESSAGES.account.tooManyConfirmationRequests,
      );
      // ADMIN_EMAILS is the configuration, not the accounts: the answer still tells nothing.
      if (!deps.required && !auth.isAdminEmail(emailLower)) return;
      await resendMail({ email: emailLower });
    },

    /**
     * Uses the link: the address is confirmed (an address in ADMIN_EMAILS brings the admin role)
     * and its owner signed in.
     */
    async confirm(token: string, client: ClientInfo): Promise<IssuedSession> {
      const claims = await links.check('email_confirmation', token);
      await repo.transaction(async (tx) => {
        await links.spend(tx, 'email_confirmation', claims);
        const account = await repo.findAccountById(claims.userId, tx);
        // The link confirms the address it was sent to, and only while the account still has it.
        if (!account || account.email.toLowerCase() !== claims.email.toLowerCase()) {
          throw new AppError('bad_request', MESSAGES.account.confirmLinkInvalid);
        }
        await repo.markEmailConfirmed(tx, account.id);
        await auth.grantForConfirmedEmail(tx, account);
        await repo.dropUnusedTokens(tx, account.id, 'email_confirmation');
      });
      return auth.startSession(claims.userId, { persistent: true, aal: 'aal1' }, client);
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;
