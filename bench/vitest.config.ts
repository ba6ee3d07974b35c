import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    include: ['src/**/*.test.ts'],
    // A seeded database per test: migrations and COPY take a few seconds on PGlite.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
