import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

/** A fresh module per test: whether the page has painted is decided once per app start. */
async function loadHook() {
  vi.resetModules();
  return (await import('./first-paint.ts')).useHasPainted;
}

function Probe({ useHasPainted }: { useHasPainted: () => boolean }) {
  return <p>{useHasPainted() ? 'painted' : 'waiting'}</p>;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
});

afterEach(() => {
  vi.useRealTimers();
});

it('is false until a frame has been painted, then true', async () => {
  const useHasPainted = await loadHook();
  render(<Probe useHasPainted={useHasPainted} />);
  expect(screen.getByText('waiting')).toBeInTheDocument();
  // The frame's callback runs before its paint: still waiting.
  act(() => {
    vi.advanceTimersToNextFrame();
  });
  expect(screen.getByText('waiting')).toBeInTheDocument();
  // The task queued from it runs after the paint.
  act(() => {
    vi.runOnlyPendingTimers();
  });
  expect(screen.getByText('painted')).toBeInTheDocument();
});

it('stays true for what mounts later, with no wait', async () => {
  const useHasPainted = await loadHook();
  const first = render(<Probe useHasPainted={useHasPainted} />);
  act(() => {
    vi.advanceTimersToNextFrame();
  });
  act(() => {
    vi.runOnlyPendingTimers();
  });
  first.unmount();
  render(<Probe useHasPainted={useHasPainted} />);
  expect(screen.getByText('painted')).toBeInTheDocument();
});
