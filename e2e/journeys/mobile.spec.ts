import { signInThroughUi } from '../fixtures/auth-screen.ts';
import { horizontalOverflow, openAccountMenu } from '../fixtures/app-shell.ts';
import { expect, test } from '../fixtures/test.ts';

const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

test('the landing page fits a 375 px screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Join your professional sports community today')).toBeVisible();
  const { scrollWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(WIDTH);
});

test('the auth screen fits a 375 px screen', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign Up', exact: true })).toBeVisible();
  const { scrollWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(WIDTH);
});

test('the feed fits a 375 px screen', async ({ page, player }) => {
  await signInThroughUi(page, player);
  // Give the feed's columns time to lay out before measuring.
  await page.waitForLoadState('networkidle');
  const { scrollWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(WIDTH);
});

test('on a 375 px screen the bottom tab bar and the avatar menu carry the navigation', async ({
  page,
  admin,
}) => {
  await signInThroughUi(page, admin);
  const tabBar = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Feed', 'Messages', 'Sport Camps', 'Scholarships', 'Find Athlete Offers']) {
    await expect(tabBar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // Pages only some members see move into the avatar menu on narrow screens.
  await openAccountMenu(page);
  for (const name of ['My Profile', 'Post Offers', 'Applications Received', 'Verify']) {
    await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
  }
  const { scrollWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(WIDTH);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});
