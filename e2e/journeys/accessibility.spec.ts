import { AuthScreen, holdSettledToast } from '../fixtures/auth-screen.ts';
import { expectSignedInShell } from '../fixtures/app-shell.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

const PUBLIC_PAGES = [
  { path: '/', ready: 'Join your professional sports community today' },
  { path: '/user-agreement', ready: 'Last updated' },
  { path: '/privacy-policy', ready: 'Last updated' },
  { path: '/cookie-policy', ready: 'Last updated' },
  { path: '/no-such-page', ready: 'Oops! Page not found' },
];

for (const { path, ready } of PUBLIC_PAGES) {
  test(`${path} has no serious or critical axe violations`, async ({ page }, testInfo) => {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo);
  });
}

test('/auth (both tabs) has no serious or critical axe violations', async ({ page }, testInfo) => {
  const auth = new AuthScreen(page);
  await auth.open('Login');
  await expectNoSeriousA11yViolations(page, testInfo);
  await auth.selectTab('Sign Up');
  await expectNoSeriousA11yViolations(page, testInfo);
});

test('the signed-in feed has no serious or critical axe violations', async ({
  playerPage: page,
}, testInfo) => {
  await expectSignedInShell(page);
  // The page itself, once the 'Welcome back!' toast has gone (the toasts have a test of their own).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, testInfo);
});

test('the success and error toasts have no serious or critical axe violations', async ({
  page,
  player,
}, testInfo) => {
  const auth = new AuthScreen(page);
  await auth.open('Login');
  await auth.fillLogin('not-an-email', 'long-enough-1');
  await auth.loginButton.click();
  await holdSettledToast(page, 'Invalid email address');
  await expectNoSeriousA11yViolations(page, testInfo, '[data-sonner-toaster]');

  await auth.fillLogin(player.email, player.password);
  await auth.loginButton.click();
  await holdSettledToast(page, 'Welcome back!');
  await expectNoSeriousA11yViolations(page, testInfo, '[data-sonner-toaster]');
});
