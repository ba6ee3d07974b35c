import { afterEach, describe, expect, it } from 'vitest';

import { feedKeyMove, focusBeside, isEditable, withPinnedRow } from './feed-keyboard.ts';

const press = (
  key: string,
  modifiers: Partial<Record<'ctrl' | 'meta' | 'alt' | 'shift', boolean>> = {},
) => ({
  key,
  ctrlKey: modifiers.ctrl ?? false,
  metaKey: modifiers.meta ?? false,
  altKey: modifiers.alt ?? false,
  shiftKey: modifiers.shift ?? false,
});

describe('feedKeyMove', () => {
  it('goes to the next and previous article with Page Down and Page Up', () => {
    expect(feedKeyMove(press('PageDown'), 3, 10)).toEqual({ to: 'article', index: 4 });
    expect(feedKeyMove(press('PageUp'), 3, 10)).toEqual({ to: 'article', index: 2 });
  });

  it('stays at the ends of what is loaded', () => {
    expect(feedKeyMove(press('PageDown'), 9, 10)).toBeNull();
    expect(feedKeyMove(press('PageUp'), 0, 10)).toBeNull();
  });

  it('leaves the feed with Control+End and Control+Home', () => {
    expect(feedKeyMove(press('End', { ctrl: true }), 3, 10)).toEqual({ to: 'after' });
    expect(feedKeyMove(press('Home', { ctrl: true }), 3, 10)).toEqual({ to: 'before' });
  });

  it('leaves every other key, and the keys with other modifiers, to the browser', () => {
    expect(feedKeyMove(press('End'), 3, 10)).toBeNull();
    expect(feedKeyMove(press('ArrowDown'), 3, 10)).toBeNull();
    expect(feedKeyMove(press('PageDown', { shift: true }), 3, 10)).toBeNull();
    expect(feedKeyMove(press('PageDown', { ctrl: true }), 3, 10)).toBeNull();
    expect(feedKeyMove(press('End', { ctrl: true, alt: true }), 3, 10)).toBeNull();
    expect(feedKeyMove(press('Home', { meta: true }), 3, 10)).toBeNull();
  });
});

describe('isEditable', () => {
  it('is true for fields that use Page Down and Control+End themselves', () => {
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    // jsdom does not derive isContentEditable from the attribute.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    for (const element of [
      document.createElement('textarea'),
      document.createElement('input'),
      document.createElement('select'),
      editable,
    ]) {
      expect(isEditable(element)).toBe(true);
    }
  });

  it('is false for buttons, links, checkboxes and articles', () => {
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    for (const element of [
      document.createElement('button'),
      document.createElement('a'),
      document.createElement('article'),
      checkbox,
    ]) {
      expect(isEditable(element)).toBe(false);
    }
    expect(isEditable(null)).toBe(false);
  });
});

describe('focusBeside', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function page() {
    document.body.innerHTML = `
      <button id="composer">Post</button>
      <a id="skipped" tabindex="-1" href="/x">Not a stop</a>
      <div id="feed"><article tabindex="0" id="inside">Post</article></div>
      <button id="hidden" disabled>Disabled</button>
      <button id="more">Load more</button>`;
    const feed = document.getElementById('feed');
    if (!feed) throw new Error('no feed');
    return feed;
  }

  it('focuses the nearest focusable element after the feed', () => {
    const feed = page();
    expect(focusBeside(feed, 'after')).toBe(true);
    expect(document.activeElement?.id).toBe('more');
  });

  it('focuses the nearest focusable element before the feed, skipping non-stops', () => {
    const feed = page();
    expect(focusBeside(feed, 'before')).toBe(true);
    expect(document.activeElement?.id).toBe('composer');
  });

  it('says so when there is nothing to go to', () => {
    document.body.innerHTML = '<div id="feed"><article tabindex="0">Post</article></div>';
    const feed = document.getElementById('feed');
    if (!feed) throw new Error('no feed');
    expect(focusBeside(feed, 'after')).toBe(false);
    expect(focusBeside(feed, 'before')).toBe(false);
  });
});

describe('withPinnedRow', () => {
  it('adds the focused row, in order, when it has left the range', () => {
    expect(withPinnedRow([40, 41, 42], 3)).toEqual([3, 40, 41, 42]);
    expect(withPinnedRow([40, 41, 42], 90)).toEqual([40, 41, 42, 90]);
  });

  it('changes nothing when no row holds focus or it is in the range', () => {
    const range = [40, 41, 42];
    expect(withPinnedRow(range, null)).toBe(range);
    expect(withPinnedRow(range, 41)).toBe(range);
  });
});
