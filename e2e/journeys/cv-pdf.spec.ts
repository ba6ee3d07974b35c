import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { signInThroughUi } from '../fixtures/auth-screen.ts';
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
  test(`an athlete and a verified club download the athlete's CV as a PDF; an unverified club is not offered it (${width} px)`, async ({
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

    // The athlete, on their own profile.
    const own = await pageAt(browser, width);
    await signInThroughUi(own, athlete);
    await own.goto(`/profile/${athlete.username}`);
    const mine = await downloadCvPdf(own);
    expect(mine.name).toBe(`${athlete.username}-cv.pdf`);
    expect(mine.head).toBe('%PDF-');
    await expectNoSeriousA11yViolations(own, testInfo);

    // A verified club, on the athlete's profile.
    const scout = await pageAt(browser, width);
    await signInThroughUi(scout, club);
    await scout.goto(`/profile/${athlete.username}`);
    await expect(scout.getByRole('heading', { name: athlete.fullName })).toBeVisible();
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

    for (const page of [own, scout, other]) await page.context().close();
  });
}
