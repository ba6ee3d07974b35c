import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { horizontalOverflow } from '../fixtures/app-shell.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import {
  MessagesScreen,
  apiToken,
  memberInOwnContext,
  openConversation,
  samplePng,
  sendThroughApi,
} from '../fixtures/messages.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';
import { expect, test } from '../fixtures/test.ts';

test('two members message live: text and a photo arrive, unread counts, and read receipts', async ({
  browser,
  request,
}, testInfo) => {
  test.slow();
  const alex = await registerUser(request, makeUser({ fullName: `Alex Sender ${Date.now()}` }));
  const blair = await registerUser(request, makeUser({ fullName: `Blair Reader ${Date.now()}` }));
  const a = await memberInOwnContext(browser, alex);
  const b = await memberInOwnContext(browser, blair);
  const aScreen = new MessagesScreen(a.page);
  const bScreen = new MessagesScreen(b.page);

  // Blair waits on /messages, with nothing yet.
  await b.page.goto('/messages');
  await expect(b.page.getByText('No conversations yet')).toBeVisible();
  await expect(b.page.getByText('Select a conversation to start messaging')).toBeVisible();
  await expect(bScreen.navLink).toHaveAccessibleName('Messages');

  // Alex starts from Blair's profile.
  await a.page.goto(`/profile/${blair.username}`);
  await a.page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(a.page).toHaveURL(/\/messages$/);
  await expect(aScreen.chatHeading).toContainText(blair.fullName);
  await expect(a.page.getByText('No messages yet. Start the conversation!')).toBeVisible();

  // An empty message is refused.
  await aScreen.sendButton.click();
  await expectToast(a.page, 'Please enter a message or attach media');

  const hello = `Hello Blair, are you free for a trial? ${Date.now()}`;
  await aScreen.send(hello);
  await expect(aScreen.messageBox).toHaveValue('');
  await expect(aScreen.thread(blair.fullName).getByText(hello)).toBeVisible();

  // Blair sees it arrive without reloading: the conversation, its preview, and the counts.
  const bConversation = bScreen.conversationWith(alex.fullName);
  await expect(bConversation).toContainText(hello);
  await expect(bConversation).toContainText('1 unread');
  await expect(bScreen.navLink).toHaveAccessibleName('Messages (1 unread)');

  // Alex sends a photo.
  await aScreen.attachInput.setInputFiles({
    name: 'trial.png',
    mimeType: 'image/png',
    buffer: await samplePng(a.page),
  });
  await expect(a.page.getByRole('img', { name: 'Photo to send' })).toBeVisible();
  await aScreen.sendButton.click();
  const aThread = aScreen.thread(blair.fullName);
  await expect(aThread.getByRole('img', { name: 'Photo from you' })).toBeVisible();
  await expect(aThread.getByText('Sending...')).toHaveCount(0);
  await expect(a.page.getByRole('img', { name: 'Photo to send' })).toHaveCount(0);

  await expect(bConversation).toContainText('Photo');
  await expect(bConversation).toContainText('2 unread');
  await expect(bScreen.navLink).toHaveAccessibleName('Messages (2 unread)');
  // Nothing is read yet.
  await expect(aThread.getByText('Seen')).toHaveCount(0);

  // Blair opens the conversation: both messages, the photo loads, and it counts as read.
  await bConversation.click();
  const bThread = bScreen.thread(alex.fullName);
  await expect(bThread.getByText(hello)).toBeVisible();
  const photo = bThread.getByRole('img', { name: `Photo from ${alex.fullName}` });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(bConversation).not.toContainText('unread');
  await expect(bScreen.navLink).toHaveAccessibleName('Messages');

  // Alex sees the read receipt under the last message.
  await expect(aThread.getByText('Seen')).toHaveCount(1);

  // Blair answers; it appears in Alex's open conversation at once, and is read there at once.
  const reply = `Yes! Tuesday works ${Date.now()}`;
  await bScreen.send(reply);
  await expect(aThread.getByText(reply)).toBeVisible();
  await expect(bThread.getByText('Seen')).toHaveCount(1);
  await expect(aScreen.conversationWith(blair.fullName)).not.toContainText('unread');
  await expect(bConversation).toContainText(`You: ${reply}`);

  // The photo opens larger.
  await photo.click();
  await expect(b.page.getByRole('dialog')).toBeVisible();
  await b.page.keyboard.press('Escape');
  await expect(b.page.getByRole('dialog')).toHaveCount(0);

  await expectNoSeriousA11yViolations(b.page, testInfo);
  await a.context.close();
  await b.context.close();
});

