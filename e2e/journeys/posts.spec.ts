import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { horizontalOverflow } from '../fixtures/app-shell.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import {
  expectSizesToMatchLayout,
  gradientJpeg,
  noisyPng,
  recordProgress,
  recordedProgress,
  throttleUploads,
} from '../fixtures/media.ts';
import {
  Composer,
  apiSignIn,
  createPhotoPost,
  createPost,
  feedList,
  follow,
  loadedCount,
  postCard,
  scrollUntilPost,
  uniqueText,
} from '../fixtures/posts.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';
import { expect, test } from '../fixtures/test.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TestUser } from '../fixtures/users.ts';

test('posts a text-only moment: the composer clears and the post heads the feed', async ({
  playerPage: page,
  player,
}) => {
  const composer = new Composer(page);
  const text = uniqueText('Text only');
  await expect(composer.postButton).toBeDisabled();
  await composer.content.fill(`${text}\nSecond line`);
  await expect(composer.postButton).toBeDisabled();
  await composer.chooseSport('Basketball');
  await composer.postButton.click();

  await expectToast(page, 'Post created successfully!');
  await expect(composer.content).toHaveValue('');
  await expect(composer.sport.locator('option:checked')).toHaveText('Select sport');
  const card = postCard(page, text);
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: player.fullName })).toBeVisible();
  await expect(card.getByText('Basketball', { exact: true })).toBeVisible();
  await expect(card.getByText(/less than a minute ago|1 minute ago/)).toBeVisible();
  // Line breaks are kept.
  await expect(card.getByText(text)).toHaveCSS('white-space', 'pre-wrap');
});

test('refuses an empty post with the first validation message', async ({ playerPage: page }) => {
  const composer = new Composer(page);
  await composer.content.focus();
  await page.keyboard.press('Control+Enter');
  await expectToast(page, 'Post content cannot be empty');
  await composer.content.fill('Nearly there');
  await page.keyboard.press('Control+Enter');
  await expectToast(page, 'Please select a sport');
});

