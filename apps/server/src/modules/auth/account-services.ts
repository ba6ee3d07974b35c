import type { Database } from '../../db/database.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { createAccountLinks } from './account-links.ts';
import { createAccountRepository } from './account.repository.ts';
import { createAttemptLimits } from './attempt-limits.ts';
import type { AuthService } from './auth.service.ts';
import { createEmailConfirmationService } from './email-confirmation.service.ts';
import { createPasswordChangeService } from './password-change.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import type { Signer } from './signing-keys.ts';

export interface AccountServicesOptions {
  db: Database;
  signer: Signer;
  auth: AuthService;
  mail: MailQueue;
  /** Where emailed links point: PUBLIC_URL, or this server on localhost. */
  publicUrl: string;
  requireEmailConfirmation: boolean;
}

/** Email confirmation, password reset and password change, wired together. */
export function createAccountServices(options: AccountServicesOptions) {
  const repo = createAccountRepository(options.db);
  const links = createAccountLinks(repo, options.signer, options.publicUrl);
  const limits = createAttemptLimits(repo);
  const { auth, mail } = options;
  return {
    emailConfirmation: createEmailConfirmationService({
      repo,
      links,
      limits,
      mail,
      auth,
      required: options.requireEmailConfirmation,
    }),
    passwordReset: createPasswordResetService({ repo, links, limits, mail, auth }),
    passwordChange: createPasswordChangeService({ repo, links, limits, mail }),
  };
}
