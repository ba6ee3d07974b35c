import type { MailMessage } from './mailer.ts';

/**
 * The account mails, each as plain text and as simple HTML saying the same thing. Every value
 * put into the HTML is escaped; links are absolute (PUBLIC_URL).
 */

interface Recipient {
  to: string;
  name: string;
}

export function emailConfirmationMail(
  recipient: Recipient,
  link: string,
  hours: number,
): MailMessage {
  return compose(recipient, {
    subject: 'Confirm your email address for Arena',
    intro: 'Welcome to Arena! Confirm your email address to finish creating your account.',
    action: { label: 'Confirm my email', link },
    outro: [
      `This link works once and expires in ${hours} hours.`,
      'If you did not create an Arena account, you can ignore this email.',
    ],
  });
}

export function passwordResetMail(
  recipient: Recipient,
  link: string,
  minutes: number,
): MailMessage {
  return compose(recipient, {
    subject: 'Reset your Arena password',
    intro: 'Someone asked to reset the password of your Arena account.',
    action: { label: 'Choose a new password', link },
    outro: [
      `This link works once and expires in ${minutes} minutes.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
  });
}

export function passwordChangedMail(
  recipient: Recipient,
  how: 'changed' | 'reset',
  forgotLink: string,
): MailMessage {
  return compose(recipient, {
    subject: 'Your Arena password was changed',
    intro:
      how === 'reset'
        ? 'The password of your Arena account was just reset with a link sent to this address. Every other session has been signed out.'
        : 'The password of your Arena account was just changed in Settings. Every other session has been signed out.',
    action: null,
    outro: [
      `If this was not you, reset your password now: ${forgotLink}`,
      'Then review your account, and contact us if anything looks wrong.',
    ],
  });
}

/**
 * A moderator's decision told to the member it concerns (with the link to appeal it when they
 * cannot sign in), or an alert to the admins.
 */
export function moderationMail(
  recipient: Recipient,
  body: { subject: string; intro: string; action: { label: string; link: string } | null },
): MailMessage {
  return compose(recipient, { ...body, outro: [] });
}

interface Body {
  subject: string;
  intro: string;
  action: { label: string; link: string } | null;
  outro: string[];
}

export function compose({ to, name }: Recipient, body: Body): MailMessage {
  const greeting = `Hi ${name},`;
  const text = [
    greeting,
    '',
    body.intro,
    ...(body.action ? ['', `${body.action.label}: ${body.action.link}`] : []),
    '',
    ...body.outro,
    '',
    '— Arena',
    '',
  ].join('\n');

  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${linkify(content)}</p>`;
  const button = body.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(body.action.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(body.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">Or open this address: <a href="${escapeHtml(body.action.link)}">${escapeHtml(body.action.link)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#1d4ed8">Arena</p>
${paragraph(greeting)}${paragraph(body.intro)}${button}${body.outro.map(paragraph).join('')}
</div></body></html>`;
  return { to, subject: body.subject, text, html };
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Escapes the text, then makes its absolute links clickable. */
function linkify(value: string): string {
  return escapeHtml(value).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
