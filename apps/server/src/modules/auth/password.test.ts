import { describe, expect, it } from 'vitest';

import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters', async () => {
    const hashed = await hashPassword('correct horse battery');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hashed = await hashPassword('correct horse battery');
    await expect(verifyPassword(hashed, 'correct horse battery')).resolves.toBe(true);
    await expect(verifyPassword(hashed, 'correct horse batterY')).resolves.toBe(false);
  });

  it('refuses when there is no hash, and when the hash is corrupt', async () => {
    await expect(verifyPassword(null, 'anything at all')).resolves.toBe(false);
    await expect(verifyPassword('not-a-hash', 'anything at all')).resolves.toBe(false);
  });
});
