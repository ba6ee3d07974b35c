import type { Page } from '@playwright/test';
import yauzl from 'yauzl';

import { openAccountMenu } from '../fixtures/app-shell.ts';
import { expectToast } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { gradientJpeg } from '../fixtures/media.ts';
import {
  MessagesScreen,
  memberInOwnContext,
  openConversation,
  sendThroughApi,
} from '../fixtures/messages.ts';
import { dismissToasts } from '../fixtures/offers.ts';
import { apiSignIn, createPhotoPost, uniqueText } from '../fixtures/posts.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';

test.use({ viewport: { width: 1366, height: 768 } });

/** Every entry of a ZIP file, by name. */
function unzip(path: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error) {
        reject(error);
        return;
      }
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) {
            reject(streamError);
            return;
          }
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function openSettings(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
}

test('a member downloads their data as a ZIP, then deletes the account with their password', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const id = Date.now().toString(36);
  const leaving = await registerUser(request, makeUser({ fullName: `Robin Leaving ${id}` }));
  const staying = await registerUser(request, makeUser({ fullName: `Sam Staying ${id}` }));
  const leavingApi = await apiSignIn(request, leaving);
  const stayingApi = await apiSignIn(request, staying);
  const conversation = await openConversation(request, leavingApi.token, staying.username);
  const hello = uniqueText('See you at training');
  await sendThroughApi(request, leavingApi.token, conversation, hello);
  await sendThroughApi(request, stayingApi.token, conversation, 'Sure, 6 pm');

  const a = await memberInOwnContext(browser, leaving);
  const caption = uniqueText('Match day photo');
  const post = await createPhotoPost(
    request,
    leavingApi,
    caption,
    await gradientJpeg(a.page, 320, 200),
  );

  // Download my data: a ZIP with the profile, the posts, the messages and the uploaded photo.
  await openSettings(a.page);
  const exportSection = a.page.getByRole('region', { name: 'Download my data' });
  await expect(exportSection).toContainText('A ZIP file with your profile');
  await dismissToasts(a.page);
  await expectNoSeriousA11yViolations(a.page, testInfo);
  const downloading = a.page.waitForEvent('download');
  await exportSection.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^arena-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zipPath = testInfo.outputPath('export.zip');
  await download.saveAs(zipPath);
  const entries = await unzip(zipPath);
  const json = (name: string) => JSON.parse(entries.get(name)?.toString() ?? 'null') as unknown;
  expect(json('profile.json')).toMatchObject([
    { username: leaving.username, email: leaving.email },
  ]);
  expect(json('posts.json')).toMatchObject([{ id: post.id, content: caption }]);
  const messages = json('messages.json') as { content: string | null; sent_by_me: boolean }[];
  expect(messages.map((m) => [m.content, m.sent_by_me]).sort()).toEqual(
    [
      [hello, true],
      ['Sure, 6 pm', false],
    ].sort(),
  );
  const photos = [...entries.keys()].filter((name) => name.startsWith('files/post-media/'));
  expect(photos.length).toBeGreaterThanOrEqual(1);
  expect(entries.get(photos[0]!)!.length).toBeGreaterThan(100);

  // Delete my account: the password is asked; a wrong one is refused on the field.
  const deleteSection = a.page.getByRole('region', { name: 'Delete my account' });
  await deleteSection.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Delete my account?' });
  const password = dialog.getByLabel('Your password');
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(dialog).toContainText('Enter your password to delete your account');
  await password.fill('Not-The-Password-1');
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(dialog).toContainText('Current password is incorrect');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(a.page, testInfo);
  await password.fill(leaving.password);
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expectToast(a.page, 'Your account has been deleted.');
  await expect(a.page).toHaveURL(/\/$/);
  await a.page.goto('/feed');
  await expect(a.page).toHaveURL(/\/auth/);
  const signIn = await request.post('/api/auth/sign-in', {
    data: { email: leaving.email, password: leaving.password, remember: false },
  });
  expect(signIn.status()).toBe(401);

  // The other side of the conversation sees a deleted account, whose profile is gone.
  const b = await memberInOwnContext(browser, staying);
  await b.page.goto('/messages');
  const screen = new MessagesScreen(b.page);
  await screen.conversationWith('Deleted account').click();
  await expect(screen.thread('Deleted account').getByText('Sure, 6 pm')).toBeVisible();
  await expect(
    b.page.getByText('This account has been deleted. You cannot send it messages.'),
  ).toBeVisible();
  await expect(screen.messageBox).toHaveCount(0);
  await expect(b.page.getByText(leaving.fullName)).toHaveCount(0);
  await b.page.goto(`/profile/${leaving.username}`);
  await expectToast(b.page, 'Profile not found');
  await expect(b.page).toHaveURL(/\/feed$/);
  const gone = await request.get(`/api/profiles/${leaving.username}`, {
    headers: { Authorization: `Bearer ${stayingApi.token}` },
  });
  expect(gone.status()).toBe(404);
  for (const member of [a, b]) await member.context.close();
});
