import type { AddressInfo } from 'node:net';

import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

const USER = 'arena';
const PASS = 'mail-secret';

/**
 * A real SMTP server in this process (the `smtp-server` package) that accepts what the app sends
 * with the credentials of `url`, and keeps each mail parsed (`mailparser`) for the tests to read.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    // Plain SMTP with AUTH on localhost: no certificate to manage in a test.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const matching = (to: string, subject?: string | RegExp) =>
    received.filter(
      (mail) =>
        mail.to.includes(to.toLowerCase()) &&
        (subject === undefined ||
          (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject))),
    );

  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    received,
    /** Mails to `to` (optionally with that subject) received so far. */
    mailsTo: matching,
    /** Waits for the `count`-th mail to `to` (with that subject) and returns it. */
    async waitForMail(to: string, subject?: string | RegExp, count = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = matching(to, subject);
        if (found.length >= count) return found[count - 1]!;
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(
            `No mail #${count} to ${to}${subject ? ` (${String(subject)})` : ''} after ${timeoutMs} ms`,
          );
        }
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that opens `page` (e.g. /auth/reset-password), and its token. */
export function linkIn(mail: { text: string }, page: string): { url: URL; token: string } {
  const found = (mail.text.match(/https?:\/\/\S+/g) ?? [])
    .map((href) => new URL(href))
    .find((url) => url.pathname === page);
  if (!found) throw new Error(`No ${page} link in:\n${mail.text}`);
  const token = found.searchParams.get('token');
  if (!token) throw new Error(`The ${page} link has no token`);
  return { url: found, token };
}
