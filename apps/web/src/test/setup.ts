import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

import { FakeSocket } from './fake-socket.ts';

// Pages are lazy routes: the first visit of each compiles its module, which can take a moment.
configure({ asyncUtilTimeout: 10_000 });

/**
 * sonner removes a closing toast 200 ms after it starts to close, from a timer that unmounting
 * does not clear. A file whose last test ends with a toast on screen waits that long before its
 * jsdom is torn down: the timer would otherwise fire without a `window` and fail the run.
 */
const SONNER_REMOVAL_MS = 200;
let toastOnScreenAtEnd = false;

afterEach(() => {
  toastOnScreenAtEnd =
    typeof document !== 'undefined' && document.querySelector('[data-sonner-toast]') !== null;
  cleanup();
});

afterAll(async () => {
  if (toastOnScreenAtEnd) await new Promise((done) => setTimeout(done, SONNER_REMOVAL_MS + 50));
});

/** Installs `value` as `name` on `target` where jsdom does not provide it. */
function provide(target: object, name: string, value: unknown): void {
  if (typeof Reflect.get(target, name) !== 'function') {
    Object.defineProperty(target, name, { value, configurable: true, writable: true });
  }
}

// jsdom lacks a few browser APIs that Radix primitives and responsive hooks touch.
if (typeof window !== 'undefined') {
  provide(window, 'matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
  // jsdom's scrollTo only logs an error (it does no layout); ScrollRestoration calls it.
  Object.defineProperty(window, 'scrollTo', { value: () => undefined, configurable: true });
  provide(window.HTMLElement.prototype, 'scrollIntoView', () => undefined);
  provide(window.HTMLElement.prototype, 'hasPointerCapture', () => false);
  provide(window.HTMLElement.prototype, 'releasePointerCapture', () => undefined);
  provide(
    globalThis,
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

// Screens open the realtime socket (the Messages badge on every page): by default it stays
// connecting, quietly. Tests that play the server drive `FakeSocket.latest()`.
if (typeof window !== 'undefined') {
  Object.defineProperty(globalThis, 'WebSocket', {
    value: FakeSocket,
    configurable: true,
    writable: true,
  });
  afterEach(() => {
    FakeSocket.reset();
  });
}
