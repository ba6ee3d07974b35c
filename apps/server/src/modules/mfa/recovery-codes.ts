import { createHash, randomInt } from 'node:crypto';

import { MFA_LIMITS } from '@arena/shared/limits';

/** No 0/o, 1/l/i: easy to copy by hand. 32 symbols, 5 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

/** Ten codes like `k3m9p-x7qtr` (50 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: MFA_LIMITS.recoveryCodes }, () => {
    const chars = Array.from({ length: GROUP * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]);
    return `${chars.slice(0, GROUP).join('')}-${chars.slice(GROUP).join('')}`;
  });
}

/** Case, spaces and dashes do not matter when a code is typed back. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Only hashes are stored; a code carries enough entropy that a fast hash suffices. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('base64url');
}
