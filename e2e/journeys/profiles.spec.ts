import { signInThroughUi, expectToast } from '../fixtures/auth-screen.ts';
import { accountMenuButton, horizontalOverflow } from '../fixtures/app-shell.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import {
  countButton,
  cvSection,
  editCvSection,
  expectFillRate,
  expectNoToasts,
  openProfile,
  profileFollowButton,
  saveCvSection,
  searchBox,
  tinyPngFile,
} from '../fixtures/profiles.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

test('edit profile and avatar: spec messages, then the profile and the navigation follow', async ({
  playerPage: page,
  player,
  request,
}, testInfo) => {
  const other = await registerUser(request, makeUser());
  await page.goto(`/profile/${player.username}`);
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expect(page.getByLabel('Full Name')).toHaveValue(player.fullName);
  await expectNoToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);

  // A file that is not an image is refused before anything is sent.
  await page.getByLabel('Profile photo').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expectToast(page, 'Please select an image file');

  // Someone else's username.
  await page.getByLabel('Username').fill(other.username);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Username already taken');
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

  const username = `${player.username}_x`.slice(0, 30);
  const fullName = `${player.fullName} Jr`;
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Bio').fill('Point guard from Madrid.');
  await expect(page.getByText('24/500')).toBeVisible();
  await page.getByLabel('Bio').fill('x'.repeat(600));
  await expect(page.getByLabel('Bio')).toHaveValue('x'.repeat(500));
  await expect(page.getByText('500/500')).toBeVisible();
  await page.getByLabel('Bio').fill('Point guard from Madrid.');
  await page.getByLabel('Profile photo').setInputFiles(tinyPngFile(testInfo));
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expectToast(page, 'Profile updated successfully!');
  await expect(page).toHaveURL(new RegExp(`/profile/${username}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(fullName);
  await expect(page.getByText('Point guard from Madrid.')).toBeVisible();
  await expect(page.getByRole('img', { name: fullName }).first()).toBeVisible();
  const avatar = page.getByRole('img', { name: fullName }).first();
  await expect(avatar).toHaveAttribute('src', /\/files\/avatars\/[^/]+\/avatar-[a-z0-9]+\.webp$/);
  // The header shows one of the small sizes, not the 512 px original.
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toMatch(/\/avatar-[a-z0-9]+_w(48|96|192|400)\.webp$/);
  await expect(accountMenuButton(page)).toHaveAccessibleName(`Account menu for ${fullName}`);
  await expect(accountMenuButton(page).getByRole('img')).toBeVisible();
});

test('fill the CV on the profile and watch the fill rate on the feed card', async ({
  playerPage: page,
  player,
}, testInfo) => {
  test.setTimeout(90_000);
  // The full name and the birthdate sign-up asked for count at first: 2 of 16.5.
  await expectFillRate(page, 12);
  await openProfile(page, player.username);
  await expectNoToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);

  const about = await editCvSection(page, 'About the player');
  await about.getByLabel('About the player').fill('Fast, left-handed playmaker.');
  await saveCvSection(about);
  await expect(about.getByText('Fast, left-handed playmaker.')).toBeVisible();

  const availability = cvSection(page, 'Availability');
  await availability.getByRole('switch', { name: 'Available' }).click();
  await expect(availability.getByRole('switch', { name: 'Available' })).toBeChecked();
  await expect(availability.getByTestId('availability-status')).toHaveText('Available');

  const sportive = await editCvSection(page, 'Sportive info');
  await sportive.getByLabel('Height (cm)').fill('300');
  await sportive.getByRole('button', { name: 'Save' }).click();
  await expect(sportive.getByText(/Height must be a whole number/)).toBeVisible();
  await sportive.getByLabel('Sport', { exact: true }).selectOption('Basketball');
  await sportive.getByLabel('Main position').fill('Point guard');
  await sportive.getByLabel('Other positions').fill('Shooting guard');
  await sportive.getByLabel('Height (cm)').fill('188');
  await sportive.getByLabel('Weight (kg)').fill('82.5');
  await sportive.getByLabel('Arm span').fill('195 cm');
  await saveCvSection(sportive);
  await expect(sportive.getByText('188 cm')).toBeVisible();

  const general = await editCvSection(page, 'General Info');
  await general.getByLabel('Birthdate').fill('2001-03-04');
  await general.getByLabel('Sex').selectOption('Male');
  await general.getByLabel('Nationalities').fill('Spanish');
  await general.getByLabel('Country', { exact: true }).fill('  Spain ');
  await general.getByLabel('City', { exact: true }).fill('Valencia');
  await saveCvSection(general);
  await expect(general.getByText('March 4, 2001')).toBeVisible();
  await expect(general.getByText('Spain', { exact: true })).toBeVisible();
  await expect(general.getByText('Valencia', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Feed', exact: true }).first().click();
  const almost = await expectFillRate(page, 67);
  await expect(almost.getByText(/almost there/)).toBeVisible();

  await openProfile(page, player.username);
  const career = cvSection(page, 'Career');
  await career.getByRole('button', { name: 'Add season' }).click();
  await career.getByLabel('Season', { exact: true }).fill('2023/24');
  await career.getByLabel('Team name', { exact: true }).fill('Real Madrid');
  await saveCvSection(career);
  await expect(career.getByText('2023/24 · Member')).toBeVisible();
  await career.getByRole('button', { name: 'Edit season 2023/24 at Real Madrid' }).click();
  await career.getByLabel('Role', { exact: true }).fill('Captain');
  await saveCvSection(career);
  await expect(career.getByText('2023/24 · Captain')).toBeVisible();

  const awards = cvSection(page, 'Awards/Achievements');
  for (const title of ['League MVP', 'Typo award']) {
    await awards.getByRole('button', { name: 'Add award' }).click();
    await awards.getByLabel('Title', { exact: true }).fill(title);
    await awards.getByLabel('Date', { exact: true }).fill('2024-05-01');
    await saveCvSection(awards);
  }
  await awards.getByRole('button', { name: 'Delete Typo award' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(awards.getByText('Typo award', { exact: true })).toHaveCount(0);
  await expect(awards.getByText('League MVP', { exact: true })).toBeVisible();

  await page.goto('/feed');
  const great = await expectFillRate(page, 88);
  await expect(great.getByText(/Great!/)).toBeVisible();
  await great.getByRole('link', { name: 'View my profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${player.username}$`));
});

