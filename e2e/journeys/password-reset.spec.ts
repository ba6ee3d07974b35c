import { AuthScreen, expectToast } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { expectSignedInShell, signOutThroughUi } from '../fixtures/app-shell.ts';
import { linkIn, waitForMail } from '../fixtures/outbox.ts';
import { expect, test } from '../fixtures/test.ts';

const RESET_REQUESTED =
  "If an account exists for that email, we've sent a link to reset the password.";
const NEW_PASSWORD = 'Brand-New-Secret-77';

test('forgot password: the emailed link sets a new password, signs in here and out elsewhere', async ({
  page,
  player,
  playwright,
  baseURL,
}, testInfo) => {
  // Another device, signed in before the reset.
  const otherDevice = await playwright.request.newContext({ baseURL });
  const signIn = await otherDevice.post('/api/auth/sign-in', {
    data: { email: player.email, password: player.password },
  });
  expect(signIn.status()).toBe(200);

  const auth = new AuthScreen(page);
  await auth.open('Login');
  await auth.panel.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.getByLabel('Email', { exact: true }).fill(player.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESET_REQUESTED })).toBeVisible();

  const mail = await waitForMail(player.email, 'Reset your Arena password');
  const link = linkIn(mail, '/auth/reset-password');
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expectToast(page, 'Your password has been reset. You are signed in.');
  await expectSignedInShell(page);
  await page.reload();
  await expectSignedInShell(page);

  expect((await otherDevice.post('/api/auth/refresh')).status()).toBe(401);
  await otherDevice.dispose();
  await waitForMail(player.email, 'Your Arena password was changed');

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another-Secret-88');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Another-Secret-88');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link has already been used. Please request a new one.',
  );
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'main');

  // The new password is the one that signs in.
  await page.goto('/feed');
  await signOutThroughUi(page);
  await auth.open('Login');
  await auth.login(player);
  await expectToast(page, 'Invalid email or password');
  await auth.login({ email: player.email, password: NEW_PASSWORD });
  await expectToast(page, 'Welcome back!');
  await expectSignedInShell(page);
});

test('forgot password answers an unknown email exactly as a known one', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(`nobody.${Date.now()}@arena.test`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESET_REQUESTED })).toBeVisible();
});
