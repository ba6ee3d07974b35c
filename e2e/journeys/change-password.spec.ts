import { AuthScreen, expectToast } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { expectSignedInShell, openAccountMenu, signOutThroughUi } from '../fixtures/app-shell.ts';
import { waitForMail } from '../fixtures/outbox.ts';
import { expect, test } from '../fixtures/test.ts';

const NEW_PASSWORD = 'Changed-Secret-55';

test('changing the password in Settings keeps this session and ends the others', async ({
  playerPage: page,
  player,
  playwright,
  baseURL,
}, testInfo) => {
  const otherDevice = await playwright.request.newContext({ baseURL });
  expect(
    (
      await otherDevice.post('/api/auth/sign-in', {
        data: { email: player.email, password: player.password },
      })
    ).status(),
  ).toBe(200);

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const section = page.getByRole('region', { name: 'Password' });

  // A wrong current password is refused on its field.
  await section.getByLabel('Current password', { exact: true }).fill('Not-My-Password-1');
  await section.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await section.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Current password is incorrect')).toBeVisible();
  await expect(section.getByLabel('Current password', { exact: true })).toBeFocused();
  await expectNoSeriousA11yViolations(page, testInfo, 'main');

  await section.getByLabel('Current password', { exact: true }).fill(player.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed. Your other sessions have been signed out.');
  await expect(section.getByLabel('New password', { exact: true })).toHaveValue('');

  expect((await otherDevice.post('/api/auth/refresh')).status()).toBe(401);
  await otherDevice.dispose();
  await waitForMail(player.email, 'Your Arena password was changed');

  // This session lives on, across a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.goto('/feed');
  await expectSignedInShell(page);

  await signOutThroughUi(page);
  const auth = new AuthScreen(page);
  await auth.open('Login');
  await auth.login({ email: player.email, password: NEW_PASSWORD });
  await expectToast(page, 'Welcome back!');
});
