import type { Page } from '@playwright/test';

import { horizontalOverflow } from '../fixtures/app-shell.ts';
import { signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { bell, notificationEntry } from '../fixtures/notifications.ts';
import { accessTokenFor, verifyThroughApi } from '../fixtures/offers.ts';
import { pageAt } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser, type TestUser } from '../fixtures/users.ts';

/*
 * Saved searches and their alerts (issue 24). The journeys' server looks for new matches every
 * second (SCOUT_ALERT_INTERVAL_SECONDS=1 in playwright.config.ts) instead of once a day.
 */

async function saveCv(
  request: Parameters<typeof registerUser>[0],
  user: TestUser,
  cv: Record<string, unknown>,
) {
  const saved = await request.patch('/api/me/cv/athlete', {
    headers: { Authorization: `Bearer ${await accessTokenFor(request, user)}` },
    data: cv,
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

const panel = (page: Page) => page.getByRole('region', { name: /Saved searches/ });

for (const width of [375, 1366]) {
  test(`a verified club saves a search and hears when an athlete starts matching it (${width} px)`, async ({
    browser,
    request,
    admin,
  }, testInfo) => {
    test.slow();
    const id = Date.now().toString(36);
    const nation = `Alertland${id}`;
    const athlete = await registerUser(request, makeUser({ fullName: `Ines Keeper ${id}` }));
    await saveCv(request, athlete, {
      sport: 'football',
      mainPosition: 'Goalkeeper',
      nationalities: nation,
      availabilityStatus: 'Not Available',
    });
    const club = await registerUser(
      request,
      makeUser({ userType: 'club', fullName: `Alert FC ${id}` }),
    );
    await verifyThroughApi(request, admin, club);

    const page = await pageAt(browser, width);
    await signInThroughUi(page, club);
    await page.goto('/scout');
    await expect(panel(page)).toContainText('Save a search to come back to it');
    await expect(panel(page).getByRole('button', { name: 'Save this search' })).toBeDisabled();

    const filters = page.getByRole('search', { name: 'Scout filters' });
    await filters.getByLabel('Position').fill('Goalkeeper');
    await filters.getByLabel('Nationality').fill(nation);
    await filters.getByRole('checkbox', { name: 'Available now' }).check();
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/available=true/);
    await expect(page.getByRole('region', { name: 'Athletes' })).toContainText(
      'No athlete matches these filters yet.',
    );

    await panel(page).getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(dialog).toContainText('Give the search a name');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Keepers ${id}`);
    await expect(
      dialog.getByRole('checkbox', { name: /Alert me about new athletes who match/ }),
    ).toBeChecked();
    await expectNoSeriousA11yViolations(page, testInfo);
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel(page)).toContainText(`This search is saved as “Keepers ${id}”.`);
    const saved = panel(page).getByRole('link', { name: `Keepers ${id}` });
    await expect(saved).toHaveAttribute('aria-current', 'page');
    const { scrollWidth, clientWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

    // The athlete becomes available: the search's alert job finds her and tells the club.
    await saveCv(request, athlete, { availabilityStatus: 'Available' });
    const sentence = `${athlete.fullName} matches your saved search “Keepers ${id}”`;
    await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ new$/, { timeout: 30_000 });
    await bell(page).click();
    const entry = notificationEntry(page, sentence);
    await expect(entry).toBeVisible();
    await entry.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/scout\\?.*nationality=${nation}`));
    await expect(
      page
        .getByRole('region', { name: 'Athletes' })
        .getByRole('article', { name: athlete.fullName }),
    ).toBeVisible();

    // Alerts off, then the search deleted and brought back with Undo.
    const alerts = panel(page).getByRole('checkbox', { name: `Alerts for “Keepers ${id}”` });
    await alerts.click();
    await expect(alerts).not.toBeChecked();
    await expect(page.getByText(`Alerts off for “Keepers ${id}”`)).toBeVisible();
    await panel(page)
      .getByRole('button', { name: `Delete “Keepers ${id}”` })
      .click();
    await expect(saved).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(panel(page).getByRole('link', { name: `Keepers ${id}` })).toBeVisible();
    await page.reload();
    await expect(panel(page).getByRole('link', { name: `Keepers ${id}` })).toBeVisible();
    await expect(
      panel(page).getByRole('checkbox', { name: `Alerts for “Keepers ${id}”` }),
    ).not.toBeChecked();
    await page.context().close();
  });
}
