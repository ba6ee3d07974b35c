import type { Locator } from '@playwright/test';

import {
  MessagesScreen,
  apiToken,
  openConversation,
  sendThroughApi,
} from '../fixtures/messages.ts';
import { signedInPage } from '../fixtures/offers.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'a box on screen').not.toBeNull();
  return box!;
}

// A laptop's window, a shorter one, and one shorter than the messages card's least height (it
// then reaches below the window, and the composer with it).
for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1366, height: 640 },
  { width: 1366, height: 520 },
]) {
  test(`a toast never covers the message thread's Send button (${viewport.width}×${viewport.height})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const me = await registerUser(request, makeUser({ fullName: `Toast Sender ${Date.now()}` }));
    const other = await registerUser(request, makeUser({ fullName: `Toast Reader ${Date.now()}` }));
    const token = await apiToken(request, other);
    const conversation = await openConversation(request, token, me.username);
    await sendThroughApi(request, token, conversation, 'Ready for Saturday?');

    const page = await signedInPage(browser, me);
    await page.setViewportSize(viewport);
    await page.goto('/messages');
    const screen = new MessagesScreen(page);
    await screen.conversationWith(other.fullName).click();
    await screen.send('Ready!');
    await expect(screen.thread(other.fullName).getByText('Ready!')).toBeVisible();

    // Sending an empty message toasts why; the toast lands beside the composer, not on Send.
    await screen.sendButton.click();
    const toast = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Please enter a message or attach media' })
      .last();
    await expect(toast).toBeVisible();
    // Measured once it has finished sliding in: its animations and transitions have ended (two
    // readings a moment apart could agree on a slide stalled by a busy machine), and then two
    // readings apart agree.
    await toast.evaluate((element) =>
      Promise.all(
        element
          .getAnimations({ subtree: true })
          // One cancelled (replaced as the stack moves) rejects: the readings below still agree first.
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    let last = await boxOf(toast);
    await expect
      .poll(
        async () => {
          const now = await boxOf(toast);
          const still = now.y === last.y && now.height === last.height;
          last = now;
          return still;
        },
        { intervals: [250] },
      )
      .toBe(true);
    const send = await boxOf(screen.sendButton);
    const composer = await boxOf(page.getByRole('form', { name: `Message ${other.fullName}` }));
    expect(
      intersects(last, send),
      `toast ${JSON.stringify(last)} over Send ${JSON.stringify(send)}`,
    ).toBe(false);
    // It sits above the whole composer, whose box and counter it leaves alone too.
    expect(last.y + last.height).toBeLessThanOrEqual(composer.y);
    // ...and Send takes the next click while the toast shows.
    await screen.messageBox.fill('Still clickable');
    await screen.sendButton.click({ timeout: 3_000 });
    await expect(screen.thread(other.fullName).getByText('Still clickable')).toBeVisible();
    await expect(toast).toBeVisible();
    await page.context().close();
  });
}
