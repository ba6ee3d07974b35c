import type { Browser, Page } from '@playwright/test';

import { AuthScreen, expectToast } from '../fixtures/auth-screen.ts';
import { expectSignedInShell, signOutThroughUi } from '../fixtures/app-shell.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser } from '../fixtures/users.ts';

/** Holds the next request to `path` for a moment so the busy label can be seen. */
async function slowDown(page: Page, path: string): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 750));
    await route.fallback();
  });
}

/**
 * A new browser session: the cookies of the old one (a browser that restores session cookies
 * brings back even those) and its localStorage, but no sessionStorage.
 */
async function reopenBrowser(browser: Browser, page: Page): Promise<Page> {
  const storageState = await page.context().storageState();
  await page.context().close();
  const context = await browser.newContext({
    storageState,
    baseURL: test.info().project.use.baseURL,
  });
  return context.newPage();
}

async function refreshCookies(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.filter((c) => c.name === 'arena_refresh');
}

test('a new user signs up through the UI, lands on the feed and signs out to the landing page', async ({
  page,
}) => {
  const user = makeUser();
  const auth = new AuthScreen(page);
  await auth.open('Sign Up');
  await auth.fillSignUp(user);
  await slowDown(page, '/api/auth/sign-up');
  await auth.signUpButton.click();
  await expect(auth.panel.getByRole('button', { name: 'Creating account...' })).toBeVisible();

  await expectToast(page, 'Account created successfully!');
  await expectSignedInShell(page);

  await signOutThroughUi(page);
  await expect(page.getByText('Welcome to your professional sports community')).toBeVisible();
  expect(await refreshCookies(page), 'the refresh cookie is cleared').toEqual([]);

  // Signed out for good: the protected feed sends the visitor to /auth, even after a reload.
  await page.goto('/feed');
  await expect(page).toHaveURL(/\/auth(\?.*)?$/);
  await page.reload();
  await expect(page).toHaveURL(/\/auth(\?.*)?$/);
});

test('sign-in with Remember me ticked survives a reload and a new browser session', async ({
  page,
  browser,
  player,
}) => {
  const auth = new AuthScreen(page);
  await auth.open('Login');
  await expect(auth.rememberMe, 'Remember me is checked by default').toBeChecked();

  await auth.fillLogin(player.email, player.password, true);
  await slowDown(page, '/api/auth/sign-in');
  await auth.loginButton.click();
  await expect(auth.panel.getByRole('button', { name: 'Logging in...' })).toBeVisible();
  await expectToast(page, 'Welcome back!');
  await expectSignedInShell(page);

  const cookies = await refreshCookies(page);
  expect(
    cookies.some((c) => c.expires > Date.now() / 1000 + 3600),
    `a persistent HttpOnly refresh cookie: ${JSON.stringify(cookies)}`,
  ).toBe(true);

  await page.reload();
  await expectSignedInShell(page);

  const reopened = await reopenBrowser(browser, page);
  await reopened.goto('/feed');
  await expectSignedInShell(reopened);
  await reopened.context().close();
});

test('sign-in without Remember me survives a reload but not the end of the browser session', async ({
  page,
  browser,
  player,
}) => {
  const auth = new AuthScreen(page);
  await auth.open('Login');
  await auth.login(player, false);
  await expectToast(page, 'Welcome back!');
  await expectSignedInShell(page);

  const cookies = await refreshCookies(page);
  expect(cookies.length, 'an HttpOnly refresh cookie').toBeGreaterThan(0);
  expect(
    cookies.every((c) => c.expires === -1),
    `only session cookies: ${JSON.stringify(cookies)}`,
  ).toBe(true);

  await page.reload();
  await expectSignedInShell(page);

  // Even with the session cookie restored, the app finds no remember flag and signs out.
  const reopened = await reopenBrowser(browser, page);
  await reopened.goto('/feed');
  await expect(reopened).toHaveURL(/\/auth(\?.*)?$/);
  await reopened.reload();
  await expect(reopened).toHaveURL(/\/auth(\?.*)?$/);
  await reopened.context().close();
});

test('after signing out, a reopened browser is still signed out', async ({
  playerPage,
  browser,
}) => {
  await signOutThroughUi(playerPage);
  const reopened = await reopenBrowser(browser, playerPage);
  await reopened.goto('/feed');
  await expect(reopened).toHaveURL(/\/auth(\?.*)?$/);
  await reopened.context().close();
});

test('signing out in one tab signs the other tabs out at once', async ({ playerPage }) => {
  const other = await playerPage.context().newPage();
  await other.goto('/feed');
  await expectSignedInShell(other);

  await signOutThroughUi(playerPage);

  // No reload and no refresh due for minutes: the other tab hears of it from this one.
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByText('Welcome to your professional sports community')).toBeVisible();
  await other.close();
});
