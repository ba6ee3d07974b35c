import type { Page } from '@playwright/test';

import { APPLICATION_STAGE_LABELS, PIPELINE_MESSAGES } from '@arena/shared/application.schema';

import { horizontalOverflow, navLink, openAccountMenu } from '../fixtures/app-shell.ts';
import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { verifyThroughApi } from '../fixtures/offers.ts';
import {
  applyThroughApi,
  closeOfferThroughApi,
  listeningToInbox,
  moveStageThroughApi,
  pageAt,
  postOfferForId,
} from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

/** The page fits its viewport: no horizontal scrolling. */
async function expectNoOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** My applications from the navigation: the top bar from 1024 px, the avatar menu below. */
async function openMyApplications(page: Page, width: number) {
  if (width >= 1024) {
    await navLink(page, 'My applications').first().click();
  } else {
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'My applications' }).click();
  }
  await expect(page).toHaveURL(/\/applications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My applications' })).toBeVisible();
}

for (const width of [375, 1366]) {
  test(`an athlete follows an application live, withdraws it, and finds closed offers (${width} px)`, async ({
    browser,
    request,
    admin,
  }, testInfo) => {
    const id = Date.now().toString(36);
    const club = await registerUser(
      request,
      makeUser({ userType: 'club', fullName: `Harbour Club ${id}` }),
    );
    await verifyThroughApi(request, admin, club);
    const title = `Left Winger ${width} ${id}`;
    // A deadline and places: the card shows both.
    const deadline = new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString();
    const offerId = await postOfferForId(request, club, title, { deadline, places: 2 });
    const player = await registerUser(request, makeUser());
    const applicationId = await applyThroughApi(request, player, offerId);

    const page = await pageAt(browser, width);
    const inbox = listeningToInbox(page);
    await signInThroughUi(page, player);
    await inbox();
    await openMyApplications(page, width);

    const card = page.getByRole('article', { name: title });
    const stage = (label: string) => card.getByText(label, { exact: true });
    await expect(stage(APPLICATION_STAGE_LABELS.pending)).toHaveCount(2); // badge + timeline
    await expect(card.getByText(`${club.fullName} Organization`)).toBeVisible();
    await expect(card.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/offers/${offerId}`,
    );
    await expectNoOverflow(page);

    // The club moves it while the page is open: it changes without a reload.
    await page.evaluate(() => {
      (window as unknown as { stayedOpen: boolean }).stayedOpen = true;
    });
    await moveStageThroughApi(request, club, applicationId, {
      stage: 'shortlisted',
      message: 'Great pace on the wing.',
    });
    await expect(card.getByText('Great pace on the wing.')).toBeVisible();
    // The badge and the timeline's newest entry.
    await expect(stage(APPLICATION_STAGE_LABELS.shortlisted)).toHaveCount(2);

    const trialAt = new Date(Date.now() + 7 * 24 * 60 * 60_000);
    trialAt.setUTCSeconds(0, 0);
    await moveStageThroughApi(request, club, applicationId, {
      stage: 'trial',
      trialAt: trialAt.toISOString(),
      trialPlace: 'Harbour Stadium, pitch 2',
      message: 'Bring your boots.',
    });
    await expect(card.getByText('Bring your boots.')).toBeVisible();
    await expect(card.getByText(/^Trial on .* at Harbour Stadium, pitch 2$/)).toBeVisible();
    await expect(stage(APPLICATION_STAGE_LABELS.trial)).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, testInfo, 'main');
    await expect(stage(APPLICATION_STAGE_LABELS.shortlisted)).toHaveCount(1);
    expect(
      await page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen),
    ).toBe(true);
    await expectNoOverflow(page);

    // The athlete withdraws, after a confirmation.
    await card.getByRole('button', { name: `Withdraw application to ${title}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Withdraw this application?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expectToast(page, PIPELINE_MESSAGES.withdrawn);
    await expect(stage(APPLICATION_STAGE_LABELS.withdrawn)).toHaveCount(2);
    await expect(card.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);

    // A notification's link finds the application.
    await page.goto(`/applications#${applicationId}`);
    await expect(page.locator(`[id="${applicationId}"]`)).toBeInViewport();

    // A closed offer shows only on "Show closed", with why and no Apply.
    const closedTitle = `Goalkeeper ${width} ${id}`;
    const closedId = await postOfferForId(request, club, closedTitle);
    await closeOfferThroughApi(request, club, closedId);
    await page.goto('/offers');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Find Athlete Offers' }),
    ).toBeVisible();
    const closedCard = page.getByRole('article', { name: closedTitle });
    const openCard = page.getByRole('article', { name: title });
    await expect(openCard.getByText(/^Apply by /)).toBeVisible();
    await expect(openCard.getByText('2 places', { exact: true })).toBeVisible();
    await expect(closedCard).toHaveCount(0);
    // The box follows the address (?closed=true), which changes a moment after the click.
    const showClosed = page.getByRole('checkbox', { name: 'Show closed' });
    await expect(showClosed).not.toBeChecked();
    await showClosed.click();
    await expect(showClosed).toBeChecked();
    await expect(page).toHaveURL(/[?&]closed=true/);
    await expect(closedCard).toBeVisible();
    await expect(closedCard.getByText('Closed', { exact: true })).toBeVisible();
    await expect(closedCard.getByRole('button', { name: /Apply/ })).toHaveCount(0);
    await expectNoOverflow(page);

    // Its page says why, and offers no Apply either.
    await closedCard.getByRole('link', { name: `View details of ${closedTitle}` }).click();
    await expect(page.getByText(PIPELINE_MESSAGES.offerClosed)).toBeVisible();
    await expect(page.getByRole('button', { name: /Apply/ })).toHaveCount(0);
    await page.context().close();
  });
}
