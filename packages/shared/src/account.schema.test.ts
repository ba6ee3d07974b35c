import { describe, expect, it } from 'vitest';

import {
  confirmEmailSchema,
  emailRequestSchema,
  passwordChangeSchema,
  passwordResetSchema,
} from './account.schema.ts';
import { MESSAGES } from './messages.ts';

const m = MESSAGES.account;

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('emailRequestSchema', () => {
  it('takes a trimmed email and refuses anything else with the sign-in message', () => {
    expect(emailRequestSchema.parse({ email: ' jo@arena.test ' })).toEqual({
      email: 'jo@arena.test',
    });
    expect(messages(emailRequestSchema.safeParse({ email: 'jo' }))).toEqual([
      MESSAGES.validation.invalidEmail,
    ]);
  });
});

describe('link tokens', () => {
  it.each([undefined, '', '   ', 42, 'x'.repeat(2049)])('refuses %j as not valid', (token) => {
    expect(messages(confirmEmailSchema.safeParse({ token }))).toEqual([m.confirmLinkInvalid]);
  });
});

describe('passwordResetSchema', () => {
  const valid = { token: 't', password: 'long-enough', confirmPassword: 'long-enough' };

  it('remembers by default, like sign-in', () => {
    expect(passwordResetSchema.parse(valid).remember).toBe(true);
  });

  it('applies the sign-up password rules and wants the same password twice', () => {
    expect(
      messages(
        passwordResetSchema.safeParse({ ...valid, password: 'short', confirmPassword: 'short' }),
      ),
    ).toEqual([MESSAGES.validation.passwordMin]);
    expect(
      messages(passwordResetSchema.safeParse({ ...valid, confirmPassword: 'long-enougH' })),
    ).toEqual([m.passwordsDoNotMatch]);
  });
});

describe('passwordChangeSchema', () => {
  const valid = {
    currentPassword: 'old-secret',
    newPassword: 'new-secret-1',
    confirmPassword: 'new-secret-1',
  };

  it('accepts a new password typed twice', () => {
    expect(passwordChangeSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ currentPassword: '' }, m.currentPasswordRequired],
    [{ newPassword: 'short', confirmPassword: 'short' }, MESSAGES.validation.passwordMin],
    [{ confirmPassword: 'new-secret-2' }, m.passwordsDoNotMatch],
    [{ newPassword: 'old-secret', confirmPassword: 'old-secret' }, m.passwordUnchanged],
  ])('refuses %j with "%s"', (override, message) => {
    expect(messages(passwordChangeSchema.safeParse({ ...valid, ...override }))).toContain(message);
  });
});