test('follow from a profile: the button and counts update, and the follower dialog lists you', async ({
  playerPage: page,
  player,
  request,
}, testInfo) => {
  const coach = await registerUser(request, makeUser({ userType: 'coach' }));
  await openProfile(page, coach.username);
  await expect(page.getByRole('link', { name: 'Message', exact: true })).toHaveAttribute(
    'href',
    `/messages?user=${coach.username}`,
  );
  await expect(countButton(page, 'followers')).toHaveText('0 followers');
  await expectNoToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);

  await profileFollowButton(page).click();
  await expect(profileFollowButton(page)).toHaveText('Following');
  await expect(countButton(page, 'followers')).toHaveText('1 follower');
  await page.reload();
  await expect(profileFollowButton(page)).toHaveText('Following');

  await countButton(page, 'followers').click();
  const dialog = page.getByRole('dialog', { name: 'Followers' });
  await expect(dialog.getByRole('link', { name: new RegExp(player.fullName) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
  await dialog.getByRole('link', { name: new RegExp(player.fullName) }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/profile/${player.username}$`));
  await expect(countButton(page, 'following')).toHaveText('1 following');

  await countButton(page, 'following').click();
  const following = page.getByRole('dialog', { name: 'Following' });
  await following.getByRole('button', { name: `Following ${coach.fullName}` }).click();
  await expect(following.getByRole('button', { name: `Follow ${coach.fullName}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(countButton(page, 'following')).toHaveText('0 following');
});

test('follow from Discover: search, follow, and the profile counts it', async ({
  playerPage: page,
  request,
}, testInfo) => {
  const club = await registerUser(request, makeUser({ userType: 'club' }));
  await page.goto('/discover');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'People' })).toBeVisible();
  await expectNoToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);

  const search = page.getByRole('searchbox', { name: /Search people/ });
  await search.fill('no-such-person-anywhere');
  await expect(page.getByText('No users found')).toBeVisible();
  await search.fill(club.username);
  const people = page.getByRole('list', { name: 'People' });
  await expect(people.getByRole('listitem')).toHaveCount(1);
  await people.getByRole('button', { name: `Follow ${club.fullName}` }).click();
  await expect(people.getByRole('button', { name: `Following ${club.fullName}` })).toBeVisible();

  await people.getByRole('link', { name: new RegExp(club.fullName) }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${club.username}$`));
  await expect(profileFollowButton(page)).toHaveText('Following');
  await expect(countButton(page, 'followers')).toHaveText('1 follower');
});

test('search in the top bar by keyboard and by mouse', async ({ playerPage: page, request }) => {
  const tag = `srch${Date.now().toString(36)}`;
  const first = await registerUser(request, makeUser({ fullName: `${tag} Alpha` }));
  const second = await registerUser(request, makeUser({ fullName: `${tag} Beta` }));
  const box = searchBox(page);

  await box.fill(tag);
  // The search's own options: the feed behind it has the composer's sport list too.
  const options = page.getByRole('listbox', { name: 'Search' }).getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/profile/${second.username}$`));
  await expect(box).toHaveValue('');

  await box.fill(tag);
  await expect(options).toHaveCount(2);
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await options.filter({ hasText: `${tag} Alpha` }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${first.username}$`));
  await expect(box).toHaveValue('');
  await expect(page.getByRole('listbox')).toBeHidden();
});

test("views are counted on the owner's profile when someone else opens it", async ({
  playerPage: page,
  player,
  browser,
  request,
}) => {
  await expect(page.getByRole('region', { name: 'Profile visibility' })).toContainText(
    'No views this week yet',
  );
  const viewer = await registerUser(request, makeUser());
  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  await signInThroughUi(viewerPage, viewer);
  const recordedView = () =>
    viewerPage.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/profiles/${player.username}/views`) &&
        response.request().method() === 'POST',
    );
  let view = recordedView();
  await openProfile(viewerPage, player.username);
  expect(await (await view).json()).toEqual({ counted: true });
  await expect(viewerPage.getByTestId('profile-views')).toHaveCount(0);
  // Opening it again within the hour does not count twice.
  view = recordedView();
  await openProfile(viewerPage, player.username);
  expect(await (await view).json()).toEqual({ counted: false });
  await viewerContext.close();

  await openProfile(page, player.username);
  await expect(page.getByTestId('profile-views')).toHaveText('1');
  await page.goto('/feed');
  const visibility = page.getByRole('region', { name: 'Profile visibility' });
  await expect(visibility.getByTestId('total-views')).toHaveText('1');
  await expect(visibility.getByText('New', { exact: true })).toBeVisible();
});

test.describe('on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the profile, its CV forms and Discover fit', async ({ playerPage: page, player }) => {
    await openProfile(page, player.username);
    await editCvSection(page, 'Sportive info');
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
    await page.goto('/discover');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
  });
});
