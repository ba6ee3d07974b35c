import { expectToast, AuthScreen } from '../fixtures/auth-screen.ts';
import { horizontalOverflow } from '../fixtures/app-shell.ts';
import { MessagesScreen, memberInOwnContext } from '../fixtures/messages.ts';
import { apiSignIn, createPost, postCard, uniqueText } from '../fixtures/posts.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';
import { expect, test } from '../fixtures/test.ts';

test('a shared post link leads a signed-out reader through sign-in to the post, which updates live when edited', async ({
  page,
  request,
}) => {
  test.slow();
  const author = await registerUser(request, makeUser());
  const reader = await registerUser(request, makeUser());
  const member = await apiSignIn(request, author);
  const text = uniqueText('Shared moment');
  const post = await createPost(request, member, text, 'tennis');

  await page.goto(`/posts/${post.id}`);
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=%2Fposts%2F${post.id}$`));
  await new AuthScreen(page).login(reader);
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  const card = postCard(page, text);
  await expect(card).toBeVisible();
  await expect(card.getByRole('region', { name: 'Comments' })).toBeVisible();

  const edited = uniqueText('Changed words');
  const response = await request.patch(`/api/posts/${post.id}`, {
    headers: { Authorization: `Bearer ${member.token}` },
    data: { content: edited, sport: 'padel' },
  });
  expect(response.status()).toBe(200);
  const updated = postCard(page, edited);
  await expect(updated).toBeVisible();
  await expect(updated.getByText(/^Edited/)).toBeVisible();
  await expect(updated.getByText('Padel', { exact: true })).toBeVisible();
});

test('the author edits a post from the feed, opens its page by the time stamp and copies its link', async ({
  playerPage: page,
  player,
  request,
  context,
}) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const text = uniqueText('Typo moment');
  const post = await createPost(request, await apiSignIn(request, player), text);
  await page.reload();
  await postCard(page, text).getByRole('button', { name: 'Edit post' }).click();
  // The text being edited is the form's now, not the card's.
  const form = page.getByRole('form', { name: 'Edit post' });
  // Blank text cannot be saved, as it cannot be posted.
  await form.getByLabel('Post text').fill('   ');
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  const fixed = uniqueText('Fixed words');
  await form.getByLabel('Post text').fill(fixed);
  await form.getByLabel('Sport').selectOption('rugby');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Post updated');
  const fixedCard = postCard(page, fixed);
  await expect(fixedCard.getByText(/^Edited/)).toBeVisible();
  await expect(fixedCard.getByText('Rugby', { exact: true })).toBeVisible();

  await fixedCard.getByRole('link', { name: /^Open post/ }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  await postCard(page, fixed)
    .getByRole('button', { name: /^Share/ })
    .click();
  await expectToast(page, 'Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(`/posts/${post.id}`, page.url()).toString(),
  );

  // At phone width the page fits.
  await page.setViewportSize({ width: 375, height: 800 });
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});

test('a deleted post’s link shows a clear not-found page', async ({
  playerPage: page,
  player,
  request,
}) => {
  const member = await apiSignIn(request, player);
  const post = await createPost(request, member, uniqueText('Soon gone'));
  const deleted = await request.delete(`/api/posts/${post.id}`, {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  expect(deleted.status()).toBe(204);
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to feed' }).click();
  await expect(page).toHaveURL(/\/feed$/);
});

test('a signed-out link to a conversation returns there after sign-in, and an empty one stays out of the other person’s list', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const me = await registerUser(request, makeUser());
  const other = await registerUser(request, makeUser({ fullName: `Maria Lopez ${Date.now()}` }));

  await page.goto(`/messages?user=${other.username}`);
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await new AuthScreen(page).login(me);
  await expectToast(page, 'Welcome back!');
  const screen = new MessagesScreen(page);
  await expect(screen.chatHeading).toContainText(other.fullName);
  await expect(page.getByText('No messages yet. Start the conversation!')).toBeVisible();

  const them = await memberInOwnContext(browser, other);
  await them.page.goto('/messages');
  await expect(them.page.getByText('No conversations yet')).toBeVisible();
  await them.context.close();
});

test('a sign-in never follows a return address of another site', async ({ page, request }) => {
  const member = await registerUser(request, makeUser());
  await page.goto(`/auth?redirectTo=${encodeURIComponent('//evil.example/feed')}`);
  await new AuthScreen(page).login(member);
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/feed$/);
});
