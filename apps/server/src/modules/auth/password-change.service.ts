import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import { ACCOUNT_LIMITS } from '../../http/rate-limits.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { passwordChangedMail } from '../mail/templates.ts';
import type { AccountLinks } from './account-links.ts';
import type { AccountRepository } from './account.repository.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import type { ClientInfo } from './auth.service.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { hashRefreshToken } from './refresh-token.ts';

export interface PasswordChangeDeps {
  repo: AccountRepository;
  links: AccountLinks;
  limits: AttemptLimits;
  mail: MailQueue;
}

const LIMIT = ACCOUNT_LIMITS.wrongCurrentPasswordsPerAccount;

/** Settings → Password: the current password, then the new one. */
export function createPasswordChangeService({ repo, links, limits, mail }: PasswordChangeDeps) {
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
      // Two-factor: when the account has a verified factor, a change of password requires a
      // session at aal2; that check belongs here, before anything is changed.

      const passwordHash = await hashPassword(input.newPassword);
      const keepFamily = refreshToken
        ? await repo.findLiveFamily(userId, hashRefreshToken(refreshToken))
        : null;
      await repo.transaction(async (tx) => {
        await repo.setPassword(tx, userId, passwordHash);
        await repo.revokeSessions(tx, userId, keepFamily);
        // A reset link asked for before the change must not undo it.
        await repo.dropUnusedTokens(tx, userId, 'password_reset');
      });
      mail.enqueue('password change notice', async () =>
        passwordChangedMail(
          { to: account.email, name: account.fullName },
          'changed',
          links.pageUrl('/auth/forgot-password'),
        ),
      );
    },
  };
}

export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>;
