import { NOTICE_KIND_LABELS, type NoticeKind } from '@arena/shared/notification.schema';

import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

/**
 * The notice mails: one as something happens, and the daily digest. They say what happened and
 * link to it, and nothing more: the caller passes a sentence ("Maria sent you a message"), never
 * a message's text or an application's contents, which a mail would copy out of Arena for good.
 *
 * Every one carries a one-click unsubscribe (RFC 8058): `List-Unsubscribe` with the API's URL,
 * which a mail client POSTs to with `List-Unsubscribe=One-Click`, and a link in the body to the
 * app's page for it, which asks before it POSTs (a link scanner opening it changes nothing).
 */

/** At most this many entries are listed in a digest; the rest are on the notifications page. */
export const DIGEST_LISTED = 50;

export interface NoticeMailInput {
  to: string;
  /** The app's address (PUBLIC_URL): links in mails are absolute. */
  publicUrl: string;
  kind: NoticeKind;
  /** What happened, in one line, e.g. "Ana López applied to your offer". */
  sentence: string;
  /** Where it happened: a path of the app (or an absolute URL of it). */
  url: string;
  /** signUnsubscribe(…, { kind }) for this address. */
  unsubscribeToken: string;
}

export interface DigestMailInput {
  to: string;
  publicUrl: string;
  entries: { sentence: string; url: string }[];
  /** signUnsubscribe(…, { kind: 'daily' }): turns off every kind the digest gathers. */
  unsubscribeToken: string;
}

/** Where a mail client POSTs the one-click unsubscribe (`List-Unsubscribe`). */
function unsubscribeApiUrl(publicUrl: string, token: string): string {
  return absolute(publicUrl, `/api/unsubscribe?token=${encodeURIComponent(token)}`);
}

/** The app's page for a person who clicks the link in the mail: it shows what stops, then POSTs. */
function unsubscribePageUrl(publicUrl: string, token: string): string {
  return absolute(publicUrl, `/unsubscribe?token=${encodeURIComponent(token)}`);
}

export function noticeMail(input: NoticeMailInput): MailMessage {
  const sentence = oneLine(input.sentence);
  const link = absolute(input.publicUrl, input.url);
  return compose({
    to: input.to,
    subject: sentence,
    lines: [{ text: sentence, link }],
    more: null,
    reason: `You get this email because of your choice for “${NOTICE_KIND_LABELS[input.kind]}”.`,
    stop: 'Stop these emails',
    publicUrl: input.publicUrl,
    token: input.unsubscribeToken,
  });
}

export function digestMail(input: DigestMailInput): MailMessage {
  const count = input.entries.length;
  const listed = input.entries.slice(0, DIGEST_LISTED);
  const rest = count - listed.length;
  return compose({
    to: input.to,
    subject: `Your Arena daily digest: ${count} ${count === 1 ? 'update' : 'updates'}`,
    lines: listed.map((entry) => ({
      text: oneLine(entry.sentence),
      link: absolute(input.publicUrl, entry.url),
    })),
    more:
      rest > 0
        ? {
            text: `And ${rest} more ${rest === 1 ? 'update' : 'updates'} on Arena.`,
            link: absolute(input.publicUrl, '/notifications'),
          }
        : null,
    reason: 'You get this digest once a day for the kinds you chose “Daily digest” for.',
    stop: 'Stop the daily digest',
    publicUrl: input.publicUrl,
    token: input.unsubscribeToken,
  });
}

interface Line {
  text: string;
  link: string;
}

interface Parts {
  to: string;
  subject: string;
  lines: Line[];
  more: Line | null;
  reason: string;
  stop: string;
  publicUrl: string;
  token: string;
}

function compose(parts: Parts): MailMessage {
  const settings = absolute(parts.publicUrl, '/settings/notifications');
  const stopLink = unsubscribePageUrl(parts.publicUrl, parts.token);
  const all = parts.more ? [...parts.lines, parts.more] : parts.lines;
  const text = [
    ...all.flatMap((line) => [line.text, line.link, '']),
    '— Arena',
    '',
    parts.reason,
    `${parts.stop}: ${stopLink}`,
    `Choose which emails you get: ${settings}`,
    '',
  ].join('\n');

  const anchor = (href: string, label: string, style = '') =>
    `<a href="${escapeHtml(href)}"${style ? ` style="${style}"` : ''}>${escapeHtml(label)}</a>`;
  const items = all
    .map(
      (line) =>
        `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line.text)}<br>` +
        `${anchor(line.link, 'Open on Arena', 'color:#1d4ed8;font-weight:600')}</p>`,
    )
    .join('');
  const footer =
    `<p style="margin:24px 0 0;font-size:13px;color:#475569;line-height:1.5">${escapeHtml(parts.reason)} ` +
    `${anchor(stopLink, parts.stop)} · ${anchor(settings, 'Choose which emails you get')}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#1d4ed8">Arena</p>
${items}${footer}
</div></body></html>`;

  return {
    to: parts.to,
    subject: parts.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiUrl(parts.publicUrl, parts.token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A sentence as one line: names come from members, and a line break has no place in a subject. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** A path of the app under PUBLIC_URL (which may have a path of its own), as account links are. */
function absolute(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl.replace(/\/+$/, '')}/${pathOrUrl.replace(/^\/+/, '')}`;
}
