import type { Browser, Page } from '@playwright/test';

import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';
import type { TestUser } from '../fixtures/users.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/**
 * Another browser (its own cookies and storage) signed in as `user`, on the feed. It tells the
 * server it is a phone, so the sessions list can tell it apart.
 */
async function secondBrowser(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: ANDROID_CHROME,
  });
  const page = await context.newPage();
  await signInThroughUi(page, user);
  return page;
}

function sessionsList(page: Page) {
  return page.getByRole('list', { name: 'Signed-in sessions' });
}

test('ending the other session from Settings signs that browser out', async ({
  playerPage: mine,
  player,
  browser,
}, testInfo) => {
  const other = await secondBrowser(browser, player);
  try {
    await mine.goto('/settings');
    const region = mine.getByRole('region', { name: 'Sessions' });
    await expect(region).toBeVisible();
    const rows = sessionsList(mine).getByRole('listitem');
    // This browser, the other one, and the sign-up through the API that made the account.
    await expect(rows).toHaveCount(3);
    const current = rows.filter({ hasText: 'This device' });
    await expect(current).toHaveCount(1);
    await expect(current.getByRole('button')).toHaveCount(0);
    const phone = rows.filter({ hasText: 'Chrome on Android' });
    await expect(phone).toHaveCount(1);
    await expect(phone.getByText('This device')).toHaveCount(0);
    await expectNoSeriousA11yViolations(mine, testInfo);

    await phone.getByRole('button', { name: 'End session: Chrome on Android' }).click();
    const dialog = mine.getByRole('alertdialog', { name: 'End this session?' });
    await dialog.getByRole('button', { name: 'End session' }).click();
    await expectToast(mine, 'Session ended. That device is signed out.');
    await expect(rows).toHaveCount(2);
    await expect(phone).toHaveCount(0);

    // The other browser's live connection is closed and its refresh refused: it is signed out
    // without doing anything, and stays signed out after a reload.
    await expect(other).toHaveURL(/\/auth(\?.*)?$/);
    await expectToast(other, 'Your session has expired. Please sign in again.');
    await other.goto('/feed');
    await expect(other).toHaveURL(/\/auth(\?.*)?$/);

    // This browser is untouched.
    await mine.reload();
    await expect(sessionsList(mine).getByRole('listitem')).toHaveCount(2);
  } finally {
    await other.context().close();
  }
});

test('Sign out all other sessions keeps only this browser signed in', async ({
  playerPage: mine,
  player,
  browser,
}) => {
  const others = [await secondBrowser(browser, player), await secondBrowser(browser, player)];
  try {
    await mine.goto('/settings');
    // This browser, the two others, and the sign-up through the API.
    await expect(sessionsList(mine).getByRole('listitem')).toHaveCount(4);
    await mine.getByRole('button', { name: 'Sign out all other sessions' }).click();
    const dialog = mine.getByRole('alertdialog', { name: 'Sign out all other sessions?' });
    await expect(dialog).toContainText('All 3 other devices');
    await dialog.getByRole('button', { name: 'Sign out others' }).click();
    await expectToast(mine, 'Signed out of all other sessions');
    await expect(sessionsList(mine).getByRole('listitem')).toHaveCount(1);
    await expect(mine.getByText('No other sessions are signed in.')).toBeVisible();

    for (const page of others) {
      await page.reload();
      await expect(page).toHaveURL(/\/auth(\?.*)?$/);
    }
    await mine.goto('/feed');
    await expect(mine).toHaveURL(/\/feed$/);
  } finally {
    for (const page of others) await page.context().close();
  }
});
