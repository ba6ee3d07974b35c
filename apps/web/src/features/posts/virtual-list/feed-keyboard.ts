/*
 * The keys of the WAI-ARIA feed pattern, for a list of articles that renders only the part on
 * screen: where focus should go is worked out here, from positions, not from the DOM.
 */

export type FeedKeyMove =
  { to: 'article'; index: number } | { to: 'before' } | { to: 'after' } | null;

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * Page Down and Page Up move to the next and previous article; Control+End and Control+Home
 * leave the feed for what follows and precedes it. `index` is the article focus is in.
 */
export function feedKeyMove(press: KeyPress, index: number, count: number): FeedKeyMove {
  if (press.altKey || press.shiftKey || press.metaKey) return null;
  if (press.ctrlKey) {
    if (press.key === 'End') return { to: 'after' };
    if (press.key === 'Home') return { to: 'before' };
    return null;
  }
  if (press.key === 'PageDown' && index < count - 1) return { to: 'article', index: index + 1 };
  if (press.key === 'PageUp' && index > 0) return { to: 'article', index: index - 1 };
  return null;
}

/** Text fields keep their own keys: Page Down and Control+End move the caret there. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['button', 'checkbox', 'radio'].includes(target.type))
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/**
 * Moves focus to the nearest focusable element outside `container`, after or before it;
 * returns whether one took focus (elements that are hidden refuse it and are skipped).
 */
export function focusBeside(container: Element, side: 'before' | 'after'): boolean {
  const wanted =
    side === 'after' ? Node.DOCUMENT_POSITION_FOLLOWING : Node.DOCUMENT_POSITION_PRECEDING;
  const candidates = [...container.ownerDocument.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !container.contains(element) &&
      (container.compareDocumentPosition(element) & wanted) !== 0,
  );
  if (side === 'before') candidates.reverse();
  for (const candidate of candidates) {
    candidate.focus();
    if (candidate.ownerDocument.activeElement === candidate) return true;
  }
  return false;
}

/**
 * The rows to render: the virtualiser's range, plus the row focus is in when it has scrolled
 * out of it. Unmounting that row would drop focus to the page's start; kept, the next Tab
 * goes on from where the reader was.
 */
export function withPinnedRow(indexes: number[], pinned: number | null): number[] {
  if (pinned === null || indexes.includes(pinned)) return indexes;
  return [...indexes, pinned].sort((a, b) => a - b);
}
