import type { Page } from '@playwright/test';

import {
  expectSignedInShell,
  horizontalOverflow,
  navLink,
  openAccountMenu,
} from '../fixtures/app-shell.ts';
import { AuthScreen, expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import {
  accessTokenFor,
  contextOptions,
  dismissToasts,
  fillOfferForm,
  signedInPage,
  verifyThroughApi,
} from '../fixtures/offers.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

test.use({ viewport: { width: 1366, height: 768 } });

/** The organisation's own section on a profile page. */
function aboutOrganisation(page: Page) {
  return page.getByRole('region', { name: 'About the organisation' });
}

/** The athlete CV is not an organisation's: none of its sections or its buttons show. */
async function expectNoAthleteCv(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'About the player' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Availability' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Add season/ })).toHaveCount(0);
}

test('a club’s profile is its organisation’s: edited in place, and listing the offer it posts once verified', async ({
  browser,
  request,
  admin,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = Date.now().toString(36);
  const club = makeUser({ userType: 'club', fullName: `Harbour Athletic ${id}` });
  const page = await (await browser.newContext(contextOptions())).newPage();
  const auth = new AuthScreen(page);
  await auth.open('Sign Up');
  await auth.signUp(club);
  await expectToast(page, 'Account created successfully!');
  await expectSignedInShell(page);

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${club.username}$`));
  const about = aboutOrganisation(page);
  await expect(about).toContainText(
    'Tell players about your club: its sports, where it is and its level.',
  );
  await expect(page.getByRole('region', { name: 'Open offers' })).toContainText(
    'No open offers right now.',
  );
  await expectNoAthleteCv(page);

  // Edited in place: the section turns into its form, and back into the details once saved.
  await about.getByRole('button', { name: 'Edit About the organisation' }).click();
  await about.getByLabel('About the organisation').fill('A harbour-side club since 1921.');
  await about.getByRole('checkbox', { name: 'Football', exact: true }).check();
  await about.getByRole('checkbox', { name: 'Basketball' }).check();
  await about.getByLabel('City').fill('Lyon');
  await about.getByLabel('Country').fill('France');
  await about.getByLabel('League or level').fill('National 2');
  await about.getByLabel('Website').fill('https://harbour.example');
  await about.getByLabel('Founded year').fill('1921');
  await expect(about.getByLabel('Licence or certification number')).toHaveCount(0);
  await about.getByRole('button', { name: 'Save' }).click();
  await expect(about.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(about).toContainText('A harbour-side club since 1921.');
  const detail = (term: string) => about.getByText(term, { exact: true }).locator('..');
  await expect(detail('Sports')).toContainText(/Football, Basketball|Basketball, Football/);
  await expect(detail('Location')).toContainText('Lyon, France');
  await expect(detail('League or level')).toContainText('National 2');
  await expect(about.getByRole('link', { name: 'https://harbour.example' })).toBeVisible();
  await expect(detail('Founded')).toContainText('1921');
  await page.reload();
  await expect(aboutOrganisation(page)).toContainText('A harbour-side club since 1921.');
  await expectNoAthleteCv(page);
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);

  // Verified by the admin, the club posts an offer: its profile lists it, linking to its page.
  await verifyThroughApi(request, admin, club);
  await page.goto('/feed');
  await navLink(page, 'Post Offers').first().click();
  const title = `Centre Back ${id}`;
  await fillOfferForm(page, {
    title,
    organizationName: club.fullName,
    location: 'Lyon, France',
    leagueLevel: 'National 2',
    sport: 'Football',
    positions: 'Centre Back',
    contractType: 'Full Season',
    salary: 'On request',
    description: 'A first-team place for a commanding defender.',
    requirements: 'Two seasons at senior level.',
  });
  await page.getByRole('button', { name: 'Post Offer', exact: true }).click();
  await expectToast(page, 'Your offer has been posted!');

  await page.goto(`/profile/${club.username}`);
  const offers = page.getByRole('region', { name: 'Open offers' });
  const link = offers.getByRole('link', { name: title });
  await expect(link).toHaveAttribute('href', /^\/offers\/[0-9a-f-]{36}$/);
  await expect(offers).toContainText('Football · Lyon, France');
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);
  await link.click();
  await expect(page).toHaveURL(/\/offers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.context().close();
});

test('an agent’s licence number is shown to the agent and to admins, never to another member', async ({
  browser,
  request,
  admin,
  player,
}, testInfo) => {
  test.setTimeout(120_000);
  const agent = await registerUser(request, makeUser({ userType: 'agent' }));
  const licence = `FIFA-AG-${Date.now().toString(36).toUpperCase()}`;
  const saved = await request.patch('/api/me/organization', {
    headers: { Authorization: `Bearer ${await accessTokenFor(request, agent)}` },
    data: { about: 'Representing players across Europe.', licenceNumber: licence },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const term = 'Licence or certification number';
  const agentPage = await signedInPage(browser, agent);
  await agentPage.goto(`/profile/${agent.username}`);
  const own = aboutOrganisation(agentPage);
  await expect(own.getByText(term, { exact: true }).locator('..')).toContainText(licence);
  await expect(own).toContainText('Only you and admins see this.');
  await expectNoAthleteCv(agentPage);
  await dismissToasts(agentPage);
  await expectNoSeriousA11yViolations(agentPage, testInfo);

  const adminPage = await signedInPage(browser, admin);
  await adminPage.goto(`/profile/${agent.username}`);
  await expect(aboutOrganisation(adminPage).getByText(term, { exact: true })).toBeVisible();
  await expect(aboutOrganisation(adminPage)).toContainText(licence);

  const playerPage = await signedInPage(browser, player);
  await playerPage.goto(`/profile/${agent.username}`);
  const theirs = aboutOrganisation(playerPage);
  await expect(theirs).toContainText('Representing players across Europe.');
  await expect(theirs.getByText(term, { exact: true })).toHaveCount(0);
  await expect(playerPage.getByText(licence)).toHaveCount(0);

  for (const page of [agentPage, adminPage, playerPage]) await page.context().close();
});

test.describe('on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('an organisation’s profile and its edit form fit, and pass axe', async ({
    page,
    request,
  }, testInfo) => {
    const coach = await registerUser(request, makeUser({ userType: 'coach' }));
    await signInThroughUi(page, coach);
    await page.goto(`/profile/${coach.username}`);
    const about = aboutOrganisation(page);
    await expect(about).toContainText('Tell players about your coach');
    await expectNoAthleteCv(page);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
    await dismissToasts(page);
    await expectNoSeriousA11yViolations(page, testInfo);
    await about.getByRole('button', { name: 'Edit About the organisation' }).click();
    await expect(about.getByLabel('Licence or certification number')).toBeVisible();
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, testInfo);
  });
});
