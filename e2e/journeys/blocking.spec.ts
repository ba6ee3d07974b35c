import type { Page } from '@playwright/test';

import { MESSAGES } from '@arena/shared/messages';

import { horizontalOverflow, openAccountMenu } from '../fixtures/app-shell.ts';
import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { dismissToasts } from '../fixtures/offers.ts';
import { pageAt } from '../fixtures/pipeline.ts';
import { apiSignIn, follow } from '../fixtures/posts.ts';
import { countButton, openProfile, profileFollowButton } from '../fixtures/profiles.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

/** The page fits its viewport: no horizontal scrolling. */
async function expectNoOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Opens the ⋯ menu of the profile on screen and picks one of its items. */
async function pickProfileAction(page: Page, username: string, item: string) {
  await page.getByRole('button', { name: `More actions for @${username}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function openBlockedAndMuted(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const region = page.getByRole('region', { name: 'Blocked and muted' });
  await region.scrollIntoViewIfNeeded();
  await expect(region).toBeVisible();
  return region;
}

for (const width of [375, 1366]) {
  test(`a member blocks someone from their profile, unblocks them in Settings, mutes and unmutes them (${width} px)`, async ({
    browser,
    request,
  }, testInfo) => {
    test.slow();
    const id = Date.now().toString(36);
    const ana = await registerUser(request, makeUser({ fullName: `Ana Blocker ${id}` }));
    const ben = await registerUser(request, makeUser({ fullName: `Ben Blocked ${id}` }));
    // Ben follows Ana: blocking ends it.
    await follow(request, await apiSignIn(request, ben), ana.username);

    const page = await pageAt(browser, width);
    await signInThroughUi(page, ana);
    await openProfile(page, ben.username);
    await expect(countButton(page, 'following')).toHaveAccessibleName('1 following');

    // Block, after the dialog asks.
    await pickProfileAction(page, ben.username, `Block @${ben.username}`);
    const dialog = page.getByRole('dialog', { name: `Block @${ben.username}?` });
    await expect(dialog).toContainText(MESSAGES.safety.blockConfirm);
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expectToast(page, MESSAGES.safety.blocked);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(`You blocked @${ben.username}.`)).toBeVisible();
    await expect(profileFollowButton(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Message', exact: true })).toHaveCount(0);
    await expect(countButton(page, 'following')).toHaveAccessibleName('0 following');
    await expectNoOverflow(page);

    // Ben cannot open Ana's profile: as if she did not exist.
    const bens = await pageAt(browser, width);
    await signInThroughUi(bens, ben);
    await bens.goto(`/profile/${ana.username}`);
    await expectToast(bens, MESSAGES.profileNotFound);
    await expect(bens).toHaveURL(/\/feed$/);

    // Ana finds Ben in Settings → Blocked and muted, and unblocks him there.
    await dismissToasts(page);
    const region = await openBlockedAndMuted(page);
    const blocked = region.getByRole('list', { name: 'Blocked' });
    await expect(blocked.getByRole('link', { name: new RegExp(ben.fullName) })).toHaveAttribute(
      'href',
      `/profile/${ben.username}`,
    );
    await expect(region.getByText(MESSAGES.safety.noneMuted)).toBeVisible();
    await expectNoOverflow(page);
    await expectNoSeriousA11yViolations(page, testInfo);
    await blocked.getByRole('button', { name: `Unblock @${ben.username}` }).click();
    await expectToast(page, MESSAGES.safety.unblocked);
    await expect(region.getByText(MESSAGES.safety.noneBlocked)).toBeVisible();

    await bens.goto(`/profile/${ana.username}`);
    await expect(bens.getByRole('heading', { level: 1, name: ana.fullName })).toBeVisible();

    // Mute from the profile (Follow stays), see him under Muted, then unmute.
    await openProfile(page, ben.username);
    await expect(profileFollowButton(page)).toBeVisible();
    // By keyboard alone: Enter opens the menu on its first item, Mute.
    await page.getByRole('button', { name: `More actions for @${ben.username}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: `Mute @${ben.username}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectToast(page, MESSAGES.safety.muted);
    const muted = (await openBlockedAndMuted(page)).getByRole('list', { name: 'Muted' });
    await expect(muted.getByRole('link', { name: new RegExp(ben.fullName) })).toBeVisible();

    await openProfile(page, ben.username);
    await pickProfileAction(page, ben.username, `Unmute @${ben.username}`);
    await expectToast(page, MESSAGES.safety.unmuted);
    await page.getByRole('button', { name: `More actions for @${ben.username}` }).click();
    await expect(page.getByRole('menuitem', { name: `Mute @${ben.username}` })).toBeVisible();
    await page.keyboard.press('Escape');

    await bens.context().close();
    await page.context().close();
  });
}
