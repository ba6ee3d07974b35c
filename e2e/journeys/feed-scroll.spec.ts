import type { Page, TestInfo } from '@playwright/test';

import { signInThroughUi } from '../fixtures/auth-screen.ts';
import { OwnServer } from '../fixtures/own-server.ts';
import {
  apiSignIn,
  createPost,
  createPosts,
  feedList,
  loadedCount,
  postCard,
} from '../fixtures/posts.ts';
import { profileFollowButton } from '../fixtures/profiles.ts';
import {
  percentile,
  scrollThrough,
  startTaskTrace,
  stopTaskTrace,
  takeLongTasks,
  watchLongTasks,
} from '../fixtures/smoothness.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';
import { expect, test } from '../fixtures/test.ts';

/*
 * A feed of a thousand loaded posts (issue 8: "lists are virtualised or paginated so a feed of
 * 1,000 loaded posts still scrolls smoothly"). The home feed lists every member's posts, so the
 * journey runs on a server of its own: a thousand posts would bury the other journeys' posts.
 *
 * What tells a virtualised list from one that renders every card, whatever the machine's load
 * (measured with the load average at 13–20 on two cores): the articles in the page (at most 13
 * against 1,000) and the CPU time of the longest main-thread task while pages arrive and while
 * the list scrolls (at most 36 ms against 302 ms: re-rendering every card at each new page).
 * Wall-clock measures are bounded too, loosely, as they stretch with the load (a 10 ms task
 * lasted 285 ms): the 95th percentile of frame intervals, and the Long Tasks API.
 */

const POSTS = 1000;
/** Articles in the page at any time: the window's cards and a few either side. */
const MAX_RENDERED_ARTICLES = 40;
/** CPU time of the longest task of the page's main thread, loading or scrolling. */
const MAX_TASK_CPU_MS = 100;
/** 95th percentile of the time between frames while the list scrolls (wall clock). */
const MAX_P95_FRAME_MS = 50;
/** The longest task the Long Tasks API may report (wall clock): a stall, on any machine. */
const MAX_LONG_TASK_MS = 1_000;
/** Pixels per frame of the scripted scroll: a brisk fling, about 15,000 px a second. */
const SCROLL_STEP = 250;
/** The feed's data turns stale this long after it was fetched (staleTime in query-client.ts). */
const STALE_AFTER_MS = 30_000;

const text = (n: number) => `Scroll post #${n} of ${POSTS}.`;
const ARTICLES = '[role="feed"] article';

/**
 * Scrolls to the end again and again until the footer under the feed says that everything is
 * loaded, counting the articles in the page as it goes.
 */
async function readToTheEnd(page: Page) {
  return page.evaluate(async (articles) => {
    const footer = document.querySelector('[role="feed"]')?.nextElementSibling;
    if (!footer) throw new Error('no feed on the page');
    const started = performance.now();
    let most = 0;
    while (footer.textContent !== "You're all caught up") {
      if (performance.now() - started > 120_000) throw new Error('the feed stopped loading');
      window.scrollTo(0, document.documentElement.scrollHeight);
      await new Promise((resolve) => setTimeout(resolve, 50));
      most = Math.max(most, document.querySelectorAll(articles).length);
    }
    return { most, seconds: (performance.now() - started) / 1000 };
  }, ARTICLES);
}

/** The first article whose top is below the top bar: its post, place in the feed and position. */
async function articleAtTop(page: Page) {
  return page.evaluate((articles) => {
    const first = [...document.querySelectorAll(articles)].find(
      (article) => article.getBoundingClientRect().top >= 100,
    );
    if (!first) throw new Error('no article on screen');
    return {
      content: /Scroll post #\d+ of \d+\./.exec(first.textContent)?.[0] ?? '',
      posInSet: Number(first.getAttribute('aria-posinset')),
      top: first.getBoundingClientRect().top,
    };
  }, ARTICLES);
}

async function topOf(page: Page, content: string): Promise<number> {
  const card = postCard(page, content);
  await expect(card).toBeVisible();
  return card.evaluate((article) => article.getBoundingClientRect().top);
}

