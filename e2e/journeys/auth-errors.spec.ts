import { AuthScreen, expectToast } from '../fixtures/auth-screen.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser } from '../fixtures/users.ts';

test.describe('login form', () => {
  const cases = [
    {
      name: 'an empty email',
      email: '',
      password: 'long-enough-1',
      message: 'Invalid email address',
    },
    {
      name: 'an invalid email',
      email: 'not-an-email',
      password: 'long-enough-1',
      message: 'Invalid email address',
    },
    {
      name: 'a short password',
      email: 'someone@arena.test',
      password: 'short',
      message: 'Password must be at least 8 characters',
    },
  ];
  for (const { name, email, password, message } of cases) {
    test(`refuses ${name} with a toast`, async ({ page }) => {
      const auth = new AuthScreen(page);
      await auth.open('Login');
      await auth.fillLogin(email, password);
      await auth.loginButton.click();
      await expectToast(page, message);
      await expect(page).toHaveURL(/\/auth(\?.*)?$/);
    });
  }

  test('a wrong password shows "Invalid email or password"', async ({ page, player }) => {
    const auth = new AuthScreen(page);
    await auth.open('Login');
    await auth.fillLogin(player.email, 'Wrong-password-99');
    await auth.loginButton.click();
    await expectToast(page, 'Invalid email or password');
    await expect(page).toHaveURL(/\/auth(\?.*)?$/);
    await expect(auth.loginButton).toHaveText('Login');
  });

  test('an unknown email shows "Invalid email or password"', async ({ page }) => {
    const auth = new AuthScreen(page);
    await auth.open('Login');
    await auth.fillLogin(makeUser().email, 'Whatever-password-1');
    await auth.loginButton.click();
    await expectToast(page, 'Invalid email or password');
    await expect(page).toHaveURL(/\/auth(\?.*)?$/);
  });
});

test.describe('sign-up form', () => {
  const cases = [
    {
      name: 'a two-letter username',
      patch: { username: 'ab' },
      message: 'Username must be at least 3 characters',
    },
    {
      name: 'a username with a space',
      patch: { username: 'bad name' },
      message: 'Username can only contain letters, numbers, and underscores',
    },
    { name: 'an empty full name', patch: { fullName: '' }, message: 'Full name is required' },
    { name: 'an invalid email', patch: { email: 'nope@' }, message: 'Invalid email address' },
    {
      name: 'a short password',
      patch: { password: '1234567' },
      message: 'Password must be at least 8 characters',
    },
  ];
  for (const { name, patch, message } of cases) {
    test(`refuses ${name} with a toast`, async ({ page }) => {
      const auth = new AuthScreen(page);
      await auth.open('Sign Up');
      await auth.signUp(makeUser(patch));
      await expectToast(page, message);
      await expect(page).toHaveURL(/\/auth(\?.*)?$/);
    });
  }

  test('a registered email shows "This email is already registered"', async ({ page, player }) => {
    const auth = new AuthScreen(page);
    await auth.open('Sign Up');
    await auth.signUp(makeUser({ email: player.email }));
    await expectToast(page, 'This email is already registered');
    await expect(page).toHaveURL(/\/auth(\?.*)?$/);
  });

  test('a registered email in other letter case is a duplicate too', async ({ page, player }) => {
    const auth = new AuthScreen(page);
    await auth.open('Sign Up');
    await auth.signUp(makeUser({ email: player.email.toUpperCase() }));
    await expectToast(page, 'This email is already registered');
  });

  test('a taken username shows "Username already taken"', async ({ page, player }) => {
    const auth = new AuthScreen(page);
    await auth.open('Sign Up');
    await auth.signUp(makeUser({ username: player.username }));
    await expectToast(page, 'Username already taken');
    await expect(page).toHaveURL(/\/auth(\?.*)?$/);
  });

  test('a taken username in other letter case is a duplicate too', async ({ page, player }) => {
    const auth = new AuthScreen(page);
    await auth.open('Sign Up');
    await auth.signUp(makeUser({ username: player.username.toUpperCase() }));
    await expectToast(page, 'Username already taken');
  });
});
