import type { Role } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';

import { uniqueViolation } from '../../db/errors.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { createAdminRoles } from './admin-emails.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { NewAccount } from './auth.service.ts';

/** The unique index a taken email or username breaks, and which one it is. */
const TAKEN_BY_CONSTRAINT: Partial<Record<string, 'email' | 'username'>> = {
  users_email_lower_key: 'email',
  profiles_username_lower_key: 'username',
};

/** The 409 for a taken email or username. */
function taken(field: 'email' | 'username'): AppError {
  return new AppError(
    'conflict',
    field === 'email' ? MESSAGES.auth.emailTaken : MESSAGES.auth.usernameTaken,
  );
}

/** Writes a new account: its user, its profile and, when earned, the admin role. */
export function createAccountWriter(
  repo: AuthRepository,
  grantForConfirmedEmail: ReturnType<typeof createAdminRoles>['grantForConfirmedEmail'],
) {
  /**
   * A taken email or username is a 409: checked first for a clear message (`ex` the caller's
   * transaction, or none), and settled by the unique indexes in any race (`insertAccount`).
   */
  async function refuseTaken(account: { email: string; username: string }, ex?: Executor) {
    if (await repo.emailExists(account.email, ex)) throw taken('email');
    if (await repo.usernameExists(account.username, ex)) throw taken('username');
  }

  /**
   * The user, their profile and, for a confirmed address in ADMIN_EMAILS, the admin role; a taken
   * email or username is a 409.
   */
  async function insertAccount(tx: Executor, account: NewAccount) {
    try {
      const user = await repo.insertUser(tx, {
        email: account.email,
        passwordHash: account.passwordHash,
        emailConfirmedAt: account.emailConfirmedAt ?? null,
      });
      const profile = await repo.insertProfile(tx, {
        userId: user.id,
        username: account.username,
        fullName: account.fullName,
        userType: account.userType,
      });
      if (account.userType === 'player' && account.birthdate) {
        await repo.insertBirthdate(tx, profile.id, account.birthdate);
      }
      // An unconfirmed address proves nothing: its role comes with the link (or never).
      const roles: Role[] =
        account.emailConfirmedAt && (await grantForConfirmedEmail(tx, user)) ? ['admin'] : [];
      const birthdateMissing = account.userType === 'player' && !account.birthdate;
      return { user, profile: { ...profile, birthdateMissing }, roles };
    } catch (error) {
      const field = TAKEN_BY_CONSTRAINT[uniqueViolation(error) ?? ''];
      throw field ? taken(field) : error;
    }
  }

  return { refuseTaken, insertAccount };
}
