import { readFileSync } from 'node:fs';

import type { Download, Page } from '@playwright/test';

import { AuthScreen, expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectSignedInShell, horizontalOverflow, navLink } from '../fixtures/app-shell.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import {
  choose,
  fillOfferForm,
  contextOptions,
  postOfferThroughApi,
  requestVerificationThroughUi,
  signedInPage,
  verifyThroughApi,
  dismissToasts,
  writeSamplePdf,
} from '../fixtures/offers.ts';
import type { OfferDraft } from '../fixtures/offers.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';
import type { TestUser } from '../fixtures/users.ts';

function offerDraft(): OfferDraft {
  const id = Date.now().toString(36);
  return {
    title: `Starting Point Guard ${id}`,
    organizationName: 'Riverside FC',
    location: 'Lyon, France',
    leagueLevel: 'Pro B',
    sport: 'Basketball',
    positions: 'Point Guard',
    contractType: 'Full Season',
    salary: '€4,000 / month',
    description: 'A starting role for a playmaker who runs the pick and roll.',
    requirements: 'Three seasons at a professional level.',
  };
}

/** The verification request's card on /verify, by the requester's full name. */
function requestCard(page: Page, user: TestUser) {
  return page.getByRole('article', { name: user.fullName });
}

async function applyWithCv(page: Page, offer: OfferDraft, player: TestUser, cvPath: string) {
  const card = page.getByRole('article', { name: offer.title });
  await card.getByRole('button', { name: `Apply to ${offer.title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Apply to ${offer.title}` });
  // Prefilled from the account and the offer.
  await expect(dialog.getByLabel('Full name')).toHaveValue(player.fullName);
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(player.email);
  await expect(dialog.getByLabel('Sport', { exact: true })).toHaveValue('Basketball');

  // Both consents are required.
  await dialog.getByLabel('Current team').fill('Lyon Academy');
  await dialog.getByLabel('Position or role').fill('Point Guard');
  await dialog.getByLabel('Years of experience').fill('6');
  await dialog.getByLabel('Height / weight').fill('188 cm / 84 kg');
  await dialog.getByLabel('Availability').fill('From July');
  await dialog.getByLabel('Achievements').fill('League MVP 2024');
  await dialog.getByLabel('Why are you interested?').fill('I want to run a pro offence.');
  await dialog.getByRole('group', { name: 'Willing to relocate' }).getByLabel('Yes').check();
  await choose(page, dialog, 'Desired contract duration', 'Multi-Year');
  await dialog.getByLabel('CV (optional)').setInputFiles(cvPath);
  await expect(dialog.getByText('athlete-cv.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Consent Required: You must agree to both consent terms to submit your application.',
  );

  await dialog.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await dialog.getByRole('checkbox', { name: /share my application/ }).check();
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expectToast(page, 'Application submitted!');
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Applied' })).toBeDisabled();
  await expect(card.getByText('1 Application', { exact: true })).toBeVisible();
}

test('a club is verified, posts an offer, receives an application with a CV, and loses access on disapproval', async ({
  browser,
  request,
  admin,
}, testInfo) => {
  test.setTimeout(300_000);
  const player = await registerUser(request, makeUser({ fullName: 'Jordan Miles' }));
  const offer = offerDraft();

  // A club signs up and asks to be verified; Post Offers stays hidden until an admin approves.
  const club = makeUser({ userType: 'club', fullName: 'Riverside FC' });
  const clubPage = await (await browser.newContext(contextOptions())).newPage();
  const auth = new AuthScreen(clubPage);
  await auth.open('Sign Up');
  await auth.signUp(club);
  await expectToast(clubPage, 'Account created successfully!');
  await expectSignedInShell(clubPage);
  await requestVerificationThroughUi(clubPage, club, offer.organizationName);
  await expect(navLink(clubPage, 'Post Offers')).toHaveCount(0);

  const adminPage = await signedInPage(browser, admin);
  await navLink(adminPage, 'Verify').first().click();
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText('Verification Management');
  const pending = requestCard(adminPage, club).first();
  await expect(pending.getByText('Pending', { exact: true })).toBeVisible();
  await expect(pending.getByText(`@${club.username}`)).toBeVisible();
  await expect(pending.getByRole('link', { name: 'https://riverside.example' })).toBeVisible();
  await dismissToasts(adminPage);
  await expectNoSeriousA11yViolations(adminPage, testInfo);
  await pending.getByRole('button', { name: `Approve ${club.fullName}` }).click();
  await expectToast(adminPage, 'Verification approved!');
  // The request leaves the Pending tab for the Approved one, where Disapprove is its action.
  await expect(requestCard(adminPage, club)).toHaveCount(0);
  await adminPage.getByRole('tab', { name: /^Approved/ }).click();
  const approvedCard = requestCard(adminPage, club).first();
  await expect(approvedCard.getByText('Approved', { exact: true })).toBeVisible();
  await expect(
    approvedCard.getByRole('button', { name: `Disapprove ${club.fullName}` }),
  ).toBeVisible();
  await expect(approvedCard.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  // The club, verified, sees Post Offers once it reloads, and posts an offer.
  await clubPage.reload();
  await navLink(clubPage, 'Post Offers').first().click();
  await expect(clubPage).toHaveURL(/\/post-offer$/);
  await expect(clubPage.getByText('No offers posted yet')).toBeVisible();
  await fillOfferForm(clubPage, offer);
  await clubPage.getByRole('button', { name: 'Post Offer', exact: true }).click();
  await expectToast(clubPage, 'Your offer has been posted!');
  await expect(clubPage.getByLabel('Offer Title')).toHaveValue('');
  const posted = clubPage.getByRole('region', { name: 'Your Posted Offers' });
  await expect(posted.getByRole('heading', { name: offer.title })).toBeVisible();
  await expect(clubPage.getByText('Total Offers').locator('..')).toContainText('1');
  await posted.getByRole('button', { name: `View details of ${offer.title}` }).click();
  const details = clubPage.getByRole('dialog', { name: offer.title });
  await expect(details).toContainText('Pro B');
  await expect(details).toContainText(offer.requirements);
  await details.getByRole('button', { name: 'Close', exact: true }).last().click();
  await dismissToasts(clubPage);
  await expectNoSeriousA11yViolations(clubPage, testInfo);

  // A player finds it and applies with a CV.
  const playerPage = await signedInPage(browser, player);
  await navLink(playerPage, 'Find Athlete Offers').first().click();
  await expect(playerPage.getByRole('heading', { level: 1 })).toHaveText('Find Athlete Offers');
  await playerPage.getByRole('button', { name: 'Basketball', exact: true }).click();
  await expect(playerPage).toHaveURL(/sport=basketball/);
  await applyWithCv(playerPage, offer, player, writeSamplePdf(testInfo));
  await dismissToasts(playerPage);
  await expectNoSeriousA11yViolations(playerPage, testInfo);

  // The club reviews it, opens the CV and writes to the athlete.
  await navLink(clubPage, 'Applications Received').first().click();
  await expect(clubPage.getByText('1 Application', { exact: true }).first()).toBeVisible();
  await expect(clubPage.getByRole('region', { name: offer.title })).toBeVisible();
  const application = clubPage.getByRole('article', { name: player.fullName });
  await expect(application).toContainText(`Applied to: ${offer.title}`);
  await expect(application).toContainText(`@${player.username}`);
  // A compact row until its disclosure opens it.
  await expect(application).not.toContainText('Lyon Academy');
  const disclosure = application.getByRole('button', {
    name: `Show details of ${player.fullName}`,
  });
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await disclosure.click();
  await expect(
    application.getByRole('button', { name: `Hide details of ${player.fullName}` }),
  ).toHaveAttribute('aria-expanded', 'true');
  await expect(application).toContainText('Lyon Academy');
  await expect(application).toContainText('League MVP 2024');
  await expectNoSeriousA11yViolations(clubPage, testInfo);

  // The tab opens at the click and then goes to the signed link; the file arrives as a download.
  const cvResponse = clubPage
    .context()
    .waitForEvent('response', (response) => response.url().includes('/files/signed/'));
  const popupDownload = new Promise<Download>((resolve) => {
    clubPage.once('popup', (popup) => popup.once('download', resolve));
  });
  await application.getByRole('button', { name: 'Download CV', exact: true }).click();
  const response = await cvResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const fileName = `Jordan-Miles-CV-${offer.title.replaceAll(' ', '-')}.pdf`;
  expect(response.headers()['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  const download = await popupDownload;
  expect(download.suggestedFilename()).toBe(fileName);
  expect(download.url()).toMatch(/\/files\/signed\/offer-applications\/.+\.pdf\?token=/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 8).toString()).toBe('%PDF-1.7');

  const message = application.getByRole('link', { name: 'Message Athlete' });
  await expect(message).toHaveAttribute('href', `/messages?user=${player.username}`);
  await message.click();
  // The messages screen opens the conversation and may then drop the query from the address.
  await expect(clubPage).toHaveURL(/\/messages(\?user=.+)?$/);

  // The admin takes the verification back: the club can no longer post, and its offer pauses.
  await adminPage.reload();
  await adminPage.getByRole('tab', { name: /^Approved/ }).click();
  const approved = requestCard(adminPage, club).first();
  await approved.getByRole('button', { name: `Disapprove ${club.fullName}` }).click();
  await adminPage
    .getByRole('alertdialog', { name: 'Remove this verification?' })
    .getByRole('button', { name: 'Disapprove' })
    .click();
  await expectToast(adminPage, 'Verification removed');
  await expect(requestCard(adminPage, club)).toHaveCount(0);
  await adminPage.getByRole('tab', { name: /^Rejected/ }).click();
  const rejected = requestCard(adminPage, club).first();
  await expect(rejected.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(rejected.getByRole('button')).toHaveCount(0);

  await clubPage.goto('/feed');
  await expect(navLink(clubPage, 'Find Athlete Offers').first()).toBeVisible();
  await expect(navLink(clubPage, 'Post Offers')).toHaveCount(0);
  await clubPage.goto('/post-offer');
  await expect(
    clubPage.getByRole('status').filter({ hasText: 'Verification Required' }),
  ).toContainText('Verification Required: Your account must be verified to post offers.');
  await expect(clubPage.getByRole('form', { name: 'Post Athlete Offer' })).toHaveCount(0);
  const pausedList = clubPage.getByRole('region', { name: 'Your Posted Offers' });
  await expect(pausedList.getByText('Paused', { exact: true })).toBeVisible();

  await playerPage.goto('/offers?sport=basketball');
  await expect(playerPage.getByRole('heading', { level: 1 })).toHaveText('Find Athlete Offers');
  await expect(playerPage.getByRole('article', { name: offer.title })).toHaveCount(0);

  for (const page of [adminPage, clubPage, playerPage]) await page.context().close();
});

test('a visitor may browse offers, but Apply says Login Required and leads to /auth', async ({
  page,
  request,
  admin,
}, testInfo) => {
  test.setTimeout(90_000);
  const coach = await registerUser(request, makeUser({ userType: 'coach' }));
  await verifyThroughApi(request, admin, coach);
  const title = `Winger Trial ${Date.now().toString(36)}`;
  await postOfferThroughApi(request, coach, { title, sport: 'football' });

  await page.goto('/offers?sport=football');
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Porto, Portugal');
  await expect(card).toContainText('0 Applications');
  await expectNoSeriousA11yViolations(page, testInfo);
  await card.getByRole('link', { name: `View details of ${title}` }).click();

  // The offer's own page, a shareable address, tells everything before applying.
  await expect(page).toHaveURL(/\/offers\/[0-9a-f-]{36}$/);
  const shared = page.url();
  const offerPage = page.getByRole('article', { name: title });
  await expect(offerPage.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(offerPage.getByText('Position(s)').locator('..')).toContainText('Winger');
  await expect(offerPage.getByText('League Level').locator('..')).toContainText('N/A');
  await expect(offerPage.getByText('Contract Type').locator('..')).toContainText('Short-Term');
  await expect(offerPage).toContainText('A trial month with the first team.');
  await expect(offerPage).toContainText('0 Applications');
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.goto('/feed');
  await page.goto(shared);
  await offerPage.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'Login Required');
  await expect(page).toHaveURL(/\/auth$/);
});

test.describe('on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the offers grid and the Apply dialog fit, and the dialog passes axe', async ({
    page,
    request,
    admin,
    player,
  }, testInfo) => {
    const coach = await registerUser(request, makeUser({ userType: 'coach' }));
    await verifyThroughApi(request, admin, coach);
    const title = `Libero Wanted ${Date.now().toString(36)}`;
    await postOfferThroughApi(request, coach, { title, sport: 'volleyball' });

    await signInThroughUi(page, player);
    await page.goto('/offers?sport=volleyball');
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
    await card.getByRole('button', { name: `Apply to ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Apply to ${title}` });
    await expect(dialog.getByRole('button', { name: 'Submit Application' })).toBeAttached();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    await dismissToasts(page);
    await expectNoSeriousA11yViolations(page, testInfo, '[role="dialog"]');
  });
});
