import type { APIRequestContext, Page } from '@playwright/test';

import { MESSAGES } from '@arena/shared/messages';

import { horizontalOverflow, openAccountMenu } from '../fixtures/app-shell.ts';
import { AuthScreen, expectToast } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { waitForLinkInMail } from '../fixtures/outbox.ts';
import { pageAt } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

/** A birthdate that makes someone `years` old today. */
function birthdateAged(years: number): string {
  const today = new Date();
  const date = new Date(
    Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - 5),
  );
  return date.toISOString().slice(0, 10);
}

/** Opens the Sign Up tab straight from its address (no click racing the page's start). */
async function openSignUp(page: Page): Promise<AuthScreen> {
  await page.goto('/auth?tab=signup');
  await expect(page.getByRole('tab', { name: 'Sign Up', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  return new AuthScreen(page);
}

/** What a visitor (no session) gets for a profile. */
async function visitorStatus(request: APIRequestContext, username: string): Promise<number> {
  const response = await request.get(`/api/profiles/${username}`, { headers: {} });
  return response.status();
}

for (const width of [375, 1366]) {
  test(`a 15-year-old signs up, is hidden from visitors, and adds a guardian who confirms; an under-13 is refused (${width} px)`, async ({
    browser,
    playwright,
    request,
  }, testInfo) => {
    test.slow();
    const id = Date.now().toString(36);

    // Under 13: refused with the minimum age, and nothing is created.
    const child = makeUser({ fullName: `Young Child ${id}`, birthdate: birthdateAged(12) });
    const childPage = await pageAt(browser, width);
    const childAuth = await openSignUp(childPage);
    await childAuth.signUp(child);
    await expectToast(childPage, MESSAGES.minors.underMinimumAge);
    await expect(childPage).toHaveURL(/\/auth/);
    const childSignIn = await request.post('/api/auth/sign-in', {
      data: { email: child.email, password: child.password },
    });
    expect(childSignIn.status()).toBe(401);

    // A 15-year-old signs up through the form, with their birthdate.
    const teen = makeUser({ fullName: `Teen Athlete ${id}`, birthdate: birthdateAged(15) });
    const page = await pageAt(browser, width);
    const auth = await openSignUp(page);
    await auth.fillSignUp(teen);
    await expectNoSeriousA11yViolations(page, testInfo);
    await auth.signUpButton.click();
    await expectToast(page, MESSAGES.auth.signedUp);
    await expect(page).toHaveURL(/\/feed$/);

    // A visitor gets what a missing profile gives; an adult's profile stays public.
    const visitor = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const adult = await registerUser(request, makeUser({ fullName: `Adult Player ${id}` }));
    expect(await visitorStatus(visitor, teen.username)).toBe(404);
    expect(await visitorStatus(visitor, 'nobody_by_this_name')).toBe(404);
    expect(await visitorStatus(visitor, adult.username)).toBe(200);
    await visitor.dispose();

    // Settings → Guardian: the athlete adds a parent's email.
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const region = page.getByRole('region', { name: 'Guardian' });
    await region.scrollIntoViewIfNeeded();
    await expect(region).toBeVisible();
    const guardianEmail = `parent_${id}_${width}@guardian.test`;
    await region.getByLabel("Guardian's email").fill(guardianEmail);
    await region.getByRole('button', { name: 'Add guardian' }).click();
    await expectToast(page, MESSAGES.minors.guardianAdded);
    await expect(region.getByRole('status')).toContainText('waiting for them to confirm');
    await expectNoSeriousA11yViolations(page, testInfo);
    const { scrollWidth, clientWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

    // The guardian, who has no account, opens the emailed link.
    const link = await waitForLinkInMail(guardianEmail, '/guardian/confirm');
    const guardianPage = await pageAt(browser, width);
    await guardianPage.goto(link);
    await expect(guardianPage.getByText(MESSAGES.minors.guardianConfirmed)).toBeVisible();
    await expect(guardianPage.getByText(teen.fullName)).toBeVisible();
    await expectNoSeriousA11yViolations(guardianPage, testInfo);

    // The athlete's Settings now say so.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Guardian' }).getByRole('status')).toContainText(
      'confirmed',
    );
  });
}
