import { AuthScreen } from '../fixtures/auth-screen.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

test('the landing page shows its sections and leads to /auth', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Welcome to your professional sports community' }),
  ).toBeVisible();
  await expect(page.getByText('Explore topics')).toBeVisible();
  for (const topic of [
    'Basketball',
    'Football',
    'Tennis',
    'Training Camps',
    'College Recruiting',
    'Athletic Development',
  ]) {
    await expect(page.getByText(topic, { exact: true }).first()).toBeVisible();
  }
  for (const feature of [
    'Build Your Network',
    'Share Your Journey',
    'Grow Your Career',
    'Showcase Achievements',
    'Find Tryouts & Camps',
    'Unlock Scholarships',
  ]) {
    await expect(page.getByText(feature, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText('Built for every sport')).toBeVisible();
  await expect(page.getByText('Join your professional sports community today')).toBeVisible();

  await page
    .getByRole('button', { name: 'Continue with Email' })
    .or(page.getByRole('link', { name: 'Continue with Email' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth(\?.*)?$/);
});

test('the landing page links to the legal pages', async ({ page }) => {
  await page.goto('/');
  for (const [name, path] of [
    [/User Agreement/i, '/user-agreement'],
    [/Privacy Policy/i, '/privacy-policy'],
    [/Cookie Policy/i, '/cookie-policy'],
  ] as const) {
    await expect(page.getByRole('link', { name }).first()).toHaveAttribute('href', path);
  }
});

test('the landing navigation sends visitors to sign in', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('link', { name: 'Join now', exact: true })
    .or(page.getByRole('button', { name: 'Join now', exact: true }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth(\?.*)?$/);
  await page.goto('/');
  await page
    .getByRole('link', { name: 'Sign in', exact: true })
    .or(page.getByRole('button', { name: 'Sign in', exact: true }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth(\?.*)?$/);
});

test('the landing page’s camps and scholarships links lead there once signed in', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, makeUser());
  await page.goto('/');
  for (const name of ['Scholarships', 'College Recruiting']) {
    await expect(page.getByRole('link', { name, exact: true }).last()).toHaveAttribute(
      'href',
      '/auth?redirectTo=%2Fscholarships',
    );
  }
  await page.getByRole('link', { name: 'Training Camps', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsport-camps$/);
  const auth = new AuthScreen(page);
  await auth.selectTab('Login');
  await auth.login(user);
  await expect(page).toHaveURL(/\/sport-camps(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: /camps/i })).toBeVisible();
});
