import { act } from '@testing-library/react';
import { vi } from 'vitest';

/* Browser doubles for video players: jsdom plays nothing and watches no scrolling. */

/** `window.matchMedia` where the given queries match, and no other. */
export function matchingMedia(...matching: string[]) {
  return (query: string) => ({
    matches: matching.includes(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

/**
 * An IntersectionObserver the test scrolls: `show(ratio)` tells every observer that this share of
 * its elements is now on screen.
 */
export class FakeIntersectionObserver {
  static readonly instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();

  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  static show(ratio: number) {
    act(() => {
      for (const observer of FakeIntersectionObserver.instances) {
        const entries = [...observer.targets].map(
          (target) =>
            ({
              target,
              isIntersecting: ratio > 0,
              intersectionRatio: ratio,
            }) as IntersectionObserverEntry,
        );
        if (entries.length > 0)
          observer.callback(entries, observer as unknown as IntersectionObserver);
      }
    });
  }

  static install() {
    FakeIntersectionObserver.instances.length = 0;
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  }
}

/**
 * Makes `play()` and `pause()` change `paused`, as a browser would; returns the spies. Undone by
 * `vi.restoreAllMocks()`.
 */
export function stubPlayback() {
  const playing = new WeakSet<HTMLMediaElement>();
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    playing.add(this);
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    playing.delete(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return !playing.has(this);
  });
  return { play, pause };
}
