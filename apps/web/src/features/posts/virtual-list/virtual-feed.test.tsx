import type { FeedItem } from '@arena/shared/post.schema';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';

import { makePost, postItem, setupProviders } from '../../../test/posts-harness.tsx';
import { forgetLists, recallList, rememberList } from './list-memory.ts';
import { estimateCardHeight, VirtualFeed } from './virtual-feed.tsx';

/*
 * jsdom lays nothing out, so this file plays the browser's part: a row is as tall as `heights`
 * says (its estimate, ROW, unless set), a ResizeObserver reports those heights, the window is
 * jsdom's 1024 x 768, and scrolling sets window.scrollY and fires 'scroll'.
 */
const ROW = estimateCardHeight(postItem(makePost({ content: 'Post 1' })));
const GAP = 16;
const STRIDE = ROW + GAP;
const heights = new Map<string, number>();
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');

/** Reports the heights of the rows it watches: at once, and again on `resizeAll()`. */
class MeasuringObserver {
  static instances: MeasuringObserver[] = [];
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    MeasuringObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
    this.report([target]);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  report(targets: Element[]) {
    const entries = targets.map((target) => ({
      target,
      borderBoxSize: [{ blockSize: (target as HTMLElement).offsetHeight, inlineSize: 600 }],
    }));
    this.callback(entries as unknown as ResizeObserverEntry[], this);
  }
  static resizeAll() {
    for (const observer of MeasuringObserver.instances) observer.report([...observer.targets]);
  }
}

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (!this.hasAttribute('data-index')) return 0;
      return heights.get(this.dataset.key ?? '') ?? ROW;
    },
  });
});
afterAll(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', original);
});

function setScrollY(top: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
}
/** As in a browser, a scroll to where the window already is fires no event. */
const scrollTo = vi.fn((options: ScrollToOptions | number, y?: number) => {
  const top = typeof options === 'number' ? (y ?? 0) : (options.top ?? window.scrollY);
  if (top === window.scrollY) return;
  setScrollY(top);
  window.dispatchEvent(new Event('scroll'));
});

beforeEach(() => {
  setScrollY(0);
  heights.clear();
  scrollTo.mockClear();
  MeasuringObserver.instances = [];
  Object.defineProperty(window, 'scrollTo', { configurable: true, value: scrollTo });
  // The page is as tall as the list and the buttons around it; the window cannot go further.
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    get: () =>
      Number.parseFloat(document.querySelector<HTMLElement>('[role="feed"]')?.style.height ?? '0') +
      80,
  });
  vi.stubGlobal('ResizeObserver', MeasuringObserver);
  forgetLists();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function scrollWindow(top: number) {
  act(() => scrollTo({ top }));
}

const makeItems = (count: number, from = 1): FeedItem[] =>
  Array.from({ length: count }, (_, n) => postItem(makePost({ content: `Post ${from + n}` })));

/** The list's first frame, then the task after it, where the list renders its further rows. */
const afterFirstPaint = () =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

async function renderFeed(items: FeedItem[], id = 'feed:all') {
  const providers = setupProviders();
  const tree = (list: FeedItem[]) => (
    <>
      <button type="button">Before the feed</button>
      <VirtualFeed id={id} items={list} label="Feed" busy={false} />
      <button type="button">After the feed</button>
    </>
  );
  const view = render(tree(items), { wrapper: providers.Wrapper });
  await afterFirstPaint();
  return { ...view, rerender: (next: FeedItem[]) => view.rerender(tree(next)) };
}

const feed = () => screen.getByRole('feed', { name: 'Feed' });
const articles = () => within(feed()).getAllByRole('article');
const positions = () => articles().map((article) => Number(article.getAttribute('aria-posinset')));
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, n) => from + n);
const article = (posInSet: number) => {
  const found = articles().find((a) => a.getAttribute('aria-posinset') === String(posInSet));
  if (!found) throw new Error(`article ${posInSet} is not rendered`);
  return found;
};
/** Where the row of an article is placed, in pixels from the top of the list. */
const offsetOf = (posInSet: number) => {
  const row = article(posInSet).closest<HTMLElement>('[data-index]');
  return Number(/translateY\((-?[\d.]+)px\)/.exec(row?.style.transform ?? '')?.[1]);
};

it('renders the cards on screen first, and the cards around them once it has been painted', async () => {
  const providers = setupProviders();
  render(<VirtualFeed id="feed:all" items={makeItems(100)} label="Feed" busy={false} />, {
    wrapper: providers.Wrapper,
  });
  // Four cards reach into the 768 px window, and one follows.
  expect(positions()).toEqual(range(1, 5));
  await afterFirstPaint();
  expect(positions()).toEqual(range(1, 8));
});

it('renders only the cards near the window, each telling its place among those loaded', async () => {
  await renderFeed(makeItems(100));
  // Four cards reach into the 768 px window; four more follow.
  expect(positions()).toEqual(range(1, 8));
  expect(article(1)).toHaveAttribute('aria-setsize', '100');
  expect(article(1)).toHaveAttribute('tabindex', '0');
  expect(article(1)).toHaveTextContent('Post 1');
  expect(feed()).toHaveAttribute('aria-busy', 'false');
  expect(feed()).toHaveStyle({ height: `${100 * ROW + 99 * GAP}px` });
});

it('follows the window as it scrolls', async () => {
  await renderFeed(makeItems(100));
  scrollWindow(50 * STRIDE);
  expect(positions()).toEqual(range(47, 58));
  expect(article(51)).toHaveTextContent('Post 51');
  expect(offsetOf(51)).toBe(50 * STRIDE);
});

