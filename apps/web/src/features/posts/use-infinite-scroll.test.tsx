import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { useInfiniteScroll } from './use-infinite-scroll.ts';

/** The IntersectionObservers made, each with what it watches; `reach` reports an intersection. */
class FakeObserver {
  static made: FakeObserver[] = [];
  watched: Element[] = [];
  constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {
    FakeObserver.made.push(this);
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  disconnect() {
    this.watched = [];
  }
  reach() {
    this.report([{ isIntersecting: true }]);
  }
}

beforeEach(() => {
  FakeObserver.made = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function List({
  ready,
  showEnd,
  onReach,
}: {
  ready: boolean;
  showEnd: boolean;
  onReach: () => void;
}) {
  const sentinel = useInfiniteScroll(onReach, ready);
  return showEnd ? <div ref={sentinel} data-testid="end" /> : <p>Loading...</p>;
}

const watching = () => FakeObserver.made.flatMap((observer) => observer.watched);

it('loads more when the end of the list comes near', () => {
  const onReach = vi.fn();
  const { getByTestId } = render(<List ready showEnd onReach={onReach} />);
  expect(watching()).toEqual([getByTestId('end')]);
  act(() => FakeObserver.made.at(-1)?.reach());
  expect(onReach).toHaveBeenCalledOnce();
});

it('watches an end that appears after the list became ready to load more', () => {
  const onReach = vi.fn();
  const { rerender, getByTestId } = render(<List ready showEnd={false} onReach={onReach} />);
  expect(watching()).toEqual([]);
  rerender(<List ready showEnd onReach={onReach} />);
  expect(watching()).toEqual([getByTestId('end')]);
  act(() => FakeObserver.made.at(-1)?.reach());
  expect(onReach).toHaveBeenCalledOnce();
});

it('stops watching while the list cannot load more', () => {
  const onReach = vi.fn();
  const { rerender } = render(<List ready showEnd onReach={onReach} />);
  rerender(<List ready={false} showEnd onReach={onReach} />);
  expect(watching()).toEqual([]);
});
