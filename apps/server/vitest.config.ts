import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Integration suites boot a database each; argon2 and migrations need more than the default.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
