import { defineConfig } from 'vitest/config';

/**
 * The system tier: each file starts the real server as a child process (`npm start`, SIGTERM and
 * SIGKILL, memory under hostile pictures, backup and restore, first use) and takes seconds to
 * tens of seconds. `npm test` leaves them out; `npm run test:system` and CI run them.
 */
export default defineConfig({
  test: {
    name: 'system',
    root: import.meta.dirname,
    include: ['test/system/**/*.test.ts'],
    // Two files would time each other's processes (image-budget reads latency and memory).
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
