import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // A screen's test renders the app under jsdom, which on a loaded two-core machine (the server
    // suite beside it) has taken over Vitest's 5 s for tests that take under one alone. A test
    // that truly hangs still fails, at 15 s.
    testTimeout: 15_000,
  },
});