it('measures cards, and moves the ones below when one grows', async () => {
  const items = makeItems(100);
  await renderFeed(items);
  heights.set(items[1]?.key ?? '', 600);
  act(() => MeasuringObserver.resizeAll());
  expect(offsetOf(3)).toBe(STRIDE + 600 + GAP);
  expect(feed()).toHaveStyle({ height: `${99 * ROW + 600 + 99 * GAP}px` });
});

it('keeps the card that holds focus when it scrolls away, so Tab goes on from it', async () => {
  await renderFeed(makeItems(100));
  act(() => article(2).focus());
  scrollWindow(50 * STRIDE);
  expect(positions()).toEqual([2, ...range(47, 58)]);
  expect(document.activeElement).toBe(article(2));
});

it('goes from article to article with Page Down and Page Up, and out with Control+End/Home', async () => {
  await renderFeed(makeItems(100));
  act(() => article(1).focus());
  fireEvent.keyDown(article(1), { key: 'PageDown' });
  expect(document.activeElement).toBe(article(2));
  fireEvent.keyDown(article(2), { key: 'PageUp' });
  expect(document.activeElement).toBe(article(1));
  fireEvent.keyDown(article(1), { key: 'End', ctrlKey: true });
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After the feed' }));
  act(() => article(1).focus());
  fireEvent.keyDown(article(1), { key: 'Home', ctrlKey: true });
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before the feed' }));
});

it('scrolls to the next article first when Page Down leads out of what is rendered', async () => {
  await renderFeed(makeItems(100));
  act(() => article(1).focus());
  scrollWindow(50 * STRIDE);
  expect(positions()).not.toContain(2);
  fireEvent.keyDown(article(1), { key: 'PageDown' });
  await vi.waitFor(() => expect(document.activeElement).toBe(article(2)));
  expect(window.scrollY).toBe(STRIDE);
});

it('leaves keys typed into a field to the field', async () => {
  await renderFeed(makeItems(100));
  const field = document.createElement('textarea');
  article(1).append(field);
  act(() => field.focus());
  fireEvent.keyDown(field, { key: 'PageDown' });
  expect(document.activeElement).toBe(field);
});

it('keeps comments open when their card scrolls away and comes back', async () => {
  await renderFeed(makeItems(100));
  fireEvent.click(within(article(1)).getByRole('button', { name: /^Comments/ }));
  // The comments' code loads when they are first opened.
  expect(await within(article(1)).findByRole('region', { name: 'Comments' })).toBeInTheDocument();
  scrollWindow(50 * STRIDE);
  expect(positions()).not.toContain(1);
  scrollWindow(0);
  expect(within(article(1)).getByRole('button', { name: /^Comments/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});

it('keeps the entry the reader is looking at in place when newer entries arrive above', async () => {
  const items = makeItems(100, 11);
  const { rerender } = await renderFeed(items);
  const top = 50 * STRIDE + 40;
  scrollWindow(top);
  expect(article(51)).toHaveTextContent('Post 61');
  rerender([...makeItems(10, 1), ...items]);
  // The same post, now 61st, where it was on screen: the window moved by what came in.
  expect(window.scrollY).toBe(top + 10 * STRIDE);
  expect(article(61)).toHaveTextContent('Post 61');
  expect(offsetOf(61) - window.scrollY).toBe(50 * STRIDE - top);
});

it('lets newer entries push the list down while its top is on screen', async () => {
  const items = makeItems(20, 3);
  const { rerender } = await renderFeed(items);
  rerender([...makeItems(2, 1), ...items]);
  expect(window.scrollY).toBe(0);
  expect(article(1)).toHaveTextContent('Post 1');
  expect(article(3)).toHaveTextContent('Post 3');
});

it('remembers its measured heights and open comments when it unmounts', async () => {
  const items = makeItems(100);
  // Heights other than the estimate (a height equal to it needs no remembering).
  const measured = items.slice(0, 8).map((item, index) => [item.key, ROW + 10 * (index + 1)]);
  for (const [key, height] of measured) heights.set(String(key), Number(height));
  const { unmount } = await renderFeed(items, 'profile:alice');
  fireEvent.click(within(article(2)).getByRole('button', { name: /^Comments/ }));
  unmount();
  const memory = recallList('profile:alice');
  expect(memory?.openComments).toEqual([items[1]?.key]);
  // The rows that were rendered, with the heights they measured.
  expect(memory?.sizes.map((size) => [size.key, size.size])).toEqual(measured);
});

it('comes back with what it remembered: heights of cards not rendered, and open comments', async () => {
  const items = makeItems(100);
  rememberList('feed:all', {
    sizes: items.slice(0, 10).map((item, index) => ({
      index,
      key: item.key,
      start: 0,
      size: 1000,
      end: 1000,
      lane: 0,
    })),
    openComments: [items[0]?.key ?? ''],
    top: 0,
  });
  // The cards are that tall; without the memory, the ninth and tenth, never rendered now,
  // would count as estimates.
  for (const item of items.slice(0, 10)) heights.set(item.key, 1000);
  await renderFeed(items);
  // Cards of 1,000 px: one fills the window, four follow.
  expect(positions()).toEqual(range(1, 5));
  expect(offsetOf(2)).toBe(1000 + GAP);
  expect(feed()).toHaveStyle({ height: `${10 * 1000 + 90 * ROW + 99 * GAP}px` });
  expect(within(article(1)).getByRole('button', { name: /^Comments/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});
