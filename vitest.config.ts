import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's unit and integration tests (CONVENTIONS.md, "Three tiers").
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'bench'],
  },
});
