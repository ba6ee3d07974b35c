import { expectSignedInShell } from '../fixtures/app-shell.ts';
import { expect, test } from '../fixtures/test.ts';

const PROTECTED_ROUTES = ['/feed', '/discover', '/messages', '/profile/edit'];

for (const route of PROTECTED_ROUTES) {
  test(`a signed-out visitor of ${route} is sent to /auth`, async ({ page }) => {
    await page.goto(route);
    await expect(page).toHaveURL(/\/auth(\?.*)?$/);
    await expect(page.getByRole('tab', { name: 'Login', exact: true })).toBeVisible();
  });
}

test('a signed-in user visiting / or /auth is sent to /feed', async ({ playerPage: page }) => {
  await page.goto('/');
  await expectSignedInShell(page);
  await page.goto('/auth');
  await expectSignedInShell(page);
});

test('an unknown path shows the 404 page, logs the path, and links home', async ({ page }) => {
  const path = `/no-such-page-${Date.now()}`;
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));

  const response = await page.goto(path);
  // Client routes are answered with the app (history fallback); the app shows the 404 page.
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect
    .poll(() => logged.some((text) => text.includes(path)), { message: `console mentions ${path}` })
    .toBe(true);

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText('Welcome to your professional sports community')).toBeVisible();
});

test('an unknown path under a known prefix is a 404 too', async ({ page }) => {
  await page.goto('/feed/not-a-page/at-all');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
});
