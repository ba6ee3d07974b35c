import { expectSignedInShell, signOutThroughUi } from '../fixtures/app-shell.ts';
import { AuthScreen, expectToast } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';
import { openTwoFactorSettings, saveRecoveryCodes, totpCode } from '../fixtures/two-factor.ts';

test('a member turns on an authenticator app, then signs in with a code, and with a recovery code', async ({
  playerPage: page,
  player,
}, testInfo) => {
  test.setTimeout(90_000);
  const section = await openTwoFactorSettings(page);
  await expect(
    section.getByText('Two-factor authentication is off. Add a method to turn it on.'),
  ).toBeVisible();

  // Enrol: a name, the QR code and its key, a code computed from that key.
  await section.getByRole('button', { name: 'Add authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an authenticator app' });
  await dialog.getByLabel('Name').fill('Phone app');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(
    dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, '[role="dialog"]');
  const secret = (await dialog.getByLabel('Secret key').textContent()) ?? '';
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel('Code from your app').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expectToast(page, 'Two-factor authentication is on.');
  const codes = await saveRecoveryCodes(page);
  await expect(section.getByText('Phone app', { exact: true })).toBeVisible();
  await expect(section.getByText('10 unused codes left.')).toBeVisible();

  // The password alone now stops at the second step; other pages send it back there.
  await signOutThroughUi(page);
  const auth = new AuthScreen(page);
  await auth.open('Login');
  await auth.login(player);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Two-factor authentication' }),
  ).toBeVisible();
  await page.goto('/feed');
  await expect(page).toHaveURL(/\/auth$/);
  const step = page.getByLabel('Authentication code');
  await expect(step).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);

  // A wrong code is refused in words; the app's next code lets the member in.
  await step.fill(String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'That code is not valid. Please check it and try again.');
  await step.fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Welcome back!');
  await expectSignedInShell(page);

  // A recovery code works once in place of the app.
  await signOutThroughUi(page);
  await auth.open('Login');
  await auth.login(player);
  await page.getByRole('radio', { name: /Recovery code/ }).check();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedInShell(page);
  await expect((await openTwoFactorSettings(page)).getByText('9 unused codes left.')).toBeVisible();
});
