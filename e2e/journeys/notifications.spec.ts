import { horizontalOverflow, openAccountMenu } from '../fixtures/app-shell.ts';
import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import {
  bell,
  commentOn,
  likePost,
  notificationEntry,
  notificationList,
  profileIdOf,
} from '../fixtures/notifications.ts';
import {
  accessTokenFor,
  dismissToasts,
  requestVerificationThroughApi,
  signedInPage,
} from '../fixtures/offers.ts';
import { waitForLinkInMail } from '../fixtures/outbox.ts';
import { apiSignIn, createPost, follow, uniqueText } from '../fixtures/posts.ts';
import { listeningTo } from '../fixtures/realtime.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';
import { expect, test } from '../fixtures/test.ts';

const PUSH_OFF = 'Turn on to get Arena notifications on this browser, even when Arena is closed.';
const PUSH_BLOCKED = 'Notifications are blocked for this site in your browser settings.';

test('the bell counts what happens live; the list shows it, grouped and filtered, and marks it read', async ({
  page,
  player,
  request,
}, testInfo) => {
  test.slow();
  const ana = await apiSignIn(request, player);
  const ben = await apiSignIn(
    request,
    await registerUser(request, makeUser({ fullName: `Ben Liker ${Date.now().toString(36)}` })),
  );
  const post = await createPost(request, ana, uniqueText('Hat-trick on Sunday'));

  // Ana is on her feed, listening to her inbox, when Ben acts.
  const listening = listeningTo(page, `inbox:${await profileIdOf(request, ana)}`);
  await signInThroughUi(page, player);
  await listening();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  // Set on this page load only: still there at the end means nothing reloaded.
  await page.evaluate(() => ((window as { sameLoad?: boolean }).sameLoad = true));

  await likePost(request, ben, post.id);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 new');
  await follow(request, ben, ana.user.username);
  await commentOn(request, ben, post.id, `@${ana.user.username} hi`);
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, ([3-9]|\d{2,}) new$/);
  expect(await page.evaluate(() => (window as { sameLoad?: boolean }).sameLoad)).toBe(true);

  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const name = ben.user.fullName;
  await expect(notificationEntry(page, `${name} liked your post`)).toBeVisible();
  await expect(notificationEntry(page, `${name} started following you`)).toBeVisible();
  await expect(notificationEntry(page, `${name} mentioned you in a comment`)).toBeVisible();
  // Opening the list saw everything: the bell is back to no number.
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(
    notificationList(page).getByRole('button', { name: 'Mark as read' }),
  ).not.toHaveCount(0);
  await expectNoSeriousA11yViolations(page, testInfo);

  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(notificationList(page).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await page.reload();
  await expect(notificationEntry(page, `${name} liked your post`)).toBeVisible();
  await expect(notificationList(page).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Follows' }).click();
  await expect(page).toHaveURL(/\/notifications\?filter=follows$/);
  const follows = notificationList(page, 'Follows').getByRole('listitem');
  await expect(follows).toHaveCount(1);
  await expect(follows).toContainText(`${name} started following you`);

  // A phone's width: the list and the bell fit.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/notifications');
  await expect(notificationEntry(page, `${name} liked your post`)).toBeVisible();
  await expect(bell(page)).toBeVisible();
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

  // The mention leads to the comment, whose @name links to Ana's profile.
  await notificationEntry(page, `${name} mentioned you in a comment`).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}`));
  const mention = page.getByRole('link', { name: `@${ana.user.username}`, exact: true });
  await expect(mention.first()).toHaveAttribute('href', `/profile/${ana.user.username}`);
});

test('Settings → Notifications keeps each choice; push on this browser registers the service worker', async ({
  playerPage: page,
  context,
}, testInfo) => {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Notifications', exact: true });
  const likes = section.getByRole('group', { name: 'Likes on your posts' });
  const comments = section.getByRole('group', {
    name: 'Comments on your posts and replies in threads you commented on',
  });
  await expect(likes.getByLabel('Email')).toHaveValue('daily');
  await expect(comments.getByRole('checkbox', { name: 'Push' })).toBeChecked();

  const saved = () =>
    page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/settings/notifications') &&
        response.request().method() === 'PUT' &&
        response.ok(),
    );
  const likesSaved = saved();
  await likes.getByLabel('Email').selectOption({ label: 'Off' });
  await likesSaved;
  await expectToast(page, 'Notification settings saved.');
  const commentsSaved = saved();
  await comments.getByRole('checkbox', { name: 'Push' }).click();
  await expect(comments.getByRole('checkbox', { name: 'Push' })).not.toBeChecked();
  await commentsSaved;

  await page.reload();
  await expect(likes.getByLabel('Email')).toHaveValue('off');
  await expect(comments.getByRole('checkbox', { name: 'Push' })).not.toBeChecked();
  await expect(
    section.getByRole('group', { name: 'New followers' }).getByLabel('Email'),
  ).toHaveValue('daily');

  // Without a permission, the switch is off (or, where the browser blocks it, says so).
  const push = section.getByRole('switch', { name: 'Push notifications on this browser' });
  await expect(push).toHaveAttribute('aria-checked', 'false');
  await expect(section.getByText(new RegExp(`^(${PUSH_OFF}|${PUSH_BLOCKED})$`))).toBeVisible();
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo);

  // Granted: turning it on registers the worker. Chromium's push service is on the internet,
  // out of reach here, so the subscription itself is not waited for.
  await context.grantPermissions(['notifications']);
  await page.reload();
  await expect(section.getByText(PUSH_OFF)).toBeVisible();
  await expect(push).toBeEnabled();
  await push.click();
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
  expect(worker).toMatch(/\/sw\.js$/);

  // What the server would push, delivered through DevTools: the worker shows it, with the link.
  const devtools = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  devtools.on('ServiceWorker.workerRegistrationUpdated', (event) =>
    registrations.push(...event.registrations),
  );
  await devtools.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  await devtools.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registrations[0]!.registrationId,
    data: JSON.stringify({
      title: 'Ana liked your post',
      body: 'Match day',
      url: '/feed',
      tag: 't1',
    }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
          title: shown.title,
          body: shown.body,
          data: shown.data as unknown,
        })),
      ),
    )
    .toEqual([{ title: 'Ana liked your post', body: 'Match day', data: { url: '/feed' } }]);
});

test('the unsubscribe link in a notification email works without signing in', async ({
  browser,
  request,
  admin,
}) => {
  test.slow();
  const club = await registerUser(
    request,
    makeUser({ userType: 'club', fullName: `Mail Rovers ${Date.now().toString(36)}` }),
  );
  // The admin's decision on the club's request is mailed at once (its default).
  await requestVerificationThroughApi(request, club, `${club.fullName} Organization`);
  const headers = { Authorization: `Bearer ${await accessTokenFor(request, admin)}` };
  const list = await request.get('/api/admin/verification-requests?limit=50', { headers });
  const { items } = (await list.json()) as {
    items: { id: string; profile: { username: string } }[];
  };
  const mine = items.find((item) => item.profile.username === club.username);
  expect(mine, `${club.username}'s request`).toBeDefined();
  const approve = await request.post(`/api/admin/verification-requests/${mine!.id}/approve`, {
    headers,
  });
  expect(approve.status(), await approve.text()).toBe(204);

  const link = await waitForLinkInMail(club.email, '/unsubscribe');
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Unsubscribe from these emails?' }),
  ).toBeVisible();
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('status')).toHaveText(
    'You will no longer get emails about Decisions on your verification request. You can change this in Settings → Notifications.',
  );

  // The club's settings say so too.
  const page = await signedInPage(browser, club);
  await page.goto('/settings');
  await expect(
    page
      .getByRole('region', { name: 'Notifications', exact: true })
      .getByRole('group', { name: 'Decisions on your verification request' })
      .getByLabel('Email'),
  ).toHaveValue('off');
});
