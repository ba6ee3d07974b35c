import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { MESSAGES } from '@arena/shared/messages';

import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { accessTokenFor, verifyThroughApi } from '../fixtures/offers.ts';
import { pageAt } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

/** Clicks "Download CV (PDF)" and returns the saved file's name and first bytes. */
async function downloadCvPdf(page: Page) {
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CV (PDF)' }).click();
  const download = await saving;
  const bytes = await readFile(await download.path());
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString(), bytes };
}

for (const width of [375, 1366]) {
  test(`an athlete is open to offers for verified clubs only, and downloads their CV as a PDF, as a verified club does; an unverified club sees neither (${width} px)`, async ({
    browser,
    request,
    admin,
  }, testInfo) => {
    test.slow();
    const id = Date.now().toString(36);
    const athlete = await registerUser(request, makeUser({ fullName: `Rui Winger ${id}` }));
    const cv = await request.patch('/api/me/cv/athlete', {
      headers: { Authorization: `Bearer ${await accessTokenFor(request, athlete)}` },
      data: { sport: 'football', mainPosition: 'Left winger', availabilityStatus: 'Available' },
    });
    expect(cv.status(), await cv.text()).toBe(200);
    const club = await registerUser(
      request,
      makeUser({ userType: 'club', fullName: `Porto Scouts ${id}` }),
    );
    await verifyThroughApi(request, admin, club);
    const unverified = await registerUser(
      request,
      makeUser({ userType: 'club', fullName: `Unverified FC ${id}` }),
    );

    // The athlete, on their own profile: open to offers, for verified organisations only.
    const own = await pageAt(browser, width);
    await signInThroughUi(own, athlete);
    await own.goto(`/profile/${athlete.username}`);
    await own.getByRole('button', { name: 'Open to offers...' }).click();
    const dialog = own.getByRole('dialog', { name: 'Open to offers' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.cv.contractTypesRequired);
    await dialog.getByRole('checkbox', { name: 'Full Season' }).check();
    await dialog.getByRole('checkbox', { name: 'Multi-Year' }).check();
    await dialog.getByLabel('Current contract ends (optional)').fill('2030-06-30');
    await dialog.getByRole('radio', { name: 'Verified clubs, agents and coaches only' }).check();
    await expectNoSeriousA11yViolations(own, testInfo);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(own, MESSAGES.cv.openSaved);
    await expect(dialog).toHaveCount(0);
    const offers = 'Full Season, Multi-Year · current contract ends 30 Jun 2030';
    await expect(own.getByText(offers)).toBeVisible();
    await expect(own.getByText('Seen by: Verified clubs, agents and coaches only')).toBeVisible();
    const mine = await downloadCvPdf(own);
    expect(mine.name).toBe(`${athlete.username}-cv.pdf`);
    expect(mine.head).toBe('%PDF-');
    await expectNoSeriousA11yViolations(own, testInfo);

    // A verified club, on the athlete's profile.
    const scout = await pageAt(browser, width);
    await signInThroughUi(scout, club);
    await scout.goto(`/profile/${athlete.username}`);
    await expect(scout.getByRole('heading', { name: athlete.fullName })).toBeVisible();
    await expect(scout.getByText('Open to offers', { exact: true })).toBeVisible();
    await expect(scout.getByText(offers)).toBeVisible();
    const theirs = await downloadCvPdf(scout);
    expect(theirs.head).toBe('%PDF-');
    const { scrollWidth, clientWidth } = await scout.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

    // An unverified club sees the profile without the button.
    const other = await pageAt(browser, width);
    await signInThroughUi(other, unverified);
    await other.goto(`/profile/${athlete.username}`);
    await expect(other.getByRole('heading', { name: athlete.fullName })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Download CV (PDF)' })).toHaveCount(0);
    await expect(other.getByText(offers)).toHaveCount(0);

    // The athlete turns it off; the club no longer sees it.
    await own.getByRole('button', { name: 'Turn off' }).click();
    await expectToast(own, MESSAGES.cv.openClosed);
    await expect(own.getByRole('button', { name: 'Open to offers...' })).toBeVisible();
    await scout.reload();
    await expect(scout.getByRole('heading', { name: athlete.fullName })).toBeVisible();
    await expect(scout.getByText(offers)).toHaveCount(0);

    for (const page of [own, scout, other]) await page.context().close();
  });
}
