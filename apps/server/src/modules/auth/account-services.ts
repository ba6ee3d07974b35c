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
import type { SessionRevocations } from './session-revocations.ts';

export interface AccountServicesOptions {
  db: Database;
  signer: Signer;
  auth: AuthService;
  mail: MailQueue;
  /** Where emailed links point: PUBLIC_URL, or this server on localhost. */
  publicUrl: string;
  requireEmailConfirmation: boolean;
  /** Where sessions ended by a password change or reset are announced. */
  revocations?: SessionRevocations;
}

/** Email confirmation, password reset and password change, wired together. */
export function createAccountServices(options: AccountServicesOptions) {
  const repo = createAccountRepository(options.db);
  const links = createAccountLinks(repo, options.signer, options.publicUrl);
  const limits = createAttemptLimits(repo);
  const { auth, mail, revocations } = options;
  return {
    emailConfirmation: createEmailConfirmationService({
      repo,
      links,
      limits,
      mail,
      auth,
      required: options.requireEmailConfirmation,
    }),
    passwordReset: createPasswordResetService({ repo, links, limits, mail, auth, revocations }),
    passwordChange: createPasswordChangeService({ repo, links, limits, mail, revocations }),
  };
}
