import { randomBytes } from 'node:crypto';

import type { Page } from '@playwright/test';

import { AuthScreen, expectToast } from '../fixtures/auth-screen.ts';
import { expectSignedInShell, openAccountMenu, signOutThroughUi } from '../fixtures/app-shell.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { OIDC_PROVIDER, oidcIssuer } from '../fixtures/oidc.ts';
import { expect, test } from '../fixtures/test.ts';

const continueWith = `Continue with ${OIDC_PROVIDER.label}`;

/** The provider's own login page (oidc-provider's development interaction). */
async function loginAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${oidcIssuer()}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a new member signs up with a provider, signs out, signs in with it again and sees it in Settings', async ({
  page,
}, testInfo) => {
  const login = `oidc_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const email = `${login}@oidc.test`;

  // Continue with the provider from /auth, and sign in on the provider's page.
  const auth = new AuthScreen(page);
  await auth.open('Login');
  await page.getByRole('button', { name: continueWith }).click();
  await loginAtProvider(page, login);

  // Back at Arena: new here, so finish creating the account.
  await expect(page).toHaveURL(/\/auth\/finish$/);
  await expect(page.getByRole('heading', { name: 'Finish creating your account' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(`Test ${login}`);
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(login);
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.getByLabel('Full Name', { exact: true }).fill('Ana Ribeiro');
  await page.getByLabel('I am a', { exact: true }).click();
  await page.getByRole('option', { name: 'Coach', exact: true }).click();
  // An organisation confirms it is 18 or over, as at sign-up with a password.
  await page.getByLabel('I confirm that I am 18 or over').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expectToast(page, 'Account created successfully!');
  await expectSignedInShell(page);

  // Signed out, then back in with the provider (still signed in there: straight back).
  await signOutThroughUi(page);
  await auth.open('Login');
  await page.getByRole('button', { name: continueWith }).click();
  await expectToast(page, 'Welcome back!');
  await expectSignedInShell(page);

  // The session survives a reload, as after a password sign-in with Remember me.
  await page.reload();
  await expectSignedInShell(page);

  // Settings lists the provider; it is the only way in, so it cannot be unlinked.
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  const linked = methods.getByRole('listitem');
  await expect(linked).toContainText(OIDC_PROVIDER.label);
  await expect(linked).toContainText(email);
  await expect(linked).toContainText('Linked');
  await expect(
    methods.getByRole('button', { name: `Unlink ${OIDC_PROVIDER.label}` }),
  ).toBeDisabled();
  await expect(methods.getByText(/This is your only way to sign in/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
});

test('a password member links the provider from Settings and unlinks it again', async ({
  playerPage: page,
}) => {
  const login = `link_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods.getByText('No providers linked yet.')).toBeVisible();
  await methods.getByRole('button', { name: `Link ${OIDC_PROVIDER.label}` }).click();
  await loginAtProvider(page, login);

  await expect(page).toHaveURL(/\/settings$/);
  await expectToast(page, `${OIDC_PROVIDER.label} is now linked to your account.`);
  await expect(methods.getByRole('listitem')).toContainText(`${login}@oidc.test`);

  await methods.getByRole('button', { name: `Unlink ${OIDC_PROVIDER.label}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Unlink ${OIDC_PROVIDER.label}?` });
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await expectToast(page, `${OIDC_PROVIDER.label} was unlinked from your account.`);
  await expect(methods.getByText('No providers linked yet.')).toBeVisible();
});

test('cancelling at the provider comes back to /auth with a message', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open('Login');
  await page.getByRole('button', { name: continueWith }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidcIssuer()}/interaction/`));
  await page.getByRole('link', { name: /Cancel/i }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, `Signing in with ${OIDC_PROVIDER.label} was cancelled.`);
});
