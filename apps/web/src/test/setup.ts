import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { FakeSocket } from '../api/realtime-test-socket.ts';

// Pages are lazy routes: the first visit of each compiles its module, which can take a moment.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
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
