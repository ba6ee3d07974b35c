import { TOKEN_LIFETIMES } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import { ACCOUNT_LIMITS } from '../../http/rate-limits.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { passwordChangedMail, passwordResetMail } from '../mail/templates.ts';
import type { AccountLinks } from './account-links.ts';
import type { AccountRepository } from './account.repository.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import type { AuthService, ClientInfo, IssuedSession } from './auth.service.ts';
import { hashPassword } from './password.ts';
import type { SessionRevocations } from './session-revocations.ts';

export interface PasswordResetDeps {
  repo: AccountRepository;
  links: AccountLinks;
  limits: AttemptLimits;
  mail: MailQueue;
  auth: AuthService;
  /** Where ended sessions are announced, so their access tokens stop at once. */
  revocations?: SessionRevocations;
}

const MINUTES = TOKEN_LIFETIMES.passwordResetSeconds / 60;

/** Forgot password: a single-use emailed link, then a new password and a fresh session. */
export function createPasswordResetService({
  repo,
  links,
  limits,
  mail,
  auth,
  revocations,
}: PasswordResetDeps) {
  // Looked up in the job: the answer to the request is the same whether the address exists.
  const resetMail = mail.define('password reset', async ({ email }: { email: string }) => {
    const account = await repo.findAccountByEmail(email);
    if (!account) return null;
    const link = await links.mint('password_reset', account, TOKEN_LIFETIMES.passwordResetSeconds);
    return passwordResetMail({ to: account.email, name: account.fullName }, link, MINUTES);
  });
  const noticeMail = mail.define(
    'password reset notice',
    async ({ to, name }: { to: string; name: string }) =>
      passwordChangedMail({ to, name }, 'reset', links.pageUrl('/auth/forgot-password')),
  );

  return {
    /**
     * Never tells whether the address is registered: the same answer, at the same speed (the
     * lookup, the link and the mail happen after the reply, in the mail queue), and the
     * per-address limit counts unknown addresses too.
     */
    async request(email: string, client: ClientInfo): Promise<void> {
      const emailLower = email.toLowerCase();
      await limits.take(
        'password_reset_request',
        emailLower,
        ACCOUNT_LIMITS.passwordResetRequestsPerEmail,
        client.ip,
        MESSAGES.account.tooManyResetRequests,
      );
      await resetMail({ email: emailLower });
    },

    /**
     * Sets the new password, signs the account out everywhere else (every refresh-token
     * family), and signs this browser in.
     */
    async complete(
      input: { token: string; password: string; remember: boolean },
      client: ClientInfo,
    ): Promise<IssuedSession> {
      const claims = await links.check('password_reset', input.token);
      const passwordHash = await hashPassword(input.password);
      const { account, ended } = await repo.transaction(async (tx) => {
        await links.spend(tx, 'password_reset', claims);
        const found = await repo.findAccountById(claims.userId, tx);
        if (!found || found.email.toLowerCase() !== claims.email.toLowerCase()) {
          throw new AppError('bad_request', MESSAGES.account.resetLinkInvalid);
        }
        await repo.setPassword(tx, found.id, passwordHash);
        await repo.dropUnusedTokens(tx, found.id, 'password_reset');
        const revoked = await repo.revokeSessions(tx, found.id, null);
        // The link reached this mailbox: the address is confirmed too (with what that brings: the
        // admin role of an address in ADMIN_EMAILS).
        await repo.markEmailConfirmed(tx, found.id);
        await auth.grantForConfirmedEmail(tx, found);
        return { account: found, ended: revoked };
      });
      // Their access tokens and live sockets stop now, on every instance, not at expiry.
      await revocations?.announce(ended);
      await noticeMail({ to: account.email, name: account.fullName });
      // Two-factor: an account with a verified factor must still pass it; the session started
      // here is where that step (aal1 until the factor is verified) belongs.
      return auth.startSession(account.id, { persistent: input.remember, aal: 'aal1' }, client);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
