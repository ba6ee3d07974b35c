import type { Page } from '@playwright/test';

import { MESSAGES } from '@arena/shared/messages';

import { horizontalOverflow, navLink } from '../fixtures/app-shell.ts';
import { signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { accessTokenFor, verifyThroughApi } from '../fixtures/offers.ts';
import { pageAt } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser, type TestUser } from '../fixtures/users.ts';

/** A birthdate that makes someone `years` old today. */
function birthdateAged(years: number): string {
  const today = new Date();
  const date = new Date(
    Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - 5),
  );
  return date.toISOString().slice(0, 10);
}

async function athlete(
  request: Parameters<typeof registerUser>[0],
  name: string,
  cv: Record<string, unknown>,
): Promise<TestUser> {
  const user = await registerUser(
    request,
    makeUser({ fullName: name, birthdate: cv.birthdate as string }),
  );
  const saved = await request.patch('/api/me/cv/athlete', {
    headers: { Authorization: `Bearer ${await accessTokenFor(request, user)}` },
    data: cv,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return user;
}

const results = (page: Page) => page.getByRole('region', { name: 'Athletes' });

for (const width of [375, 1366]) {
  test(`a verified club finds a left-footed U19 winger by position, nationality, age, country, city and availability, and shares the search (${width} px)`, async ({
    browser,
    request,
    admin,
  }, testInfo) => {
    test.slow();
    const id = Date.now().toString(36);
    const nation = `Scoutland${id}`;
    const country = `Farland ${id}`;
    const winger = await athlete(request, `Lia Winger ${id}`, {
      sport: 'football',
      mainPosition: 'Left winger',
      nationalities: nation,
      country,
      city: 'Porto',
      availabilityStatus: 'Available',
      birthdate: birthdateAged(18),
      aboutPlayer: 'Left-footed, quick.',
    });
    const veteran = await athlete(request, `Vic Veteran ${id}`, {
      sport: 'football',
      mainPosition: 'Left winger',
      nationalities: nation,
      country,
      city: 'Braga',
      availabilityStatus: 'Available',
      birthdate: birthdateAged(29),
    });
    const club = await registerUser(
      request,
      makeUser({ userType: 'club', fullName: `Scouting FC ${id}` }),
    );
    await verifyThroughApi(request, admin, club);

    const page = await pageAt(browser, width);
    await signInThroughUi(page, club);
    if (width >= 768) {
      await navLink(page, 'Scout').first().click();
    } else {
      await page.goto('/scout');
    }
    await expect(page.getByRole('heading', { name: 'Scout', level: 1 })).toBeVisible();

    const filters = page.getByRole('search', { name: 'Scout filters' });
    await filters.getByLabel('Sport').selectOption('football');
    await filters.getByLabel('Position').fill('left winger');
    await filters.getByLabel('Nationality').fill(nation);
    await filters.getByLabel('Age to').fill('18');
    await filters.getByLabel('Country', { exact: true }).fill(country.toUpperCase());
    await filters.getByLabel('City', { exact: true }).fill('porto');
    await filters.getByRole('checkbox', { name: 'Available now' }).check();
    await expectNoSeriousA11yViolations(page, testInfo);
    await filters.getByRole('button', { name: 'Search' }).click();

    await expect(page).toHaveURL(/ageMax=18/);
    await expect(page).toHaveURL(/city=porto/);
    const card = results(page).getByRole('article', { name: winger.fullName });
    await expect(card).toBeVisible();
    await expect(card).toContainText('18 years');
    await expect(card).toContainText(`Based in Porto, ${country}`);
    await expect(card).toContainText('Available now');
    await expect(results(page).getByRole('article', { name: veteran.fullName })).toHaveCount(0);
    const { scrollWidth, clientWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

    // The link is the search: opened elsewhere, it shows the same athletes and filters.
    const shared = await pageAt(browser, width);
    await signInThroughUi(shared, club);
    await shared.goto(page.url().replace(/^https?:\/\/[^/]+/, ''));
    await expect(results(shared).getByRole('article', { name: winger.fullName })).toBeVisible();
    const sharedFilters = shared.getByRole('search', { name: 'Scout filters' });
    await expect(sharedFilters.getByLabel('Position')).toHaveValue('left winger');
    await expect(sharedFilters.getByLabel('Country', { exact: true })).toHaveValue(
      country.toUpperCase(),
    );
    await expect(sharedFilters.getByLabel('City', { exact: true })).toHaveValue('porto');

    // Another city of the country: the veteran alone; the country alone: both wingers.
    await filters.getByLabel('Age to').fill('');
    await filters.getByLabel('City', { exact: true }).fill('Braga');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(results(page).getByRole('article', { name: veteran.fullName })).toBeVisible();
    await expect(results(page).getByRole('article', { name: winger.fullName })).toHaveCount(0);
    await filters.getByLabel('City', { exact: true }).fill('');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).not.toHaveURL(/city=/);
    await expect(results(page).getByRole('article', { name: veteran.fullName })).toBeVisible();
    // Then the card leads to the profile.
    await card.getByRole('link', { name: winger.fullName }).click();
    await expect(page.getByRole('heading', { name: winger.fullName })).toBeVisible();
    for (const each of [page, shared]) await each.context().close();
  });
}

test('a player is sent to Discover: scout search is for verified organisations', async ({
  playerPage: page,
}) => {
  await expect(navLink(page, 'Scout')).toHaveCount(0);
  await page.goto('/scout');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.scout.verifiedOnly);
  await page.getByRole('link', { name: 'Discover people' }).click();
  await expect(page).toHaveURL(/\/discover$/);
});
