import type { Page } from '@playwright/test';

import { MESSAGES } from '@arena/shared/messages';

import { horizontalOverflow } from '../fixtures/app-shell.ts';
import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { caseLine, openModeration, queue, reportThroughUi } from '../fixtures/moderation.ts';
import { notificationList } from '../fixtures/notifications.ts';
import { dismissToasts } from '../fixtures/offers.ts';
import { pageAt } from '../fixtures/pipeline.ts';
import { apiSignIn, createPost, uniqueText } from '../fixtures/posts.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

async function expectNoOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The API requests a fresh load of `path` makes until `ready` (and the network is idle). */
async function apiRequestsOf(page: Page, path: string, ready: () => Promise<void>) {
  await page.goto('about:blank');
  const requests: string[] = [];
  const record = (request: { url: () => string; method: () => string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', record);
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  return requests;
}

for (const width of [1366, 375]) {
  test(`a member reports a post and blocks its author; an admin removes it and warns them; they appeal once and the admin decides (${width} px)`, async ({
    browser,
    request,
    admin,
  }, testInfo) => {
    test.slow();
    const id = Date.now().toString(36);
    const kim = await registerUser(request, makeUser({ fullName: `Kim Reporter ${id}` }));
    const rob = await registerUser(request, makeUser({ fullName: `Rob Reported ${id}` }));
    const text = uniqueText('Send me your photos');
    const post = await createPost(request, await apiSignIn(request, rob), text);

    // Kim reports the post: "a minor at risk", blocking Rob in the same step.
    const kims = await pageAt(browser, width);
    await signInThroughUi(kims, kim);
    await kims.goto(`/posts/${post.id}`);
    await kims.getByRole('button', { name: 'Report post' }).click();
    const dialog = await reportThroughUi(kims, 'Report this post', 'A minor at risk', {
      details: 'He asks juniors for photos.',
      alsoBlock: rob.username,
    });
    await expect(dialog.getByText('27 / 1,000')).toBeVisible();
    await expectNoSeriousA11yViolations(kims, testInfo);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(kims, MESSAGES.moderation.reported);
    await expect(dialog).toHaveCount(0);
    // Blocked: to Kim the post is gone at once, as after a reload (no Follow left to press).
    await expect(kims.getByRole('heading', { name: 'Post not found' })).toBeVisible();
    await expect(kims.getByRole('button', { name: /^Follow/ })).toHaveCount(0);

    // The admin finds it in the queue, priority cases first.
    const admins = await pageAt(browser, width);
    await signInThroughUi(admins, admin);
    await openModeration(admins);
    await expect(admins.getByRole('tab', { name: /^Open \d+$/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const line = caseLine(admins, rob.fullName);
    await expect(line).toContainText('Minor at risk');
    await expect(line).toContainText('A minor at risk (1)');
    await expect(queue(admins).getByRole('link').first()).toContainText('Minor at risk');
    await expectNoSeriousA11yViolations(admins, testInfo);
    await expectNoOverflow(admins);

    await line.click();
    await expect(
      admins.getByRole('heading', { level: 2, name: new RegExp(`Post by ${rob.fullName}`) }),
    ).toBeVisible();
    await expect(admins.getByRole('region', { name: 'Reported item' })).toContainText(text);
    await expect(admins.getByRole('region', { name: 'Reports (1)' })).toContainText(
      'He asks juniors for photos.',
    );
    const back = admins.getByRole('link', { name: 'Back to the queue' });
    if (width < 1024) {
      // One after the other on a phone: the list is gone while the case is open.
      await expect(back).toBeVisible();
      await expect(queue(admins)).toBeHidden();
    } else {
      await expect(back).toBeHidden();
      await expect(queue(admins)).toBeVisible();
    }
    const form = admins.getByRole('form', { name: 'Decision' });
    await form.getByRole('checkbox', { name: 'Remove the content' }).click();
    await form.getByRole('checkbox', { name: 'Warn the member' }).click();
    await form
      .getByRole('textbox', { name: /Reason/ })
      .fill('Asking juniors for photos is not allowed.');
    // The sign-in's "Welcome back!" may still be fading out, at a contrast no one reads it at.
    await dismissToasts(admins);
    await expectNoSeriousA11yViolations(admins, testInfo);
    await expectNoOverflow(admins);
    await form.getByRole('button', { name: 'Apply decision' }).click();
    await expectToast(admins, 'Decision recorded. The case is closed.');

    // Kim hears the outcome.
    await kims.goto('/notifications');
    await expect(notificationList(kims).getByRole('listitem').first()).toContainText(
      'We reviewed your report of a post: we took action',
    );

    // Rob sees the decisions in /decisions and appeals the warning, once.
    const robs = await pageAt(browser, width);
    await signInThroughUi(robs, rob);
    await robs.goto('/notifications');
    await expect(notificationList(robs).getByRole('listitem').first()).toContainText(
      'A moderator removed your post and warned you about your post',
    );
    // The entry's link is the server's (`hrefOf`), which leads to /settings for now.
    await robs.goto('/decisions');
    await expect(
      robs.getByRole('heading', { level: 1, name: 'Decisions about you' }),
    ).toBeVisible();
    await expect(robs.getByRole('article', { name: 'Content removed' })).toBeVisible();
    const warning = robs.getByRole('article', { name: 'Warning' });
    await expect(warning).toContainText('Asking juniors for photos is not allowed.');
    await warning.getByRole('button', { name: 'Appeal' }).click();
    const appeal = robs.getByRole('dialog', { name: 'Appeal: Warning' });
    await appeal
      .getByRole('textbox', { name: 'Why should the decision change?' })
      .fill('They were my own team mates and I asked for match photos.');
    await expectNoSeriousA11yViolations(robs, testInfo);
    await appeal.getByRole('button', { name: 'Send appeal' }).click();
    await expectToast(robs, MESSAGES.moderation.appealSent);
    await expect(warning.getByRole('button', { name: 'Appeal' })).toHaveCount(0);
    await expect(warning).toContainText('Appeal sent');
    await expectNoOverflow(robs);

    // The admin decides the appeal from the Appeals tab.
    await dismissToasts(admins);
    await admins.goto('/moderation');
    await admins.getByRole('tab', { name: /^Appeals/ }).click();
    await caseLine(admins, rob.fullName, 'Appeals').click();
    const decision = admins.getByRole('form', { name: 'The appeal' });
    await expect(decision).toContainText('They were my own team mates');
    await decision
      .getByRole('textbox', { name: /Reason/ })
      .fill('The photos asked for were not match photos.');
    await expectNoSeriousA11yViolations(admins, testInfo);
    await decision.getByRole('button', { name: 'Uphold' }).click();
    await expectToast(admins, 'The decision was upheld.');

    await robs.reload();
    await expect(robs.getByRole('article', { name: 'Warning' })).toContainText(
      'Appeal reviewed: the decision stands.',
    );
  });
}

test('/moderation opens with at most three API requests', async ({ browser, admin }) => {
  const page = await pageAt(browser, 1366);
  await signInThroughUi(page, admin);
  const requests = await apiRequestsOf(page, '/moderation', () =>
    expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible(),
  );
  expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(3);
});
