import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { GuardianState } from '@arena/shared/minors.schema';
import type { SettingsPage } from '@arena/shared/settings-page.schema';

import { guardianMessageCopyMail } from '../src/modules/guardians/guardian-mails.ts';
import { signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { birthdateAged, markVerified } from './minors-fixtures.ts';
import { offersHelpers } from './offers-fixtures.ts';
import { outboxMails } from './outbox.ts';
import { linkIn } from './smtp-sink.ts';

const uniqueEmail = (name: string) =>
  `${name}.${Math.random().toString(36).slice(2, 10)}@guardian.test`;

describeEachDatabase('guardians of athletes under 18', (context) => {
  const { inject, postOffer, apply } = offersHelpers(context);
  const put = (user: SignedUp, email: string) => inject('PUT', '/api/me/guardian', user, { email });
  const settings = async (user: SignedUp) =>
    (await inject('GET', '/api/me/settings', user)).json<SettingsPage>().guardian;
  const confirm = (token: string) =>
    context().app.inject({ method: 'POST', url: '/api/guardians/confirm', payload: { token } });

  /** The confirmation link mailed to `email` (the `index`th mail to it). */
  async function linkTo(email: string, index = 0) {
    const mails = await outboxMails(context().dataDir, email, index + 1);
    const mail = mails[index];
    if (!mail) throw new Error(`no mail ${index} to ${email}`);
    return linkIn({ text: mail.text ?? '' }, '/guardian/confirm').token;
  }

  /** A 15-year-old with a confirmed guardian. */
  async function guardedAthlete() {
    const athlete = await signUp(context(), { birthdate: birthdateAged(15) });
    const email = uniqueEmail('parent');
    expect((await put(athlete, email)).statusCode).toBe(200);
    expect((await confirm(await linkTo(email))).statusCode).toBe(200);
    return { athlete, email };
  }

  it('an athlete under 18 adds a guardian, who confirms by the emailed link', async () => {
    const athlete = await signUp(context(), {
      birthdate: birthdateAged(15),
      fullName: 'Lea Young',
    });
    expect(await settings(athlete)).toEqual({ eligible: true, guardian: null });
    const email = uniqueEmail('mother');
    const added = await put(athlete, email);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<GuardianState>()).toEqual({
      eligible: true,
      guardian: { email, confirmed: false },
    });
    const [mail] = await outboxMails(context().dataDir, email);
    expect(mail?.subject).toContain('Lea Young');
    const token = await linkTo(email);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ athleteName: 'Lea Young' });
    expect(await settings(athlete)).toEqual({
      eligible: true,
      guardian: { email, confirmed: true },
    });
    // Using it again changes nothing.
    expect((await confirm(token)).statusCode).toBe(200);
    // The same address again: still confirmed, no new mail.
    expect((await put(athlete, email)).json<GuardianState>().guardian?.confirmed).toBe(true);
  });

  it('refuses adults, organisations, one’s own address and bad input', async () => {
    const adult = await signUp(context());
    const refused = await put(adult, uniqueEmail('nobody'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      MESSAGES.minors.guardianAdultsOnly,
    );
    expect(await settings(adult)).toEqual({ eligible: false, guardian: null });
    const club = await signUp(context(), { userType: 'club' });
    expect((await put(club, uniqueEmail('nobody'))).statusCode).toBe(403);
    const athlete = await signUp(context(), { birthdate: birthdateAged(16) });
    const own = await put(athlete, athlete.input.email.toUpperCase());
    expect(own.statusCode).toBe(400);
    expect(own.json<{ error: { message: string } }>().error.message).toBe(
      MESSAGES.minors.guardianOwnEmail,
    );
    expect((await put(athlete, 'not an email')).statusCode).toBe(400);
    expect(await settings(athlete)).toEqual({ eligible: true, guardian: null });
  });

  it('a changed address makes the older link invalid; removing ends the copies', async () => {
    const athlete = await signUp(context(), { birthdate: birthdateAged(14) });
    const first = uniqueEmail('first');
    await put(athlete, first);
    const oldToken = await linkTo(first);
    const second = uniqueEmail('second');
    await put(athlete, second);
    const stale = await confirm(oldToken);
    expect(stale.statusCode).toBe(400);
    expect(stale.json<{ error: { message: string } }>().error.message).toBe(
      MESSAGES.minors.guardianLinkInvalid,
    );
    expect((await confirm('not-a-token')).statusCode).toBe(400);
    expect((await confirm(await linkTo(second))).statusCode).toBe(200);

    const removed = await inject('DELETE', '/api/me/guardian', athlete);
    expect(removed.json<GuardianState>()).toEqual({ eligible: true, guardian: null });
    const again = await inject('DELETE', '/api/me/guardian', athlete);
    expect(again.statusCode).toBe(404);
  });

  it('copies an organisation’s messages to the confirmed guardian, not a teammate’s', async () => {
    const { athlete, email } = await guardedAthlete();
    const club = await signUp(context(), { userType: 'club', fullName: 'Porto Academy' });
    await markVerified(context(), club);
    // An adult player cannot write to a minor at all; a teammate of their age can.
    const player = await signUp(context(), {
      fullName: 'Young Teammate',
      birthdate: birthdateAged(16),
    });
    const send = async (from: SignedUp, content: string) => {
      const opened = await inject('POST', '/api/conversations', from, {
        username: athlete.input.username,
      });
      const { id } = opened.json<{ id: string }>();
      const sent = await inject('POST', `/api/conversations/${id}/messages`, from, { content });
      expect(sent.statusCode, sent.body).toBe(201);
    };
    await send(player, 'See you at practice');
    await send(club, 'We would like to invite you to a trial');
    // Mails are sent in order by the queue: the club's copy is the second to this address.
    const mails = await outboxMails(context().dataDir, email, 2);
    const copies = mails.filter((mail) => mail.subject?.startsWith('Copy of a message'));
    expect(copies).toHaveLength(1);
    expect(copies[0]?.text).toContain('Porto Academy (club)');
    expect(copies[0]?.text).toContain('We would like to invite you to a trial');
    expect(mails.some((mail) => mail.text?.includes('See you at practice'))).toBe(false);
  });

  it('tells the confirmed guardian of each application (which offer, which organisation)', async () => {
    const { athlete, email } = await guardedAthlete();
    const club = await signUp(context(), { userType: 'club' });
    await markVerified(context(), club);
    const offer = await postOffer(club, {
      title: 'U17 Goalkeeper',
      organizationName: 'FC Harbour',
    });
    const applied = await apply(athlete, offer.id);
    expect(applied.statusCode, applied.body).toBe(201);
    const mails = await outboxMails(context().dataDir, email, 2);
    const notice = mails.find((mail) => mail.subject?.includes('applied to an offer'));
    expect(notice?.text).toContain('U17 Goalkeeper');
    expect(notice?.text).toContain('FC Harbour');

    // An adult's application tells nobody.
    const adult = await signUp(context());
    expect((await apply(adult, offer.id)).statusCode).toBe(201);
  });
});

describe('the message copy', () => {
  it('counts the attachments it leaves out', () => {
    const mail = guardianMessageCopyMail('parent@guardian.test', {
      athleteName: 'Lea',
      senderName: 'Agent Smith',
      senderType: 'agent',
      content: 'Contract attached',
      attachments: 1,
    });
    expect(mail.text).toContain('1 attachment not included');
    expect(mail.text).toContain('Agent Smith (agent)');
    expect(mail.html).not.toContain('<script');
  });
});