test('after going offline and back, the socket reconnects and shows what was missed', async ({
  browser,
  request,
}) => {
  test.slow();
  const alex = await registerUser(request, makeUser({ fullName: `Alex Offline ${Date.now()}` }));
  const blair = await registerUser(request, makeUser({ fullName: `Blair Offline ${Date.now()}` }));
  const alexToken = await apiToken(request, alex);
  const conversationId = await openConversation(request, alexToken, blair.username);
  await sendThroughApi(request, alexToken, conversationId, 'First, before anything');

  const b = await memberInOwnContext(browser, blair);
  const screen = new MessagesScreen(b.page);
  await b.page.goto('/messages');
  await screen.conversationWith(alex.fullName).click();
  const thread = screen.thread(alex.fullName);
  await expect(thread.getByText('First, before anything')).toBeVisible();

  const live = `Live while online ${Date.now()}`;
  await sendThroughApi(request, alexToken, conversationId, live);
  await expect(thread.getByText(live)).toBeVisible();

  await b.context.setOffline(true);
  await expect(b.page.getByText(/^Reconnecting\.\.\./)).toBeVisible();
  const missed = `Sent while you were offline ${Date.now()}`;
  await sendThroughApi(request, alexToken, conversationId, missed);
  // Nothing can arrive while offline.
  await expect(thread.getByText(missed)).toHaveCount(0);

  await b.context.setOffline(false);
  await expect(b.page.getByText(/^Reconnecting\.\.\./)).toHaveCount(0);
  await expect(thread.getByText(missed)).toBeVisible();

  // And the reconnected socket is live again.
  const after = `After the reconnect ${Date.now()}`;
  await sendThroughApi(request, alexToken, conversationId, after);
  await expect(thread.getByText(after)).toBeVisible();
  await b.context.close();
});

test('history opens at the newest; scrolling up loads older messages without a jump', async ({
  playerPage: page,
  player,
  request,
}) => {
  test.slow();
  const other = await registerUser(request, makeUser({ fullName: `Eli History ${Date.now()}` }));
  const token = await apiToken(request, other);
  const id = await openConversation(request, token, player.username);
  for (let i = 0; i < 45; i += 1) await sendThroughApi(request, token, id, `History ${i}`);

  await page.goto('/messages');
  const screen = new MessagesScreen(page);
  await screen.conversationWith(other.fullName).click();
  const thread = screen.thread(other.fullName);
  const newest = thread.getByText('History 44', { exact: true });
  await expect(newest).toBeInViewport();
  // The first page holds the 30 newest: 15 to 44.
  const anchor = thread.getByText('History 15', { exact: true });
  await expect(anchor).toBeAttached();
  await expect(thread.getByText('History 14', { exact: true })).toHaveCount(0);

  // Hold the older page until the anchor's place is measured.
  let release: (value: unknown) => void = () => undefined;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/messages\?.*cursor=/, async (route) => {
    await held;
    await route.continue();
  });
  const older = page.waitForRequest(/\/messages\?.*cursor=/);
  await page
    .getByRole('region', { name: `Conversation with ${other.fullName}` })
    .evaluate((element) => element.scrollTo({ top: 0 }));
  await older;
  const before = (await anchor.boundingBox())?.y ?? Number.NaN;
  release(null);
  await expect(thread.getByText('History 0', { exact: true })).toBeAttached();
  await expect(page.getByText('Start of your conversation with', { exact: false })).toBeVisible();
  const after = (await anchor.boundingBox())?.y ?? Number.NaN;
  expect(Math.abs(after - before)).toBeLessThanOrEqual(1);
});

test('?user opens a conversation or says the user does not exist', async ({
  playerPage: page,
  request,
}) => {
  const other = await registerUser(request, makeUser({ fullName: `Casey Query ${Date.now()}` }));
  await page.goto('/messages?user=nobody_here_at_all');
  await expectToast(page, 'User not found');
  await expect(page).toHaveURL(/\/messages$/);

  await page.goto(`/messages?user=${other.username}`);
  const screen = new MessagesScreen(page);
  await expect(screen.chatHeading).toContainText(other.fullName);
  await expect(page).toHaveURL(/\/messages$/);
  await expect(screen.conversationWith(other.fullName)).toHaveAttribute('aria-current', 'true');
  // Kept across a reload (the route state names the conversation).
  await page.reload();
  await expect(screen.chatHeading).toContainText(other.fullName);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the list and the conversation are separate views with a way back', async ({
    page,
    player,
    request,
  }) => {
    const other = await registerUser(request, makeUser({ fullName: `Dana Phone ${Date.now()}` }));
    const token = await apiToken(request, other);
    const id = await openConversation(request, token, player.username);
    await sendThroughApi(request, token, id, 'Hi from a phone');

    await signInThroughUi(page, player);
    await page.goto('/messages');
    const screen = new MessagesScreen(page);
    await expect(screen.navLink).toHaveAccessibleName('Messages (1 unread)');
    await screen.conversationWith(other.fullName).click();
    await expect(screen.conversations).toBeHidden();
    await expect(screen.thread(other.fullName).getByText('Hi from a phone')).toBeVisible();
    await expect(screen.messageBox).toBeVisible();
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(screen.conversationWith(other.fullName)).toBeVisible();
    await expect(screen.messageBox).toBeHidden();
    await expect(screen.navLink).toHaveAccessibleName('Messages');
  });
});
