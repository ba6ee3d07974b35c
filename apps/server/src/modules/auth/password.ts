import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane.
 * argon2id is the library's default algorithm; the unit test pins the encoded parameters.
 */
export const PASSWORD_HASH_OPTIONS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** A valid hash of a random secret: verified against when the account does not exist, so timing does not tell. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
