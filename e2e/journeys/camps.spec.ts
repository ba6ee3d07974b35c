import type { Page } from '@playwright/test';

import { CAMP_MESSAGES } from '@arena/shared/camp.schema';

import { horizontalOverflow } from '../fixtures/app-shell.ts';
import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { dayFromToday, postCampThroughApi } from '../fixtures/camps.ts';
import { gradientJpeg } from '../fixtures/media.ts';
import { notificationEntry } from '../fixtures/notifications.ts';
import { verifyThroughApi } from '../fixtures/offers.ts';
import { pageAt } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser, type TestUser } from '../fixtures/users.ts';

/** The camp's card on the list, by its title. */
const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** What the camp's page says beside a term ('Places left', ...). */
const fact = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');

async function expectNoSideScroll(page: Page) {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth, 'no horizontal scroll').toBeLessThanOrEqual(clientWidth);
}

async function signedIn(browser: Parameters<typeof pageAt>[0], width: number, user: TestUser) {
  const page = await pageAt(browser, width);
  await signInThroughUi(page, user);
  return page;
}

for (const width of [375, 1366]) {
  test(`a club posts a camp of one place; one athlete books it, another waits and moves up when it is cancelled (${width} px)`, async ({
    browser,
    request,
    admin,
  }, testInfo) => {
    test.slow();
    const id = Date.now().toString(36);
    const country = `Campland ${id}`;
    const title = `One Place Camp ${id}`;
    const club = await registerUser(
      request,
      makeUser({ userType: 'club', fullName: `Camp Club ${id}` }),
    );
    const [athleteA, athleteB] = await Promise.all([
      registerUser(request, makeUser({ fullName: `Ada Camper ${id}` })),
      registerUser(request, makeUser({ fullName: `Ben Camper ${id}` })),
    ]);
    await verifyThroughApi(request, admin, club);
    // Another camp of the club's, neither football nor free: the filters must leave it out.
    const tennis = `Paid Tennis Camp ${id}`;
    await postCampThroughApi(request, club, { title: tennis, sport: 'tennis', country, price: 30 });

    // The club posts the camp through the form.
    const clubPage = await signedIn(browser, width, club);
    await clubPage.goto('/sport-camps');
    await clubPage.getByRole('link', { name: 'Post a camp' }).click();
    await expect(clubPage).toHaveURL(/\/sport-camps\/new$/);
    const form = clubPage.getByRole('form', { name: 'Post a camp' });
    await form.getByLabel('Camp title', { exact: true }).fill(title);
    await form.getByLabel('Sport', { exact: true }).selectOption('football');
    await form.getByLabel('Organiser', { exact: true }).fill('Camp Club Academy');
    await form.getByLabel('Level', { exact: true }).selectOption('beginner');
    await form.getByLabel('Description', { exact: true }).fill('Two days of finishing drills.');
    await form.getByLabel('Venue', { exact: true }).fill('North Pitch');
    await form.getByLabel('City', { exact: true }).fill('Porto');
    await form.getByLabel('Country', { exact: true }).fill(country);
    await form.getByLabel('Start date', { exact: true }).fill(dayFromToday(10));
    await form.getByLabel('End date', { exact: true }).fill(dayFromToday(11));
    await form.getByLabel('Capacity (places)', { exact: true }).fill('1');
    await form.getByLabel('Contact', { exact: true }).fill('coach@campclub.test');
    // A photo, uploaded as a post's photo is, shown before it is posted.
    await form.locator('input[type="file"]').setInputFiles({
      name: 'camp.jpg',
      mimeType: 'image/jpeg',
      buffer: await gradientJpeg(clubPage, 1200, 675),
    });
    await expect(form.getByRole('img', { name: 'Camp photo preview' })).toBeVisible();
    await expectNoSideScroll(clubPage);
    await form.getByRole('button', { name: 'Post camp' }).click();
    await expectToast(clubPage, CAMP_MESSAGES.posted);
    await expect(clubPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const campUrl = new URL(clubPage.url()).pathname;
    const photo = clubPage.getByRole('img', { name: `Photo of ${title}` });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(fact(clubPage, 'Places left')).toHaveText('1 place left');
    await expect(fact(clubPage, 'Price')).toHaveText('Free');

    // Athlete A books the one place.
    const pageA = await signedIn(browser, width, athleteA);
    await pageA.goto(campUrl);
    await pageA.getByRole('button', { name: 'Book a place' }).click();
    await expect(pageA.getByRole('status').filter({ hasText: CAMP_MESSAGES.booked })).toBeVisible();
    await expect(fact(pageA, 'Places left')).toHaveText('Full — waiting list');
    await expectNoSideScroll(pageA);

    // Athlete B finds it by the filters, and joins the waiting list.
    const pageB = await signedIn(browser, width, athleteB);
    await pageB.goto(`/sport-camps?country=${encodeURIComponent(country)}`);
    // A player's own age applies by default (the fixtures' players are adults).
    await expect(pageB.getByRole('button', { name: /^Remove filter Age \d+$/ })).toBeVisible();
    await expect(card(pageB, title)).toBeVisible();
    await expect(card(pageB, tennis)).toBeVisible();
    await pageB.getByLabel('Sport', { exact: true }).selectOption('football');
    await pageB.getByRole('button', { name: 'Apply filters' }).click();
    await expect(card(pageB, tennis)).toBeHidden();
    await expect(card(pageB, title)).toBeVisible();
    await pageB.getByRole('button', { name: 'Remove filter Football' }).click();
    await expect(card(pageB, tennis)).toBeVisible();
    await pageB.getByRole('combobox', { name: 'Price' }).selectOption('free');
    await pageB.getByRole('button', { name: 'Apply filters' }).click();
    await expect(card(pageB, tennis)).toBeHidden();
    await expect(card(pageB, title).getByText('Full — waiting list')).toBeVisible();
    await expectNoSideScroll(pageB);
    await expectNoSeriousA11yViolations(pageB, testInfo, 'main');
    await card(pageB, title).getByRole('link', { name: title }).click();
    await pageB.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect(pageB.getByText('You are #1 on the waiting list')).toBeVisible();

    // A cancels: B moves up, sees it after a reload, and is told.
    await pageA.reload();
    await pageA.getByRole('button', { name: 'Cancel registration' }).click();
    await pageA
      .getByRole('alertdialog', { name: 'Cancel your registration?' })
      .getByRole('button', { name: 'Cancel registration' })
      .click();
    await expectToast(pageA, CAMP_MESSAGES.registrationCancelled);
    await expect(pageA.getByRole('button', { name: 'Book a place' })).toBeHidden();
    await expect(pageA.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
    await pageB.reload();
    await expect(pageB.getByRole('status').filter({ hasText: CAMP_MESSAGES.booked })).toBeVisible();
    await pageB.goto('/notifications');
    await expect(notificationEntry(pageB, /A place opened at/)).toBeVisible();
    await pageB.goto('/sport-camps?tab=mine');
    await expect(card(pageB, title)).toBeVisible();

    // The club sees who registered, with a way to each profile and to message them.
    await clubPage.reload();
    const registrations = clubPage.getByRole('region', { name: 'Registrations' });
    const rowB = registrations.getByRole('listitem').filter({ hasText: athleteB.fullName });
    await expect(rowB.getByRole('link', { name: athleteB.fullName, exact: true })).toHaveAttribute(
      'href',
      `/profile/${athleteB.username}`,
    );
    await expect(rowB.getByText('Booked', { exact: true })).toBeVisible();
    await expect(rowB.getByRole('link', { name: `Message ${athleteB.fullName}` })).toBeVisible();
    await registrations.getByRole('button', { name: 'Cancelled' }).click();
    await expect(
      registrations.getByRole('link', { name: athleteA.fullName, exact: true }),
    ).toBeVisible();
    await expect(
      registrations.getByRole('link', { name: athleteB.fullName, exact: true }),
    ).toBeHidden();
    await expectNoSideScroll(clubPage);
    await expectNoSeriousA11yViolations(clubPage, testInfo, 'main');

    for (const page of [clubPage, pageA, pageB]) await page.context().close();
  });
}