function report(testInfo: TestInfo, lines: string[]) {
  const body = lines.join('\n');
  console.log(body);
  void testInfo.attach('feed of 1,000 posts', { body, contentType: 'text/plain' });
}

const ms = (value: number) => `${Math.round(value)} ms`;

// Recording a trace takes a screenshot of every frame, which costs more than the frames it
// measures: this journey keeps the DOM snapshots of its actions and leaves the screenshots out.
test.use({ trace: { mode: 'retain-on-first-failure', screenshots: false } });

test('a feed of 1,000 posts stays small in the page, scrolls smoothly, ends, and is kept where it was on coming back', async ({
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(300_000);
  const server = await OwnServer.start();
  const request = await playwright.request.newContext({ baseURL: server.url });
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  const lines: string[] = [];
  try {
    const author = await registerUser(request, makeUser({ fullName: 'Prolific Author' }));
    const member = await registerUser(request, makeUser({ fullName: 'Keen Reader' }));
    const authorApi = await apiSignIn(request, author);
    const seeding = Date.now();
    await createPosts(request, authorApi, POSTS, text);
    lines.push(`${POSTS} posts created in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);

    const page = await context.newPage();
    let lastFeedFetch = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/feed') lastFeedFetch = Date.now();
    });
    await signInThroughUi(page, member);
    await page.goto(`/profile/${author.username}`);
    await profileFollowButton(page).click();
    await expect(profileFollowButton(page)).toHaveText('Following');

    await page.goto('/feed');
    await expect(postCard(page, 'Scroll post #').first()).toBeVisible();
    await watchLongTasks(page);

    // (a, c) Every page is fetched as the end nears, with only a few articles in the page; the
    // last post and the end of the feed show.
    await startTaskTrace(browser, page);
    const loading = await readToTheEnd(page);
    const loadingTasks = { ...(await stopTaskTrace(browser)), api: await takeLongTasks(page) };
    expect(await loadedCount(page)).toBe(POSTS);
    await expect(page.getByText("You're all caught up")).toBeVisible();
    // Posts were made a few at a time, so the oldest is not always #1.
    const last = feedList(page).locator(`article[aria-posinset="${POSTS}"]`);
    await expect(last).toBeVisible();
    await expect(last).toContainText(/Scroll post #\d+ of 1000\./);

    // (b) Scrolling through all of it: no task holds the main thread, frames keep coming. The
    // first pass is traced (CPU time of tasks); the frames of the better of the two passes are
    // judged, so that a burst of load on the machine does not decide alone.
    await startTaskTrace(browser, page);
    const traced = await scrollThrough(page, SCROLL_STEP, ARTICLES);
    const scrollTasks = { ...(await stopTaskTrace(browser)), api: await takeLongTasks(page) };
    const untraced = await scrollThrough(page, SCROLL_STEP, ARTICLES);
    scrollTasks.api.push(...(await takeLongTasks(page)));
    const passes = [traced, untraced].map((pass) => ({
      ...pass,
      p95: percentile(pass.frames, 95),
      median: percentile(pass.frames, 50),
      longest: Math.max(...pass.frames),
    }));
    const p95 = Math.min(...passes.map((pass) => pass.p95));
    const most = Math.max(...passes.map((pass) => pass.most));
    lines.push(
      `loaded all ${POSTS} in ${loading.seconds.toFixed(1)} s: at most ${loading.most} articles in the page; ` +
        `longest task ${ms(loadingTasks.longestCpuMs)} CPU, ${ms(loadingTasks.longestWallMs)} wall; ` +
        `Long Tasks API: ${loadingTasks.api.length}, longest ${ms(Math.max(0, ...loadingTasks.api))}`,
      ...passes.map(
        (pass, index) =>
          `scroll ${index + 1} at ${SCROLL_STEP} px a frame: ${pass.frames.length} frames, ` +
          `median ${pass.median.toFixed(1)} ms, p95 ${pass.p95.toFixed(1)} ms, longest ${pass.longest.toFixed(1)} ms; ` +
          `at most ${pass.most} articles`,
      ),
      `while scrolling: longest task ${ms(scrollTasks.longestCpuMs)} CPU, ${ms(scrollTasks.longestWallMs)} wall (first pass); ` +
        `Long Tasks API: ${scrollTasks.api.length}, longest ${ms(Math.max(0, ...scrollTasks.api))}`,
    );
    report(testInfo, lines);
    expect(loading.most, 'articles in the page while loading').toBeLessThan(MAX_RENDERED_ARTICLES);
    expect(most, 'articles in the page while scrolling').toBeLessThan(MAX_RENDERED_ARTICLES);
    expect(loadingTasks.longestCpuMs, 'longest task while loading (ms CPU)').toBeLessThan(
      MAX_TASK_CPU_MS,
    );
    expect(scrollTasks.longestCpuMs, 'longest task while scrolling (ms CPU)').toBeLessThan(
      MAX_TASK_CPU_MS,
    );
    expect(p95, 'p95 frame interval of the better pass (ms)').toBeLessThan(MAX_P95_FRAME_MS);
    expect(
      Math.max(0, ...loadingTasks.api, ...scrollTasks.api),
      'longest long task (ms)',
    ).toBeLessThan(MAX_LONG_TASK_MS);

    // (d) From the middle of the feed to an author's profile and back, once the feed's data is
    // stale and a newer post came in meanwhile: the long list is kept as it was rather than
    // fetched again page after page (decision 0035), the reader's post is where it was, and the
    // new post is offered above (the feed's first page looked at aside).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.waitForTimeout(300);
    const before = await articleAtTop(page);
    expect(before.content).not.toBe('');
    await postCard(page, before.content).getByRole('link', { name: author.fullName }).click();
    await expect(page.getByRole('heading', { level: 1, name: author.fullName })).toBeVisible();
    await createPost(request, authorApi, 'Posted while the reader was away');
    await page.waitForTimeout(Math.max(0, lastFeedFetch + STALE_AFTER_MS + 1_000 - Date.now()));
    const feedRequests: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname === '/api/feed') feedRequests.push(`${url.pathname}${url.search}`);
    });
    await page.goBack();

    const restored = await topOf(page, before.content);
    await expect(page.getByRole('button', { name: 'Show 1 new post' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(postCard(page, before.content)).toHaveAttribute(
      'aria-posinset',
      String(before.posInSet),
    );
    const offered = await topOf(page, before.content);
    lines.push(
      `back from the profile: post #${before.posInSet} at ${Math.round(before.top)} px, ` +
        `then at ${Math.round(restored)} px, with the new post offered at ${Math.round(offered)} px; ` +
        `feed requests: ${feedRequests.join(', ')}`,
    );
    report(testInfo, lines.slice(-1));
    expect(feedRequests, 'feed requests on coming back').toEqual(['/api/feed']);
    expect(Math.abs(restored - before.top), 'moved on coming back (px)').toBeLessThan(40);
    expect(Math.abs(offered - before.top), 'moved when the new post was offered (px)').toBeLessThan(
      40,
    );

    // (e) The keyboard: Tab goes through the cards in order, the next ones rendered before
    // focus gets there; Page Down goes on to the next article.
    await postCard(page, before.content).focus();
    const visited: number[] = [];
    for (let n = 0; n < 100; n += 1) {
      await page.keyboard.press('Tab');
      visited.push(
        await page.evaluate(() =>
          Number(document.activeElement?.closest('article')?.getAttribute('aria-posinset')),
        ),
      );
    }
    const steps = visited.slice(1).map((value, index) => value - (visited[index] ?? 0));
    // The first stop is inside the focused card (its author's link), which kept its place.
    expect(visited[0], 'first Tab stop').toBe(before.posInSet);
    expect(
      steps.every((step) => step === 0 || step === 1),
      visited.join(' '),
    ).toBe(true);
    const reached = visited.at(-1) ?? 0;
    expect(reached, 'cards passed by 100 Tabs').toBeGreaterThan(before.posInSet + 10);
    await page.keyboard.press('PageDown');
    await expect(page.locator(':focus')).toHaveAttribute('aria-posinset', String(reached + 1));
  } finally {
    await context.close();
    await request.dispose();
    await server.dispose();
  }
});
