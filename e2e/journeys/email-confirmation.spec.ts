import { AuthScreen, expectToast } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { expectSignedInShell } from '../fixtures/app-shell.ts';
import { linkIn, waitForMail } from '../fixtures/outbox.ts';
import { OwnServer } from '../fixtures/own-server.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser } from '../fixtures/users.ts';

/*
 * The shared server runs without REQUIRE_EMAIL_CONFIRMATION, so this journey starts its own,
 * with it, on a fresh data directory (its mails land in that directory's outbox).
 */
let server: OwnServer | undefined;

function confirmingServer(): OwnServer {
  if (!server) throw new Error('The server with email confirmation did not start');
  return server;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await OwnServer.start({ REQUIRE_EMAIL_CONFIRMATION: 'true' });
});

test.afterAll(async () => {
  await server?.dispose();
});

test('with email confirmation required: sign up, check email, sign-in waits, the link signs in', async ({
  browser,
}, testInfo) => {
  const { url, dataDir } = confirmingServer();
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  const user = makeUser();
  const auth = new AuthScreen(page);

  await auth.open('Sign Up');
  await auth.signUp(user);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  await expect(page.getByText(user.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'main');
  const first = await waitForMail(user.email, 'Confirm your email address for Arena', {
    dataDir,
  });

  // Not yet: the password is right, the address is not confirmed.
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await auth.login(user);
  await expect(auth.panel.getByRole('alert')).toContainText(
    'Please confirm your email address before signing in.',
  );
  await expectNoSeriousA11yViolations(page, testInfo, 'main');
  await auth.panel.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expectToast(
    page,
    'If that account still needs confirming, we have sent a new confirmation link.',
  );
  const second = await waitForMail(user.email, 'Confirm your email address for Arena', {
    dataDir,
    count: 2,
  });

  await page.goto(linkIn(second, '/auth/confirm'));
  await expectToast(page, 'Email confirmed. Welcome to Arena!');
  await expectSignedInShell(page);

  // Each link works once; the first one was retired when the second was used.
  await page.goto(linkIn(first, '/auth/confirm'));
  await expect(page.getByRole('alert')).toHaveText(
    'This confirmation link is not valid. Sign in to get a new one.',
  );
  await context.close();
});
