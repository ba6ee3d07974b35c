import type { Page } from '@playwright/test';

import { APPLICATION_STAGE_LABELS, PIPELINE_MESSAGES } from '@arena/shared/application.schema';
import { MESSAGES } from '@arena/shared/messages';
import { SCHOLARSHIP_MESSAGES } from '@arena/shared/scholarship.schema';

import { horizontalOverflow } from '../fixtures/app-shell.ts';
import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { accessTokenFor, choose, verifyThroughApi } from '../fixtures/offers.ts';
import { pageAt } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser, type TestUser } from '../fixtures/users.ts';

/** The scholarship's card on the list, by its title. */
const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** What the scholarship's page says beside a term ('Coverage', ...). */
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

/** A moment `days` ahead, as a `datetime-local` field takes it. */
function daysAhead(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T18:00`;
}

for (const width of [375, 1366]) {
  test(`a club posts a scholarship; a player filters, applies, and sees the club shortlist them (${width} px)`, async ({
    browser,
    request,
    admin,
  }) => {
    test.slow();
    const id = Date.now().toString(36);
    const country = `Scholarland ${id}`;
    const title = `Full Ride Goalkeeper ${id}`;
    const club = await registerUser(
      request,
      makeUser({ userType: 'club', fullName: `Lakeside College ${id}` }),
    );
    const player = await registerUser(request, makeUser({ fullName: `Maya Keeper ${id}` }));
    await verifyThroughApi(request, admin, club);
    // Another of the club's, an academy's partial one: the filters must leave it out.
    const other = `Partial Academy Place ${id}`;
    const token = await accessTokenFor(request, club);
    const posted = await request.post('/api/scholarships', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        title: other,
        institution: 'Lakeside Academy',
        sport: 'football',
        country,
        level: 'academy',
        coverage: 'partial',
        places: 3,
        deadline: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        description: 'A partial place at the academy.',
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);

    // The club posts the scholarship through the form.
    const clubPage = await signedIn(browser, width, club);
    await clubPage.goto('/scholarships');
    await clubPage.getByRole('link', { name: 'Post a scholarship' }).click();
    await expect(clubPage).toHaveURL(/\/scholarships\/new$/);
    const form = clubPage.getByRole('form', { name: 'Post a scholarship' });
    await form.getByLabel('Scholarship title', { exact: true }).fill(title);
    await form.getByLabel('Institution', { exact: true }).fill('Lakeside College');
    await form.getByLabel('Country', { exact: true }).fill(country);
    await form.getByLabel('Sport', { exact: true }).selectOption('football');
    await form.getByLabel('Level', { exact: true }).selectOption('ncaa-d1');
    await form.getByLabel('Coverage', { exact: true }).selectOption('full');
    await form.getByLabel('Amount (e.g. $12,000 a year)', { exact: true }).fill('$48,000 a year');
    await form.getByLabel('Number available', { exact: true }).fill('2');
    await form.getByLabel('Deadline', { exact: true }).fill(daysAhead(30));
    await form.getByLabel('Eligible positions (empty: any)', { exact: true }).fill('Goalkeeper');
    await form.getByLabel('Description', { exact: true }).fill('Four years, tuition and housing.');
    await expectNoSideScroll(clubPage);
    await form.getByRole('button', { name: 'Post scholarship' }).click();
    await expectToast(clubPage, SCHOLARSHIP_MESSAGES.posted);
    await expect(clubPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const scholarshipPath = new URL(clubPage.url()).pathname;
    const scholarshipId = scholarshipPath.split('/').at(-1) ?? '';
    await expect(fact(clubPage, 'Coverage')).toHaveText('Full scholarship');
    await expect(clubPage.getByText('Your scholarship', { exact: true })).toBeVisible();

    // The player finds it by the filters, the soonest deadline first.
    const playerPage = await signedIn(browser, width, player);
    await playerPage.goto(`/scholarships?country=${encodeURIComponent(country)}`);
    const cards = playerPage.getByRole('list', { name: 'Scholarships' }).getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toHaveAccessibleName(other);
    await playerPage.getByLabel('Level', { exact: true }).selectOption('ncaa-d1');
    await playerPage.getByLabel('Coverage', { exact: true }).selectOption('full');
    await playerPage.getByRole('button', { name: 'Apply filters' }).click();
    await expect(card(playerPage, other)).toBeHidden();
    await expect(card(playerPage, title)).toBeVisible();
    await expect(card(playerPage, title).getByText('NCAA Division I')).toBeVisible();
    await expect(playerPage).toHaveURL(/level=ncaa-d1/);
    await expectNoSideScroll(playerPage);

    // Opens it and applies through the offers' dialog.
    await card(playerPage, title).getByRole('link', { name: title }).click();
    await expect(playerPage).toHaveURL(new RegExp(`${scholarshipPath}$`));
    await expect(fact(playerPage, 'Eligible positions')).toHaveText('Goalkeeper');
    await expectNoSideScroll(playerPage);
    await playerPage.getByRole('button', { name: `Apply to ${title}` }).click();
    const dialog = playerPage.getByRole('dialog', { name: `Apply to ${title}` });
    await expect(dialog.getByLabel('Full name')).toHaveValue(player.fullName);
    await expect(dialog.getByLabel('Sport', { exact: true })).toHaveValue('Football');
    await dialog.getByLabel('Position or role').fill('Goalkeeper');
    await dialog.getByLabel('Years of experience').fill('5');
    await dialog.getByLabel('Availability').fill('From August');
    await dialog.getByLabel('Why are you interested?').fill('To study and keep goal at the top.');
    await dialog.getByRole('group', { name: 'Willing to relocate' }).getByLabel('Yes').check();
    await choose(playerPage, dialog, 'Desired contract duration', 'Multi-Year');
    await dialog.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await dialog.getByRole('checkbox', { name: /share my application/ }).check();
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(playerPage, MESSAGES.application.submitted);
    await expect(playerPage.getByRole('button', { name: 'Applied' })).toBeDisabled();

    // The club sees it in Applications Received, from the scholarship's page, and shortlists.
    await clubPage.reload();
    await clubPage
      .getByRole('region', { name: 'Manage scholarship' })
      .getByRole('link', { name: 'Applications (1)' })
      .click();
    await expect(clubPage).toHaveURL(
      new RegExp(`/applications-received\\?offer=${scholarshipId}$`),
    );
    const application = clubPage.getByRole('article', { name: player.fullName });
    await application.getByRole('button', { name: `Show details of ${player.fullName}` }).click();
    await expect(application.getByRole('region', { name: 'Pipeline' })).toBeVisible();
    await application.getByRole('button', { name: 'Shortlist', exact: true }).click();
    const move = clubPage.getByRole('dialog', { name: `Shortlist: ${player.fullName}` });
    await move.getByRole('button', { name: 'Shortlist' }).click();
    await expectToast(clubPage, PIPELINE_MESSAGES.moved('shortlisted'));
    await expectNoSideScroll(clubPage);

    // The player sees the stage in My Applications, linked to the scholarship.
    await playerPage.goto('/applications');
    const mine = playerPage.getByRole('article', { name: title });
    await expect(mine.getByText(APPLICATION_STAGE_LABELS.shortlisted, { exact: true })).toHaveCount(
      2,
    );
    await expect(mine.getByRole('link', { name: title })).toHaveAttribute('href', scholarshipPath);
    await expectNoSideScroll(playerPage);
  });
}
