import { describe, expect, it } from 'vitest';

import { canPostOffers, signInSchema, signUpSchema } from './auth.schema.ts';
import { MESSAGES } from './messages.ts';

const v = MESSAGES.validation;
const valid = {
  fullName: 'Marta Vieira',
  username: 'marta_10',
  email: 'marta@example.com',
  password: 'goal-machine',
  userType: 'player',
  birthdate: '2000-05-01',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('signInSchema', () => {
  it('accepts a valid login and remembers by default', () => {
    const parsed = signInSchema.parse({ email: ' Marta@Example.com ', password: 'goal-machine' });
    expect(parsed).toEqual({
      email: 'Marta@Example.com',
      password: 'goal-machine',
      remember: true,
    });
  });

  it.each([
    [{ email: 'marta', password: 'goal-machine' }, v.invalidEmail],
    [{ email: '', password: 'goal-machine' }, v.invalidEmail],
    [{ password: 'goal-machine' }, v.invalidEmail],
    [{ email: 'marta@example.com', password: '1234567' }, v.passwordMin],
    [{ email: 'marta@example.com' }, v.passwordMin],
  ])('refuses %j with "%s"', (input, message) => {
    expect(firstMessage(signInSchema.safeParse(input))).toBe(message);
  });

  it('accepts a password of exactly 8 characters', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '12345678' }).success).toBe(true);
  });
});

describe('signUpSchema', () => {
  it('accepts a valid sign-up and trims names', () => {
    const parsed = signUpSchema.parse({ ...valid, fullName: '  Marta Vieira ' });
    expect(parsed.fullName).toBe('Marta Vieira');
    expect(parsed.remember).toBe(true);
  });

  it.each([
    [{ username: 'ab' }, v.usernameMin],
    [{ username: 'a'.repeat(31) }, v.usernameMax],
    [{ username: 'marta-10' }, v.usernameChars],
    [{ username: 'marta vieira' }, v.usernameChars],
    [{ username: 'márta' }, v.usernameChars],
    [{ username: 'Edit' }, MESSAGES.auth.usernameTaken],
    [{ fullName: '' }, v.fullNameRequired],
    [{ fullName: '   ' }, v.fullNameRequired],
    [{ fullName: 'x'.repeat(101) }, v.fullNameMax],
    [{ userType: '' }, v.userTypeRequired],
    [{ userType: 'scout' }, v.userTypeRequired],
    [{ userType: undefined }, v.userTypeRequired],
    [{ email: 'nope' }, v.invalidEmail],
    [{ password: 'short' }, v.passwordMin],
    [{ birthdate: undefined }, v.birthdateRequired],
    [{ userType: 'club', birthdate: undefined }, v.adultConfirmRequired],
  ])('refuses %j with "%s"', (override, message) => {
    expect(firstMessage(signUpSchema.safeParse({ ...valid, ...override }))).toBe(message);
  });

  it('accepts the boundaries: username of 3 and 30, full name of 100', () => {
    for (const override of [
      { username: 'abc' },
      { username: 'a'.repeat(30) },
      { fullName: 'x'.repeat(100) },
    ]) {
      expect(signUpSchema.safeParse({ ...valid, ...override }).success).toBe(true);
    }
  });

  it('reports the first invalid field in form order', () => {
    const result = signUpSchema.safeParse({
      fullName: '',
      username: 'a',
      email: 'x',
      password: '1',
      userType: '',
    });
    expect(firstMessage(result)).toBe(v.fullNameRequired);
  });
});

describe('canPostOffers', () => {
  const profile = { id: '', username: '', fullName: '', avatarUrl: null, bio: null };
  it.each([
    ['verified club', { ...profile, verified: true, userType: 'club' as const }, [], true],
    ['verified agent', { ...profile, verified: true, userType: 'agent' as const }, [], true],
    ['verified coach', { ...profile, verified: true, userType: 'coach' as const }, [], true],
    ['unverified club', { ...profile, verified: false, userType: 'club' as const }, [], false],
    ['verified player', { ...profile, verified: true, userType: 'player' as const }, [], false],
    [
      'admin player',
      { ...profile, verified: false, userType: 'player' as const },
      ['admin' as const],
      true,
    ],
  ])('%s → %s', (_name, p, roles, expected) => {
    expect(canPostOffers({ profile: p, roles })).toBe(expected);
  });
});
