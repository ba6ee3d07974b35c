import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { type ParsedMail, simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';

import type { MailMessage } from '../mail/mailer.ts';
import { createMailer } from '../mail/mailer.ts';
import { DIGEST_LISTED, digestMail, noticeMail } from './notice-mail.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The mail as a mail client gets it: composed by nodemailer into the outbox, then parsed. */
async function delivered(message: MailMessage): Promise<ParsedMail> {
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-notice-'));
  dirs.push(dir);
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Arena <no-reply@arena.test>',
    outboxDir: dir,
    log: { info: () => undefined },
  });
  await mailer.send(message);
  mailer.close();
  const [file] = readdirSync(dir);
  return simpleParser(readFileSync(path.join(dir, file!)));
}

/** A raw header line's value, unfolded. */
function header(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

const TOKEN = 'u1.eyJwIjoidW5zdWJzY3JpYmUifQ.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmUtc2ln';

describe('a notice mail', () => {
  it('says what happened, links to it, and carries a one-click unsubscribe for its kind', async () => {
    const mail = await delivered(
      noticeMail({
        to: 'ana@arena.test',
        publicUrl: 'https://arena.example/',
        kind: 'application',
        sentence: 'Jo Silva applied to your offer',
        url: '/offers/42/applications',
        unsubscribeToken: TOKEN,
      }),
    );
    expect(mail.subject).toBe('Jo Silva applied to your offer');
    expect(header(mail, 'List-Unsubscribe')).toBe(
      `<https://arena.example/api/unsubscribe?token=${TOKEN}>`,
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(
      'Jo Silva applied to your offer\nhttps://arena.example/offers/42/applications',
    );
    expect(mail.text).toContain(
      `Stop these emails: https://arena.example/unsubscribe?token=${TOKEN}`,
    );
    expect(mail.text).toContain('“Applications to your offers”');
    expect(mail.text).toContain('https://arena.example/settings/notifications');
    expect(mail.html).toContain('href="https://arena.example/offers/42/applications"');
    expect(mail.html).toContain(`href="https://arena.example/unsubscribe?token=${TOKEN}"`);
  });

  it('escapes what members wrote in the HTML and keeps it to one line in the subject', async () => {
    const mail = await delivered(
      noticeMail({
        to: 'ana@arena.test',
        publicUrl: 'https://arena.example/base',
        kind: 'message',
        sentence:
          'Eve <script>alert("x")</script> & Co\r\nBcc: victim@example.com sent you a message',
        url: '/messages/7',
        unsubscribeToken: TOKEN,
      }),
    );
    expect(mail.subject).toBe(
      'Eve <script>alert("x")</script> & Co Bcc: victim@example.com sent you a message',
    );
    // No header came from the sentence.
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Eve &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    // PUBLIC_URL's own path is kept, as in account links.
    expect(mail.text).toContain('https://arena.example/base/messages/7');
    expect(header(mail, 'List-Unsubscribe')).toBe(
      `<https://arena.example/base/api/unsubscribe?token=${TOKEN}>`,
    );
  });
});

describe('a digest mail', () => {
  const entry = (n: number) => ({ sentence: `Member ${n} followed you`, url: `/profiles/m${n}` });

  it('lists the updates under one subject with one link that stops the digest', async () => {
    const mail = await delivered(
      digestMail({
        to: 'ana@arena.test',
        publicUrl: 'https://arena.example',
        entries: [1, 2, 3, 4, 5].map(entry),
        unsubscribeToken: TOKEN,
      }),
    );
    expect(mail.subject).toBe('Your Arena daily digest: 5 updates');
    for (const n of [1, 2, 3, 4, 5]) {
      expect(mail.text).toContain(`Member ${n} followed you\nhttps://arena.example/profiles/m${n}`);
    }
    expect(mail.text).toContain(
      `Stop the daily digest: https://arena.example/unsubscribe?token=${TOKEN}`,
    );
    expect(header(mail, 'List-Unsubscribe')).toBe(
      `<https://arena.example/api/unsubscribe?token=${TOKEN}>`,
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('says one update in the singular, and sends the rest of a long day to the app', () => {
    const one = digestMail({
      to: 'a@arena.test',
      publicUrl: 'https://arena.example',
      entries: [entry(1)],
      unsubscribeToken: TOKEN,
    });
    expect(one.subject).toBe('Your Arena daily digest: 1 update');
    const many = digestMail({
      to: 'a@arena.test',
      publicUrl: 'https://arena.example',
      entries: Array.from({ length: DIGEST_LISTED + 3 }, (_, n) => entry(n)),
      unsubscribeToken: TOKEN,
    });
    expect(many.subject).toBe(`Your Arena daily digest: ${DIGEST_LISTED + 3} updates`);
    expect(many.text).toContain(`Member ${DIGEST_LISTED - 1} followed you`);
    expect(many.text).not.toContain(`Member ${DIGEST_LISTED} followed you`);
    expect(many.text).toContain(
      'And 3 more updates on Arena.\nhttps://arena.example/notifications',
    );
  });
});
