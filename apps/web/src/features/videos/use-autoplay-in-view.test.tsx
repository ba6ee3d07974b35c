import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { FakeIntersectionObserver, matchingMedia, stubPlayback } from '../../test/video-doubles.ts';
import { useAutoplayAllowed, useAutoplayInView } from './use-autoplay-in-view.ts';

function Clip({ muted = true }: { muted?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const allowed = useAutoplayAllowed();
  useAutoplayInView(ref, allowed);
  return <video ref={ref} muted={muted} aria-label="Clip" />;
}

let playback: ReturnType<typeof stubPlayback>;

beforeEach(() => {
  FakeIntersectionObserver.install();
  playback = stubPlayback();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'connection');
});

it('plays a muted video once half of it is on screen, and pauses it when it leaves', () => {
  render(<Clip />);
  const clip = screen.getByLabelText<HTMLVideoElement>('Clip');
  expect(FakeIntersectionObserver.instances[0]?.options.threshold).toBe(0.5);

  FakeIntersectionObserver.show(0.3);
  expect(playback.play).not.toHaveBeenCalled();

  FakeIntersectionObserver.show(0.6);
  expect(playback.play).toHaveBeenCalledTimes(1);
  expect(clip.paused).toBe(false);

  FakeIntersectionObserver.show(0.2);
  expect(playback.pause).toHaveBeenCalledTimes(1);
  expect(clip.paused).toBe(true);
});

it('does not start a video the reader unmuted', () => {
  render(<Clip muted={false} />);
  FakeIntersectionObserver.show(1);
  expect(playback.play).not.toHaveBeenCalled();
});

it('is off when the reader asks for reduced motion', () => {
  vi.stubGlobal('matchMedia', matchingMedia('(prefers-reduced-motion: reduce)'));
  render(<Clip />);
  FakeIntersectionObserver.show(1);
  expect(FakeIntersectionObserver.instances).toHaveLength(0);
  expect(playback.play).not.toHaveBeenCalled();
});

it('is off on a connection that saves data', () => {
  Object.defineProperty(navigator, 'connection', {
    value: { saveData: true },
    configurable: true,
  });
  render(<Clip />);
  FakeIntersectionObserver.show(1);
  expect(playback.play).not.toHaveBeenCalled();
});
