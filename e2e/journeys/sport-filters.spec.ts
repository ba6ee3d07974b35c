import { signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { postOfferThroughApi, verifyThroughApi } from '../fixtures/offers.ts';
import { apiSignIn, createPost, postCard, uniqueText } from '../fixtures/posts.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

/** The one sport list: the spec's sports as chips, the rest under each filter's More menu. */

test('the rest of the sports are under More, by keyboard', async ({
  playerPage: page,
  request,
}, testInfo) => {
  const author = await apiSignIn(request, await registerUser(request, makeUser()));
  const golf = uniqueText('Hole in one');
  await createPost(request, author, golf, 'golf');
  await page.reload();
  const filter = page.getByRole('group', { name: 'Filter by sport' });
  await filter.getByRole('button', { name: 'Padel', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(filter.getByRole('button', { name: 'More sports' })).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'More sports' });
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused();
  await expect(menu.getByRole('menuitemradio').last()).toHaveText('Other');
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await page.keyboard.press('Space');
  await menu.getByRole('menuitemradio', { name: 'Golf' }).focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\?sport=golf$/);
  await expect(postCard(page, golf)).toBeVisible();
  await expect(filter.getByRole('button', { name: 'More sports: Golf' })).toBeFocused();
  await expect(filter.getByRole('button', { pressed: true })).toHaveCount(0);
});

test('a padel offer is posted and found under the filter’s More menu', async ({
  page,
  request,
  admin,
  player,
}) => {
  const club = await registerUser(request, makeUser({ userType: 'club' }));
  await verifyThroughApi(request, admin, club);
  const title = `Padel Coach ${Date.now().toString(36)}`;
  await postOfferThroughApi(request, club, { title, sport: 'padel' });

  await signInThroughUi(page, player);
  await page.goto('/offers');
  const filter = page.getByRole('group', { name: 'Filter by sport' });
  await filter.getByRole('button', { name: 'More sports' }).click();
  await page
    .getByRole('menu', { name: 'More sports' })
    .getByRole('menuitemradio', { name: 'Padel' })
    .click();
  await expect(page).toHaveURL(/sport=padel/);
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Padel');
  await expect(filter.getByRole('button', { name: 'More sports: Padel' })).toBeVisible();
});
