import { expect, it } from 'vitest';

import {
  isStaleBuildError,
  shouldReloadForStaleBuild,
  STALE_BUILD_RELOAD_KEY,
} from './stale-build.ts';

const gone = new Error('Failed to fetch dynamically imported module: /assets/offers-page-old.js');

function memory() {
  const store = new Map<string, string>();
  return {
    store,
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  };
}

it('reloads once for a page whose code is gone, and not again within the minute', () => {
  const storage = memory();
  expect(shouldReloadForStaleBuild(gone, storage, 1_000_000)).toBe(true);
  expect(storage.store.get(STALE_BUILD_RELOAD_KEY)).toBe('1000000');
  expect(shouldReloadForStaleBuild(gone, storage, 1_030_000)).toBe(false);
  expect(shouldReloadForStaleBuild(gone, storage, 1_061_000)).toBe(true);
});

it('never reloads for other errors, or without sessionStorage', () => {
  expect(shouldReloadForStaleBuild(new Error('Cannot read properties'), memory())).toBe(false);
  expect(shouldReloadForStaleBuild(gone, null)).toBe(false);
  const broken = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => undefined,
  };
  expect(shouldReloadForStaleBuild(gone, broken)).toBe(false);
});

it.each([
  ['Failed to fetch dynamically imported module: https://a/assets/x.js', true],
  ['Importing a module script failed.', true],
  ['error loading dynamically imported module', true],
  ['Cannot read properties of undefined', false],
])('isStaleBuildError(%s) is %s', (message, expected) => {
  expect(isStaleBuildError(new Error(message))).toBe(expected);
});
