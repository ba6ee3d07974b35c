import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';

import { createMailer } from './mailer.ts';
import { emailConfirmationMail, passwordResetMail } from './templates.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function outbox() {
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-outbox-'));
  dirs.push(dir);
  const logged: { details: object; message: string }[] = [];
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Arena <no-reply@arena.test>',
    outboxDir: path.join(dir, 'outbox'),
    log: { info: (details, message) => logged.push({ details, message }) },
  });
  return { dir: path.join(dir, 'outbox'), mailer, logged };
}

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes each mail as an .eml file a mail client can read, and logs its links', async () => {
    const { dir, mailer, logged } = outbox();
    const link = `https://arena.example/auth/reset-password?token=${'a'.repeat(300)}.b-c_d`;
    await mailer.send(passwordResetMail({ to: 'jo@arena.test', name: 'Jo' }, link, 60));
    await mailer.send(passwordResetMail({ to: 'al@arena.test', name: 'Al' }, link, 60));

    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const parsed = await simpleParser(readFileSync(path.join(dir, files[0]!)));
    expect(parsed.subject).toBe('Reset your Arena password');
    expect(parsed.from?.value).toEqual([{ name: 'Arena', address: 'no-reply@arena.test' }]);
    // A long link survives the transfer encoding whole.
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain(link);

    expect(logged).toHaveLength(2);
    expect(logged[0]?.details).toMatchObject({
      subject: 'Reset your Arena password',
      links: [link],
    });
    expect(mailer.destination).toBe(`outbox ${dir}`);
  });
});

describe('the outbox folder', () => {
  it('is made again when it went away between two mails', async () => {
    const { dir, mailer } = outbox();
    const link = 'https://arena.example/auth/reset-password?token=abc';
    await mailer.send(passwordResetMail({ to: 'jo@arena.test', name: 'Jo' }, link, 60));
    rmSync(dir, { recursive: true, force: true });
    await mailer.send(passwordResetMail({ to: 'al@arena.test', name: 'Al' }, link, 60));
    expect(readdirSync(dir)).toHaveLength(1);
  });
});

describe('templates', () => {
  it('escape what the user wrote in the HTML, and say the same in plain text', () => {
    const mail = emailConfirmationMail(
      { to: 'x@arena.test', name: '<img src=x onerror=alert(1)> & Co' },
      'https://arena.example/auth/confirm?token=abc&x="y"',
      24,
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(mail.html).toContain(
      'href="https://arena.example/auth/confirm?token=abc&amp;x=&quot;y&quot;"',
    );
    expect(mail.text).toContain('Hi <img src=x onerror=alert(1)> & Co,');
    expect(mail.text).toContain(
      'Confirm my email: https://arena.example/auth/confirm?token=abc&x="y"',
    );
  });
});
