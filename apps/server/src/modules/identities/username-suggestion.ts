import { usernameSchema } from '@arena/shared/auth.schema';
import { LIMITS } from '@arena/shared/limits';

/**
 * A username to prefill from what the provider knows (its preferred username, else the email's
 * local part), made to fit the username rules; empty when nothing fits. Only a suggestion: the
 * person may change it, and the sign-up still checks that it is free.
 */
export function suggestUsername(preferredUsername: string | null, email: string): string {
  for (const source of [preferredUsername, email.split('@')[0] ?? '']) {
    if (!source) continue;
    const candidate = source
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, LIMITS.usernameMax);
    if (usernameSchema.safeParse(candidate).success) return candidate;
  }
  return '';
}
