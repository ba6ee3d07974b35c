import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The server as a process of its own (start, signals, memory, backups): `npm run test:system`.
    exclude: ['test/system/**'],
    globalSetup: ['./test/global-setup.ts'],
    // Integration suites boot a database each; argon2 and migrations need more than the default.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
