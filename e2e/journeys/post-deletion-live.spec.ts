import { expectToast } from '../fixtures/auth-screen.ts';
import { memberInOwnContext } from '../fixtures/messages.ts';
import { apiSignIn, createPost, postCard, scrollUntilPost, uniqueText } from '../fixtures/posts.ts';
import { listeningTo } from '../fixtures/realtime.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';
import { expect, test } from '../fixtures/test.ts';

test.use({ viewport: { width: 1366, height: 768 } });

test('a post its author deletes leaves other readers’ feeds and its page at once, without a reload', async ({
  browser,
  request,
}) => {
  test.slow();
  const author = await registerUser(request, makeUser({ fullName: `Alex Deleter ${Date.now()}` }));
  const reader = await registerUser(request, makeUser({ fullName: `Blair Watcher ${Date.now()}` }));
  const text = uniqueText('Here for a moment');
  const post = await createPost(request, await apiSignIn(request, author), text);

  // The reader has the post on the feed in one tab, and its own page in another.
  const b = await memberInOwnContext(browser, reader);
  const feedListens = listeningTo(b.page, 'feed');
  await b.page.goto('/feed');
  await feedListens();
  const readerCard = await scrollUntilPost(b.page, text);
  const postPage = await b.context.newPage();
  const pageListens = listeningTo(postPage, `post:${post.id}`);
  await postPage.goto(`/posts/${post.id}`);
  await expect(postPage.getByRole('article').filter({ hasText: text })).toBeVisible();
  await pageListens();

  // The author deletes it from their own feed, in a browser of their own.
  const a = await memberInOwnContext(browser, author);
  const card = await scrollUntilPost(a.page, text);
  await card.getByRole('button', { name: 'Delete post' }).click();
  await a.page
    .getByRole('alertdialog', { name: 'Delete this post?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(a.page, 'Post deleted');

  await expect(readerCard).toHaveCount(0);
  await expect(postCard(b.page, text)).toHaveCount(0);
  await expect(postPage.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  await expect(postPage.getByText(text)).toHaveCount(0);
  for (const member of [a, b]) await member.context.close();
});
