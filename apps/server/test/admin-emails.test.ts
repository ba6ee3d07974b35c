import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';

import { buildApp } from '../src/app.ts';
import { adminActions } from '../src/modules/admin/admin.tables.ts';
import { userRoles, users } from '../src/modules/auth/auth.tables.ts';
import { postJson, refreshWith, signIn, sleep } from './account-helpers.ts';
import { newUser, signUp } from './fixtures.ts';
import { type TestContext, describeEachDatabase, testConfig } from './harness.ts';
import { signUpWithProvider, useTestProvider } from './oidc-fixtures.ts';
import { linkIn, startSmtpSink } from './smtp-sink.ts';

/*
 * ADMIN_EMAILS names the admin accounts by address, and an address proves nothing until its
 * owner has used a link sent to it: whoever signs up with an admin address first must not be
 * admin for it.
 */

const CONFIRM_SUBJECT = 'Confirm your email address for Arena';
const RESET_SUBJECT = 'Reset your Arena password';
const NAMES = ['boss', 'chief', 'owner', 'first'];
/** One address per name and database kind: each suite runs once per kind, the mail sink once. */
const address = (name: string, context: TestContext) => `${name}.${context.kind}@arena.test`;
const ADMIN_EMAILS = NAMES.flatMap((name) =>
  (['pglite', 'postgres'] as const).map((kind) => `${name}.${kind}@arena.test`),
);

const sink = await startSmtpSink();
const oidc = useTestProvider();
afterAll(() => sink.close());

