import { expectSignedInShell, signOutThroughUi } from '../fixtures/app-shell.ts';
import { AuthScreen, expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expect, test } from '../fixtures/test.ts';
import {
  addVirtualAuthenticator,
  openTwoFactorSettings,
  saveRecoveryCodes,
} from '../fixtures/two-factor.ts';

// WebAuthn needs a domain for its RP ID: an IP address will not do, localhost will (the server
// offers passkeys on localhost when PUBLIC_URL is a loopback address).
const port = Number(process.env.E2E_PORT ?? 4310);
test.use({ baseURL: `http://localhost:${port}` });

test('a member adds a passkey, then signs in with it alone, and uses it after a password', async ({
  page,
  player,
}) => {
  test.setTimeout(90_000);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await signInThroughUi(page, player);

  const section = await openTwoFactorSettings(page);
  await section.getByRole('button', { name: 'Add passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill('Laptop');
  await dialog.getByRole('button', { name: 'Create passkey' }).click();
  await expectToast(page, 'Passkey added');
  await saveRecoveryCodes(page);
  await expect(section.getByText('Laptop', { exact: true })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // No password: the browser offers the passkey it holds for this site.
  await signOutThroughUi(page);
  const auth = new AuthScreen(page);
  await auth.open('Login');
  await auth.panel.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'Welcome back!');
  await expectSignedInShell(page);

  // After a password, the passkey is the second step.
  await signOutThroughUi(page);
  await auth.open('Login');
  await auth.login(player);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Two-factor authentication' }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /Passkey/ })).toBeChecked();
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expectSignedInShell(page);
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]?.signCount).toBeGreaterThanOrEqual(2);
});
