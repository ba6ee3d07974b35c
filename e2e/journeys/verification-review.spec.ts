import type { Locator, Page } from '@playwright/test';

import { navLink } from '../fixtures/app-shell.ts';
import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { dismissToasts, requestVerificationThroughApi } from '../fixtures/offers.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';
import type { TestUser } from '../fixtures/users.ts';

test.use({ viewport: { width: 1366, height: 768 } });

/** A tab of Verification Management: its label and its count (other journeys add requests). */
function tab(page: Page, label: 'Pending' | 'Approved' | 'Rejected'): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${label}\\s*\\d+$`) });
}

function card(page: Page, user: TestUser): Locator {
  return page.getByRole('article', { name: user.fullName });
}

async function openTab(page: Page, label: 'Pending' | 'Approved' | 'Rejected') {
  await tab(page, label).click();
  await expect(tab(page, label)).toHaveAttribute('aria-selected', 'true');
}

test('an admin reviews requests: pending first, tabs with counts, approve, reject and a confirmed disapproval', async ({
  page,
  request,
  admin,
}, testInfo) => {
  test.setTimeout(150_000);
  const id = Date.now().toString(36);
  const club = await registerUser(
    request,
    makeUser({ userType: 'club', fullName: `Dockside United ${id}` }),
  );
  const agent = await registerUser(
    request,
    makeUser({ userType: 'agent', fullName: `Pat Agency ${id}` }),
  );
  await requestVerificationThroughApi(request, club, `${club.fullName} Organization`);
  await requestVerificationThroughApi(request, agent, `${agent.fullName} Organization`);

  await signInThroughUi(page, admin);
  await navLink(page, 'Verify').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Management');
  // Pending first; each tab carries its count.
  const tabs = page.getByRole('tablist', { name: 'Requests by status' }).getByRole('tab');
  await expect(tabs).toHaveCount(3);
  await expect(tabs.nth(0)).toHaveText(/^Pending\s*\d+$/);
  await expect(tabs.nth(1)).toHaveText(/^Approved\s*\d+$/);
  await expect(tabs.nth(2)).toHaveText(/^Rejected\s*\d+$/);
  await expect(tab(page, 'Pending')).toHaveAttribute('aria-selected', 'true');
  const pendingCount = Number((await tab(page, 'Pending').textContent())?.match(/\d+$/)?.[0]);
  expect(pendingCount).toBeGreaterThanOrEqual(2);
  await expect(card(page, club).getByText('Pending', { exact: true })).toBeVisible();
  await expect(card(page, agent).getByText('Pending', { exact: true })).toBeVisible();
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);

  // The username leads to the member's profile.
  const profileLink = card(page, club).getByRole('link', { name: `@${club.username}` });
  await expect(profileLink).toHaveAttribute('href', `/profile/${club.username}`);
  await profileLink.click();
  await expect(page).toHaveURL(new RegExp(`/profile/${club.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: club.fullName })).toBeVisible();
  await page.goBack();
  await expect(tab(page, 'Pending')).toHaveAttribute('aria-selected', 'true');

  // Approve one, reject the other: both leave Pending for their tab.
  await card(page, club)
    .getByRole('button', { name: `Approve ${club.fullName}` })
    .click();
  await expectToast(page, 'Verification approved!');
  await card(page, agent)
    .getByRole('button', { name: `Reject ${agent.fullName}` })
    .click();
  await expectToast(page, 'Verification rejected');
  await page.reload();
  await expect(card(page, club)).toHaveCount(0);
  await expect(card(page, agent)).toHaveCount(0);

  await openTab(page, 'Rejected');
  await expect(card(page, agent).getByText('Rejected', { exact: true })).toBeVisible();
  await expect(card(page, agent).getByRole('button')).toHaveCount(0);

  // Disapproval asks first: Cancel keeps the verification, confirming removes it.
  await openTab(page, 'Approved');
  const approved = card(page, club);
  await expect(approved.getByText('Approved', { exact: true })).toBeVisible();
  await approved.getByRole('button', { name: `Disapprove ${club.fullName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this verification?' });
  await expect(confirm).toContainText(
    `${club.fullName} will no longer be verified, and cannot post offers until verified again.`,
  );
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(approved.getByText('Approved', { exact: true })).toBeVisible();

  await approved.getByRole('button', { name: `Disapprove ${club.fullName}` }).click();
  await confirm.getByRole('button', { name: 'Disapprove' }).click();
  await expectToast(page, 'Verification removed');
  await page.reload();
  await openTab(page, 'Approved');
  await expect(card(page, club)).toHaveCount(0);
  await openTab(page, 'Rejected');
  await expect(card(page, club).getByText('Rejected', { exact: true })).toBeVisible();
});

test('the status tabs work from the keyboard: arrow keys move between them', async ({
  page,
  admin,
}) => {
  await signInThroughUi(page, admin);
  await page.goto('/verify');
  const pending = tab(page, 'Pending');
  await expect(pending).toHaveAttribute('aria-selected', 'true');
  await pending.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Approved')).toBeFocused();
  await expect(tab(page, 'Approved')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Rejected')).toBeFocused();
  await expect(tab(page, 'Rejected')).toHaveAttribute('aria-selected', 'true');
  // Each arrow moves the focus a moment after the key (Radix focuses in a timeout): a second
  // press before that moment starts from the same tab again, so each is awaited.
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Approved')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(pending).toBeFocused();
  await expect(pending).toHaveAttribute('aria-selected', 'true');
  // Tab leaves the tab list for the panel's content.
  await page.keyboard.press('Tab');
  await expect(pending).not.toBeFocused();
  await expect(page.getByRole('tab', { selected: false }).first()).not.toBeFocused();
});
