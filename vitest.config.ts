import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's unit and integration tests (CONVENTIONS.md, "Three tiers").
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'bench'],
    // Vitest's default is one worker fewer than the cores, one on a two-core machine; the files
    // spend much of their time waiting on the database and timers, so two keep both cores busy.
    maxWorkers: 2,
  },
});