async function rolesOf(context: TestContext, userId: string) {
  const rows = await context.database.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

/** The admins' review queue: 200 for an admin, 403 for a member. */
function adminRoute(context: TestContext, accessToken: string) {
  return context.app.inject({
    method: 'GET',
    url: '/api/admin/verification-requests',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

describeEachDatabase(
  'ADMIN_EMAILS without REQUIRE_EMAIL_CONFIRMATION',
  (context) => {
    const confirm = (token: string) =>
      postJson(context(), '/api/auth/email-confirmation/confirm', { token });

    it('signs up an admin address, in any case, as a member, and its emailed link makes it admin', async () => {
      const boss = address('boss', context());
      const member = await signUp(context(), { email: boss.toUpperCase() });
      expect(member.session.roles).toEqual([]);
      expect((await adminRoute(context(), member.session.accessToken)).statusCode).toBe(403);
      const refreshed = await refreshWith(context(), member.refreshToken);
      expect(refreshed.json<Session>().roles).toEqual([]);
      const signedIn = await signIn(context(), member.input.email, member.input.password);
      expect(signedIn.json<Session>().roles).toEqual([]);

      const mail = await sink.waitForMail(boss, CONFIRM_SUBJECT);
      const confirmed = await confirm(linkIn(mail, '/auth/confirm').token);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const admin = confirmed.json<Session>();
      expect(admin.roles).toEqual(['admin']);
      expect((await adminRoute(context(), admin.accessToken)).statusCode).toBe(200);
      const again = await signIn(context(), member.input.email, member.input.password);
      expect(again.json<Session>().roles).toEqual(['admin']);

      // Other addresses are sent no link.
      const player = await signUp(context());
      await sleep(300);
      expect(sink.mailsTo(player.input.email)).toEqual([]);

      const grants = await context()
        .database.db.select({ action: adminActions.action, details: adminActions.details })
        .from(adminActions)
        .where(eq(adminActions.targetId, member.session.user.id));
      expect(grants).toEqual([
        { action: 'role.grant', details: { role: 'admin', source: 'ADMIN_EMAILS' } },
      ]);
    });

    it('sends an unconfirmed admin address a new link on request', async () => {
      const chief = address('chief', context());
      const member = await signUp(context(), { email: chief });
      await sink.waitForMail(chief, CONFIRM_SUBJECT);
      const resent = await postJson(context(), '/api/auth/email-confirmation/resend', {
        email: chief.toUpperCase(),
      });
      expect(resent.statusCode).toBe(202);
      const second = await sink.waitForMail(chief, CONFIRM_SUBJECT, 2);
      const confirmed = await confirm(linkIn(second, '/auth/confirm').token);
      expect(confirmed.json<Session>().roles).toEqual(['admin']);
      expect(confirmed.json<Session>().user.id).toBe(member.session.user.id);
    });

    it('lets the owner of the address take it back with a password reset, which makes it admin', async () => {
      // Someone else registered the owner's address first: a member, signed in.
      const owner = address('owner', context());
      const squatter = await signUp(context(), { email: owner });
      expect(squatter.session.roles).toEqual([]);
      await postJson(context(), '/api/auth/password-reset/request', { email: owner });
      const mail = await sink.waitForMail(owner, RESET_SUBJECT);
      const reset = await postJson(context(), '/api/auth/password-reset/complete', {
        token: linkIn(mail, '/auth/reset-password').token,
        password: 'owners-own-password-1',
        confirmPassword: 'owners-own-password-1',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json<Session>().roles).toEqual(['admin']);
      // The squatter's session ended with the reset.
      expect((await refreshWith(context(), squatter.refreshToken)).statusCode).toBe(401);
    });
  },
  { adminEmails: ADMIN_EMAILS, smtpUrl: sink.url },
);

describeEachDatabase(
  'ADMIN_EMAILS with REQUIRE_EMAIL_CONFIRMATION',
  (context) => {
    it('grants the role when the link that confirms the address is used', async () => {
      const input = newUser({ email: address('first', context()) });
      const pending = await postJson(context(), '/api/auth/sign-up', input);
      expect(pending.statusCode).toBe(202);
      const [account] = await context()
        .database.db.select({ id: users.id })
        .from(users)
        .where(eq(users.email, input.email));
      expect(await rolesOf(context(), account!.id)).toEqual([]);
      const mail = await sink.waitForMail(input.email, CONFIRM_SUBJECT);
      const confirmed = await postJson(context(), '/api/auth/email-confirmation/confirm', {
        token: linkIn(mail, '/auth/confirm').token,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json<Session>().roles).toEqual(['admin']);
    });
  },
  { adminEmails: ADMIN_EMAILS, smtpUrl: sink.url, requireEmailConfirmation: true },
);

describeEachDatabase('ADMIN_EMAILS at start', (context) => {
  it('grants the role to the confirmed accounts it names, not to the unconfirmed ones', async () => {
    const unconfirmed = await signUp(context());
    const confirmed = await signUp(context());
    // Confirmed while the server did not name it (a used link, or a provider's word).
    await context()
      .database.db.update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(eq(sql`lower(${users.email})`, confirmed.input.email.toLowerCase()));

    // The same database, started again with both addresses in ADMIN_EMAILS.
    const restarted = await buildApp(
      testConfig({
        dataDir: context().dataDir,
        adminEmails: [unconfirmed.input.email, confirmed.input.email],
      }),
      { database: context().database, logger: false },
    );
    try {
      const signInThere = (email: string, password: string) =>
        restarted.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email, password },
        });
      const member = (
        await signInThere(unconfirmed.input.email, unconfirmed.input.password)
      ).json<Session>();
      expect(member.roles).toEqual([]);
      expect(
        (
          await restarted.inject({
            method: 'GET',
            url: '/api/admin/verification-requests',
            headers: { authorization: `Bearer ${member.accessToken}` },
          })
        ).statusCode,
      ).toBe(403);
      const admin = (
        await signInThere(confirmed.input.email, confirmed.input.password)
      ).json<Session>();
      expect(admin.roles).toEqual(['admin']);
    } finally {
      await restarted.close();
    }
  });
});

describeEachDatabase(
  'ADMIN_EMAILS and third-party sign-in',
  (context) => {
    it('counts an address the provider verified as confirmed, as the account itself does', async () => {
      // A password sign-up proves nothing of its address...
      const member = await signUp(context(), { email: address('boss', context()) });
      expect(member.session.roles).toEqual([]);
      // ...a provider's verified one is confirmed (the account is created with it confirmed, and
      // would be made admin at the next start anyway). The test provider gives a login a verified
      // `<login>@oidc.test` address.
      const { session } = await signUpWithProvider(context(), 'chief');
      expect(session.user.email).toBe('chief@oidc.test');
      expect(session.roles).toEqual(['admin']);
      expect((await adminRoute(context(), session.accessToken)).statusCode).toBe(200);
    });
  },
  {
    ...oidc.config,
    get oidcProviders() {
      return oidc.config.oidcProviders;
    },
    adminEmails: ['chief@oidc.test', ...ADMIN_EMAILS],
  },
);
