import { signInThroughUi } from '../fixtures/auth-screen.ts';
import {
  MessagesScreen,
  apiToken,
  memberInOwnContext,
  openConversation,
  sendThroughApi,
} from '../fixtures/messages.ts';
import { OwnServer } from '../fixtures/own-server.ts';
import { apiSignIn, createPost, scrollUntilPost, uniqueText } from '../fixtures/posts.ts';
import { listeningTo } from '../fixtures/realtime.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';
import { expect, test } from '../fixtures/test.ts';

test('screens follow others without a reload: comments on an open post, new posts, a profile', async ({
  browser,
  request,
}) => {
  test.slow();
  const alex = await registerUser(request, makeUser({ fullName: `Alex Writer ${Date.now()}` }));
  const blair = await registerUser(request, makeUser({ fullName: `Blair Reader ${Date.now()}` }));
  const alexApi = await apiSignIn(request, alex);
  const blairApi = await apiSignIn(request, blair);
  const b = await memberInOwnContext(browser, blair);

  // Blair opens the comments of her own post on the feed.
  const text = uniqueText('Open for comments');
  const post = await createPost(request, blairApi, text);
  await b.page.goto('/feed');
  const card = await scrollUntilPost(b.page, text);
  await card.getByRole('button', { name: /^Comments/ }).click();
  const comments = card.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('No comments yet. Be the first to comment.')).toBeVisible();

  // Alex comments from elsewhere: it appears under the open post, and the count moves.
  const remark = uniqueText('Great finish');
  const added = await request.post(`/api/posts/${post.id}/comments`, {
    headers: { Authorization: `Bearer ${alexApi.token}` },
    data: { content: remark },
  });
  expect(added.status(), await added.text()).toBe(201);
  await expect(comments.getByRole('listitem').filter({ hasText: remark })).toContainText(
    alex.fullName,
  );
  await expect(card.getByRole('button', { name: /^Comments/ })).toHaveText(/1$/);

  // ...and leaves when Alex deletes it.
  const { id: commentId } = (await added.json()) as { id: string };
  const removed = await request.delete(`/api/posts/${post.id}/comments/${commentId}`, {
    headers: { Authorization: `Bearer ${alexApi.token}` },
  });
  expect(removed.status()).toBe(204);
  await expect(comments.getByText(remark)).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Comments/ })).toHaveText(/0$/);

  // Blair follows Alex: a new post by Alex is announced above her feed (only followers hear of
  // it live), and the list waits for her to ask.
  const followed = await request.put(`/api/profiles/${alex.username}/follow`, {
    headers: { Authorization: `Bearer ${blairApi.token}` },
  });
  expect(followed.status(), await followed.text()).toBe(200);
  const news = uniqueText('Transfer news');
  await createPost(request, alexApi, news);
  const pill = b.page.getByRole('button', { name: /^Show \d+ new posts?$/ });
  await expect(pill).toBeVisible();
  await expect(b.page.getByText(news)).toHaveCount(0);
  await pill.click();
  await expect(b.page.getByRole('article').filter({ hasText: news })).toBeVisible();
  await expect(pill).toHaveCount(0);

  // Blair looks at Alex's profile while Alex edits it: once the page listens to it.
  const profile = await request.get(`/api/profiles/${alex.username}`, {
    headers: { Authorization: `Bearer ${alexApi.token}` },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const { id: alexId } = (await profile.json()) as { id: string };
  const listening = listeningTo(b.page, `profile:${alexId}`);
  await b.page.goto(`/profile/${alex.username}`);
  await expect(b.page.getByRole('heading', { level: 1, name: alex.fullName })).toBeVisible();
  await listening();
  const bio = uniqueText('Box-to-box midfielder');
  const edited = await request.patch('/api/me/profile', {
    headers: { Authorization: `Bearer ${alexApi.token}` },
    data: { fullName: alex.fullName, username: alex.username, bio },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  await expect(b.page.getByText(bio)).toBeVisible();
  await b.context.close();
});

test('after the server restarts, an open conversation reconnects and catches up', async ({
  browser,
  playwright,
}) => {
  test.slow();
  const server = await OwnServer.start();
  const request = await playwright.request.newContext({ baseURL: server.url });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const alex = await registerUser(request, makeUser({ fullName: `Alex Restart ${Date.now()}` }));
    const blair = await registerUser(
      request,
      makeUser({ fullName: `Blair Restart ${Date.now()}` }),
    );
    const blairToken = await apiToken(request, blair);
    const conversationId = await openConversation(request, blairToken, alex.username);
    await sendThroughApi(request, blairToken, conversationId, 'Before the restart');

    const page = await context.newPage();
    await signInThroughUi(page, alex);
    await page.goto('/messages');
    const screen = new MessagesScreen(page);
    await screen.conversationWith(blair.fullName).click();
    const thread = screen.thread(blair.fullName);
    await expect(thread.getByText('Before the restart')).toBeVisible();

    await server.stop();
    await server.start();

    // Sent as soon as the server is back, likely before the tab has reconnected: the refetch
    // after reconnecting brings it; the next one arrives live on the restored socket.
    await sendThroughApi(request, blairToken, conversationId, 'Right after the restart');
    await expect(thread.getByText('Right after the restart')).toBeVisible({ timeout: 30_000 });
    await sendThroughApi(request, blairToken, conversationId, 'Live again');
    await expect(thread.getByText('Live again')).toBeVisible();
  } finally {
    await context.close();
    await request.dispose();
    await server.dispose();
  }
});
