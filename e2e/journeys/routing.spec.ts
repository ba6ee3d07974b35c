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

test('a page whose code is gone after a deploy reloads once, on the page the reader went to', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText('Welcome to your professional sports community')).toBeVisible();
  // The tab predates a deploy: the server no longer has the chunk its build names.
  let refused = 0;
  await page.route(
    '**/assets/cookie-policy-page-*.js',
    async (route) => {
      refused += 1;
      await route.fulfill({ status: 404, contentType: 'application/json', body: '{}' });
    },
    { times: 1 },
  );

  await page.getByRole('link', { name: 'Cookie Policy' }).first().click();

  await expect(page).toHaveURL(/\/cookie-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: /Cookie Policy/ })).toBeVisible();
  expect(refused).toBe(1);
});

test('when the page code stays unreachable, the error page says so instead of reloading again', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText('Welcome to your professional sports community')).toBeVisible();
  await page.route('**/assets/cookie-policy-page-*.js', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }),
  );

  await page.getByRole('link', { name: 'Cookie Policy' }).first().click();

  await expect(page.getByText(/This page could not be loaded/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
});
