import { Fragment } from 'react';

import { cx, focusRing } from '../../components/ui/class-names.ts';

/** http(s) addresses up to the next space; trailing punctuation is the sentence's, not the link's. */
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/** Splits text into plain runs and web addresses. */
export function splitLinks(text: string): TextPart[] {
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
 * A member's text as written: line breaks kept, web addresses clickable. Everything is rendered
 * as React text and <a> elements, so markup in a post stays visible text and never runs.
 */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cx('break-words whitespace-pre-wrap text-slate-900', className)}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
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
