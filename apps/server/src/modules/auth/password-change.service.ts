import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import { ACCOUNT_LIMITS } from '../../http/rate-limits.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { passwordChangedMail } from '../mail/templates.ts';
import type { AccountLinks } from './account-links.ts';
import type { AccountRepository } from './account.repository.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import type { ClientInfo } from './auth.service.ts';
import type { SessionRevocations } from './session-revocations.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { hashRefreshToken } from './refresh-token.ts';

export interface PasswordChangeDeps {
  repo: AccountRepository;
  links: AccountLinks;
  limits: AttemptLimits;
  mail: MailQueue;
  /** Where ended sessions are announced, so their access tokens stop at once. */
  revocations?: SessionRevocations;
}

const LIMIT = ACCOUNT_LIMITS.wrongCurrentPasswordsPerAccount;

/** Settings → Password: the current password, then the new one. */
export function createPasswordChangeService({
  repo,
  links,
  limits,
  mail,
  revocations,
}: PasswordChangeDeps) {
  const noticeMail = mail.define(
    'password change notice',
    async ({ to, name }: { to: string; name: string }) =>
      passwordChangedMail({ to, name }, 'changed', links.pageUrl('/auth/forgot-password')),
  );

  return {
    /**
     * Checks the current password (wrong ones are counted per account), stores the new one,
     * and signs out every other session: all refresh-token families but the one `refreshToken`
     * belongs to (when it is this account's), or all of them when there is none.
     */
    async change(
      userId: string,
      input: { currentPassword: string; newPassword: string },
      refreshToken: string | undefined,
      client: ClientInfo,
    ): Promise<void> {
      await limits.refuseIfReached(
        'wrong_current_password',
        userId,
        LIMIT,
        MESSAGES.account.tooManyWrongPasswords,
      );
      const account = await repo.findAccountById(userId);
      if (!account) throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
      if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
        await limits.record('wrong_current_password', userId, LIMIT, client.ip);
        const message = MESSAGES.account.currentPasswordWrong;
        throw new AppError('validation_failed', message, { currentPassword: message });
      }
      await limits.clear('wrong_current_password', userId);
      // Two-factor: a member with a verified factor reaches this only at aal2, since every route
      // refuses their aal1 tokens (auth.verifyAccessToken; test/mfa-aal.test.ts).

      const passwordHash = await hashPassword(input.newPassword);
      const keepFamily = refreshToken
        ? await repo.findLiveFamily(userId, hashRefreshToken(refreshToken))
        : null;
      const ended = await repo.transaction(async (tx) => {
        await repo.setPassword(tx, userId, passwordHash);
        const revoked = await repo.revokeSessions(tx, userId, keepFamily);
        // A reset link asked for before the change must not undo it.
        await repo.dropUnusedTokens(tx, userId, 'password_reset');
        return revoked;
      });
      // Their access tokens and live sockets stop now, on every instance, not at expiry.
      await revocations?.announce(ended);
      await noticeMail({ to: account.email, name: account.fullName });
    },
  };
}

export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>;
