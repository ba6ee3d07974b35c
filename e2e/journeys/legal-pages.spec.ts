import type { Page } from '@playwright/test';

import { expect, test } from '../fixtures/test.ts';

/** "Today" in the ways a page may write it, computed in the browser's own time zone. */
function todayInThePage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return [
      d.toLocaleDateString('en-US'),
      d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
      d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
      d.toLocaleDateString('en-GB', { year: 'numeric', month: 'long', day: 'numeric' }),
      d.toLocaleDateString('en-GB'),
      d.toLocaleDateString(),
      d.toDateString(),
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    ];
  });
}

const LEGAL_PAGES = [
  {
    path: '/user-agreement',
    heading: /User Agreement/i,
    mentions: [/30 days/i],
  },
  {
    path: '/privacy-policy',
    heading: /Privacy Policy/i,
    mentions: [/13/],
  },
  {
    path: '/cookie-policy',
    heading: /Cookie Policy/i,
    mentions: [/essential/i, /performance/i, /functionality/i, /targeting/i, /third[- ]party/i],
  },
];

for (const { path, heading, mentions } of LEGAL_PAGES) {
  test(`${path} shows its text, today's date, the contact address and a Back button`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

    const lastUpdated = page.getByText(/Last updated/i).first();
    await expect(lastUpdated).toBeVisible();
    const text = (await lastUpdated.textContent()) ?? '';
    const today = await todayInThePage(page);
    expect(
      today.some((date) => text.includes(date)),
      `"${text.trim()}" shows today's date (one of ${today.join(' | ')})`,
    ).toBe(true);

    await expect(page.getByText('legal@arena.test').first()).toBeVisible();
    for (const mention of mentions)
      await expect(page.locator('main, body').first()).toContainText(mention);

    await page
      .getByRole('button', { name: /Back/i })
      .or(page.getByRole('link', { name: /Back/i }))
      .first()
      .click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });
}

test('the legal pages are public to signed-in users too', async ({ playerPage: page }) => {
  for (const { path, heading } of LEGAL_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});
