import type { APIRequestContext, Page } from '@playwright/test';

import { MESSAGES } from '@arena/shared/messages';

import { horizontalOverflow, openAccountMenu } from '../fixtures/app-shell.ts';
import { expectToast, signInThroughUi } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { openConversation, sendThroughApi } from '../fixtures/messages.ts';
import { dismissToasts } from '../fixtures/offers.ts';
import { pageAt } from '../fixtures/pipeline.ts';
import { type ApiMember, apiSignIn } from '../fixtures/posts.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

/**
 * An adult player: a player without a birthdate is treated as a minor (issue 25), so the
 * journey's members give theirs on the CV.
 */
async function adult(request: APIRequestContext, name: string): Promise<ApiMember> {
  const member = await apiSignIn(
    request,
    await registerUser(request, makeUser({ fullName: name })),
  );
  const response = await request.patch('/api/me/cv/athlete', {
    headers: { Authorization: `Bearer ${member.token}` },
    data: { sport: 'football', birthdate: '1994-06-01' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return member;
}

async function expectNoOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function openRequest(page: Page, name: string) {
  await page.getByRole('button', { name: /^Message requests/ }).click();
  await page
    .getByRole('list', { name: MESSAGES.messaging.requestsTitle })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  const banner = page.getByRole('region', { name: 'Message request' });
  await expect(banner).toBeVisible();
  return banner;
}

for (const width of [375, 1366]) {
  test(`a member keeps strangers' first messages in requests, accepts one, blocks another, and declines one that arrives live (${width} px)`, async ({
    browser,
    request,
  }, testInfo) => {
    test.slow();
    const id = Date.now().toString(36);
    const ana = await adult(request, `Ana Private ${id}`);
    const scout = await adult(request, `Sam Scout ${id}`);
    const spammer = await adult(request, `Pat Spam ${id}`);

    // Ana: Settings → Who can message me → People I follow.
    const page = await pageAt(browser, width);
    await signInThroughUi(page, ana.user);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: MESSAGES.messaging.policyTitle });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('radio', { name: 'Everyone' })).toBeChecked();
    await section.getByRole('radio', { name: 'People I follow' }).check();
    await expectToast(page, MESSAGES.messaging.policySaved);
    await expect(section.getByRole('radio', { name: 'People I follow' })).toBeChecked();
    await expectNoSeriousA11yViolations(page, testInfo);
    await expectNoOverflow(page);
    await dismissToasts(page);

    // Two strangers write first: both land in requests.
    const fromScout = await openConversation(request, scout.token, ana.user.username);
    await sendThroughApi(request, scout.token, fromScout, `Trial on Saturday? ${id}`);
    const fromSpam = await openConversation(request, spammer.token, ana.user.username);
    await sendThroughApi(request, spammer.token, fromSpam, `Buy followers ${id}`);

    await page.goto('/messages');
    await expect(page.getByRole('button', { name: 'Message requests (2)' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Conversations' })).toHaveCount(0);

    // Accept the scout's: it becomes a normal conversation, with read receipts.
    const banner = await openRequest(page, 'Sam Scout');
    await expect(banner).toContainText(MESSAGES.messaging.requestBanner);
    await expect(
      page
        .getByRole('list', { name: /^Messages with Sam Scout/ })
        .getByText(`Trial on Saturday? ${id}`),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo);
    await expectNoOverflow(page);
    // Until accepted, the scout's message is not read.
    const scoutThread = await request.get(`/api/conversations/${fromScout}/messages`, {
      headers: { Authorization: `Bearer ${scout.token}` },
    });
    expect(((await scoutThread.json()) as { items: { read: boolean }[] }).items[0]?.read).toBe(
      false,
    );
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expectToast(page, MESSAGES.messaging.requestAccepted);
    // On a phone the conversation takes the screen; beside the list, the list shows it.
    if (width >= 768) {
      await expect(
        page.getByRole('button', { name: 'Conversations', exact: true }),
      ).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await expect
      .poll(async () => {
        const thread = await request.get(`/api/conversations/${fromScout}/messages`, {
          headers: { Authorization: `Bearer ${scout.token}` },
        });
        return ((await thread.json()) as { items: { read: boolean }[] }).items[0]?.read;
      })
      .toBe(true);
    await dismissToasts(page);

    // Block the other sender, after the confirmation: the request goes.
    if (width < 768) await page.getByRole('button', { name: 'Back to conversations' }).click();
    const other = await openRequest(page, 'Pat Spam');
    await other.getByRole('button', { name: 'Block' }).click();
    const dialog = page.getByRole('dialog', { name: `Block @${spammer.user.username}?` });
    await expect(dialog).toContainText(MESSAGES.safety.blockConfirm);
    await expectNoSeriousA11yViolations(page, testInfo);
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expectToast(page, MESSAGES.messaging.requestBlocked);
    await expect(page.getByText(MESSAGES.messaging.noRequests)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Message requests (0)' })).toBeVisible();
    await dismissToasts(page);

    // A third stranger writes while Ana looks at her requests: it shows up without a reload.
    const recruiter = await adult(request, `Lee Recruiter ${id}`);
    const fromRecruiter = await openConversation(request, recruiter.token, ana.user.username);
    await sendThroughApi(request, recruiter.token, fromRecruiter, `Quick chat? ${id}`);
    await expect(page.getByRole('button', { name: 'Message requests (1)' })).toBeVisible();
    const requestsList = page.getByRole('list', { name: MESSAGES.messaging.requestsTitle });
    await expect(requestsList.getByRole('button', { name: /Lee Recruiter/ })).toBeVisible();

    // Decline it: it goes for good, and the sender is not told (their message stays unread).
    await requestsList.getByRole('button', { name: /Lee Recruiter/ }).click();
    await page
      .getByRole('region', { name: 'Message request' })
      .getByRole('button', { name: 'Decline' })
      .click();
    await expectToast(page, MESSAGES.messaging.requestDeclined);
    await expect(page.getByRole('button', { name: 'Message requests (0)' })).toBeVisible();
    const recruiterThread = await request.get(`/api/conversations/${fromRecruiter}/messages`, {
      headers: { Authorization: `Bearer ${recruiter.token}` },
    });
    expect(recruiterThread.status()).toBe(200);
    expect(
      ((await recruiterThread.json()) as { items: { read: boolean }[] }).items.map((m) => m.read),
    ).toEqual([false]);
    await page.context().close();
  });
}
