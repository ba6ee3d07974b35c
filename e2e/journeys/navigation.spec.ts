import { signInThroughUi } from '../fixtures/auth-screen.ts';
import { navLink, openAccountMenu } from '../fixtures/app-shell.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

const EVERYONE = ['Feed', 'Messages', 'Sport Camps', 'Scholarships', 'Find Athlete Offers'];
const POSTERS_ONLY = ['Scout', 'Post Offers', 'Applications Received'];
const ADMIN_ONLY = ['Verify'];

test('a player sees the common links but not Post Offers, Applications Received or Verify', async ({
  playerPage: page,
}) => {
  for (const name of EVERYONE) await expect(navLink(page, name).first()).toBeVisible();
  for (const name of [...POSTERS_ONLY, ...ADMIN_ONLY])
    await expect(navLink(page, name)).toHaveCount(0);
});

test('an unverified agent does not see Post Offers or Verify either', async ({ page, request }) => {
  const agent = await registerUser(request, makeUser({ userType: 'agent' }));
  await signInThroughUi(page, agent);
  await expect(navLink(page, 'Find Athlete Offers').first()).toBeVisible();
  for (const name of [...POSTERS_ONLY, ...ADMIN_ONLY])
    await expect(navLink(page, name)).toHaveCount(0);
});

test('the admin sees Verify, Post Offers and Applications Received, and Scout in the avatar menu', async ({
  page,
  admin,
}) => {
  await signInThroughUi(page, admin);
  const inBar = POSTERS_ONLY.filter((name) => name !== 'Scout');
  for (const name of [...EVERYONE, ...inBar, ...ADMIN_ONLY]) {
    await expect(navLink(page, name).first()).toBeVisible();
  }
  // A ninth link would not fit the bar at 1366 px.
  await expect(navLink(page, 'Scout')).toHaveCount(0);
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Scout' })).toBeVisible();
});

test('the nav links lead to their pages', async ({ playerPage: page }) => {
  for (const [name, path] of [
    ['Messages', '/messages'],
    ['Sport Camps', '/sport-camps'],
    ['Scholarships', '/scholarships'],
    ['Find Athlete Offers', '/offers'],
    ['Feed', '/feed'],
  ] as const) {
    await navLink(page, name).first().click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('the avatar menu opens My Profile', async ({ playerPage: page, player }) => {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${player.username}$`));
});
