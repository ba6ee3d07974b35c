import { expectToast } from '../fixtures/auth-screen.ts';
import { horizontalOverflow } from '../fixtures/app-shell.ts';
import { MessagesScreen, memberInOwnContext } from '../fixtures/messages.ts';
import { Composer, postCard, uniqueText } from '../fixtures/posts.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';
import { browserWebm, phoneMov } from '../fixtures/videos.ts';
import { expect, test } from '../fixtures/test.ts';
import type { Locator, Page } from '@playwright/test';

/** How long a clip may take to be made playable while the other journeys share the machine. */
const PROCESSED = { timeout: 90_000 };

/** The player once the video is playable: its MP4 loads and the browser decodes its picture. */
async function expectPlayable(video: Locator, width: number) {
  await expect(video).toHaveAttribute('src', /\.mp4(\?|$)/, PROCESSED);
  await expect(video).toHaveAttribute('poster', /-poster\.webp(\?|$)/);
  await expect(video).toHaveAttribute('preload', 'metadata');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBe(width);
}

async function postVideo(
  page: Page,
  text: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const composer = new Composer(page);
  await composer.fileInput.setInputFiles(file);
  await expectToast(page, 'Media ready to post!');
  await composer.content.fill(text);
  await composer.chooseSport('Football');
  await composer.postButton.click();
  await expectToast(page, 'Post created successfully!');
}

test("posts a phone's HEVC .mov: 'Processing video…' for its author, then a playable MP4 with its poster, and it can be pinned to Highlights", async ({
  playerPage: page,
  player,
}) => {
  test.slow();
  const text = uniqueText('Video post');
  await postVideo(page, text, {
    name: 'match.mov',
    mimeType: 'video/quicktime',
    buffer: await phoneMov(),
  });

  const card = postCard(page, text);
  await expect(card.getByText('Processing video…')).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Video processing' })).toBeVisible();
  const video = card.getByLabel(`Video posted by ${player.fullName}`);
  await expectPlayable(video, 1600);
  await expect(card.getByText('Processing video…')).toHaveCount(0);

  // Tap to unmute: the feed starts videos muted.
  await card.getByRole('button', { name: 'Unmute' }).click();
  await expect(card.getByRole('button', { name: 'Mute' })).toBeVisible();

  await card.getByRole('button', { name: 'Pin to highlights' }).click();
  await expectToast(page, 'Pinned to your highlights');
  await page.goto(`/profile/${player.username}`);
  const highlights = page.getByRole('region', { name: 'Highlights' });
  await expect(highlights.locator('video')).toHaveCount(1);
  await expect(highlights.locator('video')).toHaveAttribute('poster', /-poster\.webp/);
});

test("a browser's WebM sent in a message plays on both sides once processed", async ({
  browser,
  request,
}) => {
  test.slow();
  const alex = await registerUser(request, makeUser({ fullName: `Alex Video ${Date.now()}` }));
  const blair = await registerUser(request, makeUser({ fullName: `Blair Video ${Date.now()}` }));
  const a = await memberInOwnContext(browser, alex);
  const b = await memberInOwnContext(browser, blair);
  await a.page.goto(`/profile/${blair.username}`);
  await a.page.getByRole('link', { name: 'Message', exact: true }).click();
  const aScreen = new MessagesScreen(a.page);
  await aScreen.attachInput.setInputFiles({
    name: 'drill.webm',
    mimeType: 'video/webm',
    buffer: await browserWebm(),
  });
  await aScreen.sendButton.click();

  await expectPlayable(aScreen.thread(blair.fullName).getByLabel('Video from you'), 640);
  await b.page.goto('/messages');
  const bScreen = new MessagesScreen(b.page);
  await bScreen.conversationWith(alex.fullName).click();
  await expectPlayable(
    bScreen.thread(alex.fullName).getByLabel(`Video from ${alex.fullName}`),
    640,
  );
  await a.context.close();
  await b.context.close();
});

test.describe('on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a video post fits and plays its 720p copy', async ({ playerPage: page, player }) => {
    test.slow();
    const text = uniqueText('Phone video');
    await postVideo(page, text, {
      name: 'match.mov',
      mimeType: 'video/quicktime',
      buffer: await phoneMov(),
    });
    const video = postCard(page, text).getByLabel(`Video posted by ${player.fullName}`);
    await expect(video).toHaveAttribute('src', /-720\.mp4$/, PROCESSED);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), {
        timeout: 20_000,
      })
      .toBe(1280);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
  });
});