test('posts a photo: progress shows processing then real upload, and the post shows its image', async ({
  playerPage: page,
  player,
}, testInfo) => {
  // Compressing a noisy photo is real work for the browser, and the upload is throttled.
  test.slow();
  const composer = new Composer(page);
  const text = uniqueText('Photo post');
  const photo = await noisyPng(page, 1400, 1000);
  await recordProgress(page);
  await composer.fileInput.setInputFiles({
    name: 'match.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  await expectToast(page, 'Media ready to post!');
  await expect(composer.form.getByRole('img', { name: 'Photo to post' })).toBeVisible();

  await composer.content.fill(text);
  await composer.chooseSport('Tennis');
  // Slow uploads down so the bar can be watched moving with the bytes sent.
  await throttleUploads(page, 512 * 1024);
  await composer.postButton.click();
  await expect(composer.form.getByRole('progressbar', { name: 'Uploading...' })).toBeVisible();
  await expect(composer.postButton).toBeDisabled();
  await expectToast(page, 'Post created successfully!');

  const samples = await recordedProgress(page);
  const processing = samples.filter(([label]) => label === 'Processing...');
  const uploading = samples.filter(([label]) => label === 'Uploading...');
  expect(processing.length, JSON.stringify(samples)).toBeGreaterThan(0);
  expect(processing.every(([, value]) => value < 50)).toBe(true);
  expect(uploading.every(([, value]) => value >= 50)).toBe(true);
  // Values strictly between 50 and 90 come only from the request's upload progress events.
  expect(
    uploading.some(([, value]) => value > 50 && value < 90),
    JSON.stringify(samples),
  ).toBe(true);
  const posting = uploading.map(([, value]) => value);
  expect(posting).toEqual([...posting].sort((a, b) => a - b));

  const card = postCard(page, text);
  const image = card.getByRole('img', { name: `Photo posted by ${player.fullName}` });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // On a desktop screen the feed column beside the sidebar is what `sizes` says.
  await expectSizesToMatchLayout(image);
  await expect(composer.form.getByRole('img', { name: 'Photo to post' })).toHaveCount(0);

  // The image opens larger, and closes with Escape.
  const original = await image.getAttribute('src');
  await card.getByRole('button', { name: 'Open image larger' }).click();
  const lightbox = page.getByRole('dialog', { name: `Media posted by ${player.fullName}` });
  // Larger is the original, the largest size.
  await expect(lightbox.getByRole('img')).toHaveAttribute('src', original ?? '');
  await expect(lightbox.getByRole('img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);

  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, testInfo);

  // On the author's profile the column is narrower, and `sizes` says so too.
  await page.goto(`/profile/${player.username}`);
  const onProfile = postCard(page, text).getByRole('img', {
    name: `Photo posted by ${player.fullName}`,
  });
  await expect(onProfile).toBeVisible();
  await expectSizesToMatchLayout(onProfile);
});

test('likes and unlikes a post: the count follows at once and sticks after reload', async ({
  playerPage: page,
  request,
}) => {
  const author = await apiSignIn(request, await registerUser(request, makeUser()));
  const text = uniqueText('Like me');
  await createPost(request, author, text);
  await page.reload();
  const card = await scrollUntilPost(page, text);
  const like = card.getByRole('button', { name: /^Like/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText(/0$/);

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(/1$/);
  await page.reload();
  const reloaded = (await scrollUntilPost(page, text)).getByRole('button', { name: /^Like/ });
  await expect(reloaded).toHaveAttribute('aria-pressed', 'true');
  await expect(reloaded).toHaveText(/1$/);

  await reloaded.click();
  await expect(reloaded).toHaveAttribute('aria-pressed', 'false');
  await expect(reloaded).toHaveText(/0$/);
  await page.reload();
  await expect(
    (await scrollUntilPost(page, text)).getByRole('button', { name: /^Like/ }),
  ).toHaveText(/0$/);
});

test("a repost shows in the feed of the reposter's followers as 'X reposted'", async ({
  page,
  browser,
  request,
}) => {
  const author = await apiSignIn(request, await registerUser(request, makeUser()));
  const reposter = await registerUser(request, makeUser({ fullName: uniqueText('Reposter') }));
  const followerUser = await registerUser(request, makeUser());
  await follow(request, await apiSignIn(request, followerUser), reposter.username);
  const text = uniqueText('Worth a repost');
  await createPost(request, author, text);

  await signInThroughUi(page, reposter);
  const card = await scrollUntilPost(page, text);
  const repost = card.getByRole('button', { name: /^Repost/ });
  await repost.click();
  await expect(repost).toHaveAttribute('aria-pressed', 'true');
  await expect(repost).toHaveText(/1$/);

  const followerContext = await browser.newContext();
  const followerPage = await followerContext.newPage();
  await signInThroughUi(followerPage, followerUser);
  const reposted = followerPage
    .getByRole('article')
    .filter({ hasText: `${reposter.fullName} reposted` })
    .filter({ hasText: text });
  await expect(reposted).toBeVisible();
  await expect(reposted.getByRole('link', { name: reposter.fullName })).toHaveAttribute(
    'href',
    `/profile/${reposter.username}`,
  );
  await followerContext.close();
});

test('comments on a post: it appears first with its relative time', async ({
  playerPage: page,
  request,
}, testInfo) => {
  const author = await apiSignIn(request, await registerUser(request, makeUser()));
  const text = uniqueText('Comment here');
  await createPost(request, author, text);
  await page.reload();
  const card = await scrollUntilPost(page, text);
  await card.getByRole('button', { name: /^Comments/ }).click();
  const comments = card.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('No comments yet. Be the first to comment.')).toBeVisible();

  const comment = uniqueText('Great game');
  await comments.getByLabel('Write a comment').fill(comment);
  await comments.getByRole('button', { name: 'Comment' }).click();
  await expectToast(page, 'Comment added!');
  const item = comments.getByRole('listitem').first();
  await expect(item).toContainText(comment);
  await expect(item.getByText('less than a minute ago')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Comments/ })).toHaveText(/1$/);
  // The feed with a post's comments open (the toasts, outside <main>, have a check of their own).
  await expectNoSeriousA11yViolations(page, testInfo, 'main');
});

test('the sport filter narrows the feed to one sport', async ({ playerPage: page, request }) => {
  const author = await apiSignIn(request, await registerUser(request, makeUser()));
  const padel = uniqueText('Padel rally');
  const gridiron = uniqueText('Touchdown');
  await createPost(request, author, padel, 'padel');
  await createPost(request, author, gridiron, 'american-football');
  await page.reload();
  // Other journeys post at the same time: it may be further down the page than the top.
  await scrollUntilPost(page, gridiron);
  const filter = page.getByRole('group', { name: 'Filter by sport' });

  await filter.getByRole('button', { name: 'Padel', exact: true }).click();
  await expect(page).toHaveURL(/\?sport=padel$/);
  await expect(filter.getByRole('button', { name: 'Padel', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(postCard(page, padel)).toBeVisible();
  await expect(postCard(page, gridiron)).toHaveCount(0);
  await expect(feedList(page).getByText('American Football', { exact: true })).toHaveCount(0);

  await filter.getByRole('button', { name: 'American Football', exact: true }).click();
  await expect(postCard(page, gridiron)).toBeVisible();
  await expect(postCard(page, padel)).toHaveCount(0);

  await filter.getByRole('button', { name: 'All Sports' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(filter.getByRole('button', { name: 'All Sports' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await scrollUntilPost(page, padel);
});

test('scrolling to the end loads older posts', async ({ playerPage: page, request }) => {
  const author = await apiSignIn(request, await registerUser(request, makeUser()));
  const tag = uniqueText('Scroll');
  for (let n = 1; n <= 25; n += 1) await createPost(request, author, `${tag} #${n}.`, 'rugby');
  await page.goto('/feed?sport=rugby');
  await expect(postCard(page, `${tag} #25.`)).toBeVisible();
  expect(await loadedCount(page)).toBe(20);
  await expect(postCard(page, `${tag} #1.`)).toHaveCount(0);

  // No clicks: reaching the end of the list is what fetches the next page.
  await scrollUntilPost(page, `${tag} #1.`);
  expect(await loadedCount(page)).toBeGreaterThan(20);
});

test('the author deletes their post after confirming', async ({
  playerPage: page,
  request,
  player,
}) => {
  const text = uniqueText('Short-lived');
  await createPost(request, await apiSignIn(request, player), text);
  await page.reload();
  const card = await scrollUntilPost(page, text);
  await card.getByRole('button', { name: 'Delete post' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this post?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Post deleted');
  await expect(postCard(page, text)).toHaveCount(0);
});

test.describe('on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the feed fits, and the composer and right column are usable', async ({
    playerPage: page,
  }) => {
    const composer = new Composer(page);
    await expect(composer.content).toBeVisible();
    await page.getByRole('button', { name: 'Your profile and suggestions' }).click();
    await expect(
      page.getByRole('complementary', { name: 'Your profile and suggestions' }),
    ).toBeVisible();
    const text = uniqueText('From my phone');
    await composer.content.fill(text);
    await composer.chooseSport('Football');
    await composer.postButton.click();
    await expectToast(page, 'Post created successfully!');
    await expect(postCard(page, text)).toBeVisible();
    const { scrollWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });
});

/**
 * Posts a 2,400 × 1,600 photo through the API, finds it in the feed and reads which stored size
 * the browser fetched for it: its URL, the width it is shown at, and the sizes it could choose.
 */
async function shownFeedPhoto(page: Page, request: APIRequestContext, player: TestUser) {
  const member = await apiSignIn(request, player);
  const text = uniqueText('Sized photo');
  await createPhotoPost(request, member, text, await gradientJpeg(page, 2400, 1600));
  await page.reload();
  const card = await scrollUntilPost(page, text);
  const image = card.getByRole('img', { name: `Photo posted by ${player.fullName}` });
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expectSizesToMatchLayout(image);
  // Its place is kept before it loads: the page knows its size.
  await expect(image).toHaveAttribute('width', '2048');
  await expect(image).toHaveAttribute('height', '1365');
  const shown = await image.evaluate((img: HTMLImageElement) => ({
    currentSrc: img.currentSrc,
    cssWidth: img.clientWidth,
    srcset: img.srcset,
    dpr: window.devicePixelRatio,
  }));
  const candidates = shown.srcset.split(', ').map((candidate) => {
    const [url = '', width = ''] = candidate.split(' ');
    return { url: new URL(url, page.url()).href, width: Number.parseInt(width, 10) };
  });
  const chosen = candidates.find((candidate) => candidate.url === shown.currentSrc);
  // The smallest size that fills the box at this density: the browser may take less, not more.
  const enough = candidates.find((candidate) => candidate.width >= shown.cssWidth * shown.dpr);
  expect(chosen, `${shown.currentSrc} is not among ${shown.srcset}`).toBeDefined();
  expect(chosen!.width).toBeLessThanOrEqual(enough!.width);
  return { ...shown, chosen: chosen! };
}

test.describe('photos in the size they are shown, on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('at density 1 the feed fetches the 320 px size, kept for a year', async ({
    playerPage: page,
    player,
    request,
  }) => {
    const shown = await shownFeedPhoto(page, request, player);
    // 375 − 16 × 2 (page) − 16 × 2 (card) − 2 (border): what the feed's `sizes` says.
    expect(shown.cssWidth).toBe(309);
    expect(shown.chosen.url).toMatch(/_w320\.webp$/);
    const file = await page.request.get(shown.chosen.url);
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers()['content-type']).toBe('image/webp');
  });

  test.describe('at density 2', () => {
    test.use({ deviceScaleFactor: 2 });

    test('the feed fetches the 640 px size, not the 2,048 px original', async ({
      playerPage: page,
      player,
      request,
    }) => {
      const shown = await shownFeedPhoto(page, request, player);
      expect(shown.dpr).toBe(2);
      expect(shown.chosen.url).toMatch(/_w640\.webp$/);
    });
  });
});
