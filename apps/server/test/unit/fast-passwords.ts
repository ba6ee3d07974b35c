/**
 * A stand-in for `src/modules/auth/password.ts`
 * (`vi.mock('./password.ts', () => import('…/test/unit/fast-passwords.ts'))`):
 * argon2id costs a fifth of a second a hash, and its parameters have their own test
 * (password.test.ts). The rules around a password only need a hash that matches its password.
 */
export const hashPassword = (password: string) => Promise.resolve(`hashed:${password}`);

export const verifyPassword = (passwordHash: string | null, password: string) =>
  Promise.resolve(passwordHash !== null && passwordHash === `hashed:${password}`);
