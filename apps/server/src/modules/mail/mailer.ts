import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Transporter } from 'nodemailer';

import { loadOnce } from '../../load-once.ts';

// Loaded with the first mail: a server that sends none does not hold the composer and its
// transports.
const loadNodemailer = loadOnce(() => import('nodemailer'));

/** One outgoing mail: plain text for every client, simple HTML for those that show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Where mail goes, for the start-up log: the SMTP host, or the outbox folder. */
  readonly destination: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface MailerLog {
  info(details: object, message: string): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// with credentials; without one, mail goes to `outboxDir`. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: MailerLog;
}

/**
 * Sends through SMTP when one is configured. Otherwise each mail is written to the outbox folder
 * as an .eml file (openable in any mail client) and its links are logged, so the embedded
 * default works without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options);
}

/**
 * The transport, made at the first mail. `close` closes it if it was made; a mail sent after
 * `close` makes a new one.
 */
function lazyTransport<T extends Transporter>(
  create: (nodemailer: Awaited<ReturnType<typeof loadNodemailer>>) => T,
) {
  let transport: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      transport ??= loadNodemailer().then((nodemailer) => create(nodemailer));
      return transport;
    },
    close() {
      const made = transport;
      transport = undefined;
      void made?.then(
        (t) => t.close(),
        () => undefined,
      );
    },
  };
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
  const url = new URL(smtpUrl);
  return {
    destination: `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    async send(message) {
      await (await transport.get()).sendMail(composed(from, message));
    },
    close: () => transport.close(),
  };
}

function outboxMailer({ from, outboxDir, log }: MailerOptions): Mailer {
  // Composes the same RFC 5322 message SMTP would carry, into a buffer instead of a socket.
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true }),
  );
  // The folder is made with the first mail, and again if it went away meanwhile: a `mkdir` before
  // every file cost about as much as writing it (bench/RESULTS.md, "Notifications (issue 22)").
  let outboxMade = false;
  // Written under a hidden name and renamed once whole: whoever watches the folder (a mail
  // client, a test waiting for a link) never reads a mail half written, which it once did.
  const writeWhole = async (file: string, raw: Buffer) => {
    const partial = path.join(path.dirname(file), `.${path.basename(file)}.partial`);
    await writeFile(partial, raw, { mode: 0o600 });
    await rename(partial, file);
  };
  const writeToOutbox = async (file: string, raw: Buffer) => {
    if (outboxMade) {
      try {
        await writeWhole(file, raw);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    await mkdir(outboxDir, { recursive: true });
    outboxMade = true;
    await writeWhole(file, raw);
  };
  return {
    destination: `outbox ${outboxDir}`,
    async send(message) {
      const info = await (await transport.get()).sendMail(composed(from, message));
      const raw: unknown = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('The mail composer returned no message');
      // Sortable by time; the random part keeps two mails of one millisecond apart.
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      await writeToOutbox(file, raw);
      log.info(
        { to: message.to, subject: message.subject, file, links: linksIn(message.text) },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
    close: () => transport.close(),
  };
}

/** Nodemailer's fields for the message: those of MailMessage, and nothing else it may carry. */
function composed(from: string, { to, subject, text, html, headers }: MailMessage) {
  return { from, to, subject, text, html, ...(headers ? { headers } : {}) };
}

function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}
