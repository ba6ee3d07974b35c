import type { Page } from '@playwright/test';

import { MESSAGES } from '@arena/shared/messages';

import { horizontalOverflow, openAccountMenu } from '../fixtures/app-shell.ts';
import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import {
  dismissToasts,
  requestVerificationThroughApi,
  signedInPage,
  verifyThroughApi,
} from '../fixtures/offers.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

test.use({ viewport: { width: 1366, height: 768 } });

async function openSettings(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  return page.getByRole('region', { name: 'Account type' });
}

test('an unverified club becomes an agent: its pending request is withdrawn, as the confirmation said', async ({
  browser,
  request,
  admin,
}, testInfo) => {
  test.setTimeout(120_000);
  const club = await registerUser(
    request,
    makeUser({ userType: 'club', fullName: `Quay Rovers ${Date.now().toString(36)}` }),
  );
  await requestVerificationThroughApi(request, club, `${club.fullName} Organization`);
  const adminPage = await signedInPage(browser, admin);
  await adminPage.goto('/verify');
  const pendingTab = adminPage.getByRole('tab', { name: /^Pending/ });
  await expect(pendingTab).toHaveAttribute('aria-selected', 'true');
  await expect(adminPage.getByRole('article', { name: club.fullName })).toBeVisible();

  const page = await signedInPage(browser, club);
  const section = await openSettings(page);
  const type = section.getByLabel('I am a', { exact: true });
  await expect(type).toContainText('Club');
  await expect(section.getByRole('button', { name: 'Change account type' })).toBeDisabled();
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);
  await type.click();
  await page.getByRole('option', { name: 'Agent', exact: true }).click();
  await section.getByRole('button', { name: 'Change account type' }).click();

  const confirmation = page.getByRole('alertdialog', {
    name: 'Change your account type to Agent?',
  });
  await expect(confirmation).toContainText(
    'This withdraws your pending verification request. You can request verification again as your new type.',
  );
  await expectNoSeriousA11yViolations(page, testInfo);
  await confirmation.getByRole('button', { name: 'Change account type' }).click();
  await expectToast(page, 'Account type changed. Your pending verification request was withdrawn.');
  await expect(confirmation).toBeHidden();
  await expect(type).toContainText('Agent');

  // The profile is an agent's now, and the request has left the admin's Pending tab.
  await page.goto(`/profile/${club.username}`);
  const about = page.getByRole('region', { name: 'About the organisation' });
  await expect(about).toContainText('Tell players about your agent');
  await about.getByRole('button', { name: 'Edit About the organisation' }).click();
  await expect(about.getByLabel('Licence or certification number')).toBeVisible();
  await expect(about.getByLabel('Founded year')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Get Verified' })).toBeVisible();

  await adminPage.reload();
  await expect(adminPage.getByRole('tab', { name: /^Pending/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    adminPage
      .getByRole('list', { name: 'Pending verification requests' })
      .or(adminPage.getByText('No verification requests found')),
  ).toBeVisible();
  await expect(adminPage.getByRole('article', { name: club.fullName })).toHaveCount(0);
  for (const each of [page, adminPage]) await each.context().close();
});

test('a coach who becomes a player is asked for their birthdate at once, and goes on once given', async ({
  browser,
  request,
}) => {
  const coach = await registerUser(
    request,
    makeUser({ userType: 'coach', fullName: `Casey Coach ${Date.now().toString(36)}` }),
  );
  const page = await signedInPage(browser, coach);
  const section = await openSettings(page);
  await dismissToasts(page);
  await section.getByLabel('I am a', { exact: true }).click();
  await page.getByRole('option', { name: 'Player', exact: true }).click();
  await section.getByRole('button', { name: 'Change account type' }).click();
  await page
    .getByRole('alertdialog', { name: 'Change your account type to Player?' })
    .getByRole('button', { name: 'Change account type' })
    .click();

  // An athlete's age decides what is safe for them: the app asks before anything else.
  await expect(page.getByRole('heading', { name: 'When is your birthday?' })).toBeVisible();
  await page.getByLabel('Birthdate').fill('1996-02-10');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, MESSAGES.minors.birthdateSaved);
  await expect(page.getByRole('heading', { name: 'When is your birthday?' })).toHaveCount(0);
  await page.goto('/settings');
  await expect(
    page.getByRole('region', { name: 'Account type' }).getByLabel('I am a', { exact: true }),
  ).toContainText('Player');
  await page.context().close();
});

test('a verified organisation cannot change its account type and is told to ask an admin', async ({
  page,
  request,
  admin,
}, testInfo) => {
  test.setTimeout(90_000);
  const coach = await registerUser(request, makeUser({ userType: 'coach' }));
  await verifyThroughApi(request, admin, coach);
  await signInThroughUi(page, coach);
  const section = await openSettings(page);
  await expect(section).toContainText(
    'Coach. Your organisation is verified, so its account type cannot be changed. Please ask an admin to remove the verification first.',
  );
  await expect(section.getByRole('button', { name: 'Change account type' })).toHaveCount(0);
  await expect(section.getByLabel('I am a', { exact: true })).toHaveCount(0);
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);
});

test.describe('on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('Settings fit, and the account type confirmation and the deletion dialog pass axe', async ({
    page,
    request,
  }, testInfo) => {
    const club = await registerUser(request, makeUser({ userType: 'club' }));
    await signInThroughUi(page, club);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Account type' });
    await expect(section.getByLabel('I am a', { exact: true })).toContainText('Club');
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
    await dismissToasts(page);
    await expectNoSeriousA11yViolations(page, testInfo);

    await section.getByLabel('I am a', { exact: true }).click();
    await page.getByRole('option', { name: 'Coach', exact: true }).click();
    await section.getByRole('button', { name: 'Change account type' }).click();
    const confirmation = page.getByRole('alertdialog', {
      name: 'Change your account type to Coach?',
    });
    await expect(confirmation).toContainText(
      'Your profile will show the sections of your new type.',
    );
    await expectNoSeriousA11yViolations(page, testInfo);
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toBeHidden();

    await page
      .getByRole('region', { name: 'Delete my account' })
      .getByRole('button', { name: 'Delete my account' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account?' });
    await expect(dialog.getByLabel('Your password')).toBeVisible();
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, testInfo);
  });
});
