import type { Locator, Page } from '@playwright/test';

import { DECLINE_TEMPLATES, PIPELINE_MESSAGES } from '@arena/shared/application.schema';

import { horizontalOverflow } from '../fixtures/app-shell.ts';
import { expectToast } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { dismissToasts, signedInPage, verifyThroughApi } from '../fixtures/offers.ts';
import {
  applyThroughApi,
  myApplicationsThroughApi,
  notificationsThroughApi,
  postOfferForIdThroughApi,
} from '../fixtures/pipeline-poster.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

/** The page fits its width: nothing scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Opens an application's card and waits for its pipeline (which marks it viewed). */
async function openCard(page: Page, athleteName: string): Promise<Locator> {
  const card = page.getByRole('article', { name: athleteName });
  await card.getByRole('button', { name: `Show details of ${athleteName}` }).click();
  await expect(card.getByRole('region', { name: 'Pipeline' })).toBeVisible();
  return card;
}

/** One move from the card's pipeline, through its dialog. */
async function move(page: Page, card: Locator, action: string, athleteName: string) {
  await card.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${action}: ${athleteName}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A moment a year ahead, as a `datetime-local` field takes it. */
function nextYear(): string {
  return `${new Date().getFullYear() + 1}-06-15T18:00`;
}

test('a club takes one applicant from viewed to signed, declines the other, keeps notes, and edits, closes and reopens its offer', async ({
  browser,
  request,
  admin,
}, testInfo) => {
  test.setTimeout(240_000);
  const club = await registerUser(request, makeUser({ userType: 'club', fullName: 'Porto Lions' }));
  await verifyThroughApi(request, admin, club);
  const title = `Left Winger ${Date.now().toString(36)}`;
  const offerId = await postOfferForIdThroughApi(request, club, title);
  const signed = await registerUser(request, makeUser({ fullName: 'Rui Costa' }));
  const declined = await registerUser(request, makeUser({ fullName: 'Nuno Gomes' }));
  await applyThroughApi(request, signed, offerId);
  await applyThroughApi(request, declined, offerId);

  const page = await signedInPage(browser, club);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/applications-received?offer=${offerId}`);
  await expect(page.getByLabel('Filter by offer')).toHaveValue(offerId);
  await expect(page.getByText('2 Applications', { exact: true }).first()).toBeVisible();

  // Opening the application marks it viewed: the athlete sees it.
  const card = await openCard(page, signed.fullName);
  await expect(card.getByText('Viewed', { exact: true }).first()).toBeVisible();
  await expect
    .poll(async () => (await myApplicationsThroughApi(request, signed))[0]?.stage)
    .toBe('viewed');
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);

  let dialog = await move(page, card, 'Shortlist', signed.fullName);
  await dialog.getByLabel('Message to the athlete (optional)').fill('You are on our shortlist.');
  await dialog.getByRole('button', { name: 'Shortlist' }).click();
  await expectToast(page, PIPELINE_MESSAGES.moved('shortlisted'));

  dialog = await move(page, card, 'Invite to trial', signed.fullName);
  await dialog.getByRole('button', { name: 'Invite to trial' }).click();
  await expect(dialog.getByText(PIPELINE_MESSAGES.trialAtRequired)).toBeVisible();
  await dialog.getByLabel('Date and time').fill(nextYear());
  await dialog.getByLabel('Place').fill('Estádio do Dragão, pitch 2');
  await dialog.getByRole('button', { name: 'Invite to trial' }).click();
  await expectToast(page, PIPELINE_MESSAGES.moved('trial'));
  await expect(card.getByRole('list', { name: 'History' })).toContainText(
    'at Estádio do Dragão, pitch 2',
  );

  dialog = await move(page, card, 'Make an offer', signed.fullName);
  await dialog.getByRole('button', { name: 'Make an offer' }).click();
  await expectToast(page, PIPELINE_MESSAGES.moved('offered'));

  dialog = await move(page, card, 'Mark signed', signed.fullName);
  await dialog.getByLabel('Message to the athlete (optional)').fill('Welcome to the club!');
  await dialog.getByRole('button', { name: 'Mark signed' }).click();
  await expectToast(page, PIPELINE_MESSAGES.moved('signed'));
  // Signed is final: no more moves.
  await expect(card.getByRole('region', { name: 'Pipeline' }).getByRole('button')).toHaveCount(0);
  await expect(card.getByText('Signed', { exact: true }).first()).toBeVisible();
  const athleteView = (await myApplicationsThroughApi(request, signed))[0]!;
  expect(athleteView.stage).toBe('signed');
  expect(athleteView.history.map((event) => event.stage)).toEqual([
    'pending',
    'viewed',
    'shortlisted',
    'trial',
    'offered',
    'signed',
  ]);

  // A private note, added then deleted.
  const notes = card.getByRole('region', { name: 'Private notes' });
  await notes.getByLabel('Add a private note').fill('Fast on the ball, strong left foot.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByText('Fast on the ball, strong left foot.')).toBeVisible();
  await notes.getByRole('button', { name: 'Delete note' }).click();
  await expect(notes.getByText('No notes yet. Only you can see them.')).toBeVisible();
  await expect(notes.getByText('Fast on the ball, strong left foot.')).toHaveCount(0);
  await dismissToasts(page);

  // The offer's salary changes: the applicant still waiting hears of it.
  await page.goto('/post-offer');
  const posted = page.getByRole('region', { name: 'Your Posted Offers' });
  const row = posted
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  await expect(row).toContainText('1 of 2 places signed');
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Offer' });
  await expect(edit.getByLabel('Offer Title')).toHaveValue(title);
  await edit.getByLabel('Salary / Compensation').fill('€3,500 / month');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Offer updated');
  await expect(edit).toBeHidden();
  await expect
    .poll(async () =>
      (await notificationsThroughApi(request, declined)).some(
        (n) => n.kind === 'offer_update' && n.subject.type === 'offer_change',
      ),
    )
    .toBe(true);
  const signedNotices = await notificationsThroughApi(request, signed);
  expect(signedNotices.some((n) => n.kind === 'offer_update')).toBe(false);

  // Closed, then reopened.
  await row.getByRole('button', { name: `Close ${title}` }).click();
  await expectToast(page, 'Offer closed');
  await expect(row.getByText('Closed', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Reopen ${title}` }).click();
  await expectToast(page, 'Offer reopened');
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  await dismissToasts(page);

  // On a phone: the other card's actions fit, and it is declined with a template.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/applications-received?offer=${offerId}`);
  const other = await openCard(page, declined.fullName);
  await expectNoHorizontalOverflow(page);
  dialog = await move(page, other, 'Invite to trial', declined.fullName);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page, testInfo);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await other.getByRole('checkbox', { name: `Select ${declined.fullName}` }).click();
  await page.getByRole('button', { name: 'Decline selected (1)' }).click();
  const bulk = page.getByRole('dialog', { name: 'Decline 1 application' });
  await bulk.getByLabel('Template').selectOption('Not selected');
  const message = bulk.getByLabel('Message to the athlete (optional)');
  await expect(message).toHaveValue(DECLINE_TEMPLATES[0].text);
  await message.fill(`${DECLINE_TEMPLATES[0].text} Keep training!`);
  await expectNoHorizontalOverflow(page);
  await bulk.getByRole('button', { name: 'Decline' }).click();
  await expectToast(page, PIPELINE_MESSAGES.declinedSome(1));
  await expect(other.getByText('Declined', { exact: true }).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const declinedView = (await myApplicationsThroughApi(request, declined))[0]!;
  expect(declinedView.stage).toBe('declined');
  expect(declinedView.history.at(-1)?.message).toBe(`${DECLINE_TEMPLATES[0].text} Keep training!`);
});
