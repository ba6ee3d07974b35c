import { Fragment } from 'react';
import { Link } from 'react-router';

import { MENTION_PATTERN } from '@arena/shared/mentions';

import { cx, focusRing } from '../../components/ui/class-names.ts';

/** http(s) addresses up to the next space; trailing punctuation is the sentence's, not the link's. */
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string }
  | { kind: 'mention'; username: string };

/** Splits text into plain runs, web addresses and mentions (not inside an address). */
export function splitLinks(text: string): TextPart[] {
  return splitAddresses(text).flatMap((part) =>
    part.kind === 'text' ? splitMentions(part.text) : [part],
  );
}

function splitMentions(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const username = match[1];
    if (username === undefined) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'mention', username });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function splitAddresses(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    if (!isWebUrl(href)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function isWebUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A member's text as written: line breaks kept, web addresses clickable, `@username` a link to
 * that profile. Everything is rendered as React text and <a> elements, so markup in a post stays
 * visible text and never runs.
 */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cx('break-words whitespace-pre-wrap text-slate-900', className)}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : part.kind === 'mention' ? (
          <Link
            key={index}
            to={`/profile/${encodeURIComponent(part.username)}`}
            className={cx('font-medium text-blue-700 hover:underline', focusRing)}
          >
            @{part.username}
          </Link>
        ) : (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className={cx('break-all text-blue-700 underline hover:text-blue-900', focusRing)}
          >
            {part.href}
          </a>
        ),
      )}
    </p>
  );
}
