import type { Browser } from '@playwright/test';

import { signInThroughUi } from '../fixtures/auth-screen.ts';
import { dayFromToday, runSqlOnStoppedServer } from '../fixtures/camps.ts';
import { OwnServer } from '../fixtures/own-server.ts';
import { expect, test } from '../fixtures/test.ts';
import { ADULT_BIRTHDATE, makeUser, type TestUser } from '../fixtures/users.ts';

/*
 * A camp whose last day is over leaves the upcoming list for the Past tab. Nothing posts past
 * days, so this journey starts a server of its own, signs its members up, and writes the camps
 * into its stopped database as the days passing would leave them.
 */

let server: OwnServer | undefined;
const id = Date.now().toString(36);
const past = `Last Month Camp ${id}`;
const upcoming = `Next Month Camp ${id}`;
const athlete = makeUser({ fullName: `Past Camper ${id}` });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await OwnServer.start();
  const club = makeUser({ userType: 'club', fullName: `Past Camp Club ${id}` });
  for (const user of [club, athlete]) {
    const response = await fetch(`${server.url}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        birthdate: ADULT_BIRTHDATE,
        ...user,
        adultConfirmed: true,
        remember: false,
      }),
    });
    expect(response.status, await response.text()).toBe(201);
  }
  await server.stop();
  const camp = (title: string, startsIn: number) => `
    INSERT INTO camps (posted_by, title, sport, organizer, description, venue, city, country,
      starts_on, ends_on, level, capacity, contact)
    SELECT id, '${title}', 'football', 'Past Camp Club', 'Drills.', 'Pitch', 'Porto', 'Portugal',
      '${dayFromToday(startsIn)}', '${dayFromToday(startsIn + 2)}', 'beginner', 10, 'camp@club.test'
    FROM profiles WHERE username = '${club.username}';`;
  runSqlOnStoppedServer(
    server.dataDir,
    `UPDATE profiles SET verified = true WHERE username = '${club.username}';
     ${camp(past, -30)}
     ${camp(upcoming, 30)}`,
  );
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

async function signedInOnOwnServer(browser: Browser, width: number, user: TestUser) {
  const context = await browser.newContext({
    baseURL: server?.url,
    locale: 'en-US',
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  await signInThroughUi(page, user);
  return page;
}

for (const width of [375, 1366]) {
  test(`a camp whose last day is over shows under Past only (${width} px)`, async ({ browser }) => {
    const page = await signedInOnOwnServer(browser, width, athlete);
    await page.goto('/sport-camps');
    await expect(page.getByRole('tab', { name: 'Upcoming', selected: true })).toBeVisible();
    await expect(page.getByRole('article', { name: upcoming })).toBeVisible();
    await expect(page.getByRole('article', { name: past })).toBeHidden();

    await page.getByRole('tab', { name: 'Past' }).click();
    await expect(page).toHaveURL(/[?&]tab=past/);
    const pastCard = page.getByRole('article', { name: past });
    await expect(pastCard).toBeVisible();
    await expect(pastCard.getByText('Started')).toBeVisible();
    await expect(page.getByRole('article', { name: upcoming })).toBeHidden();
    await page.context().close();
  });
}
