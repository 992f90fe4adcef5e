import { defineConfig } from 'vitest/config';

/**
 * One config for unit, property and integration tests. The PostgreSQL run sets
 * KABUTO_TEST_DATABASE_URL and runs apps/server only (scripts/test.mjs).
 */
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    fileParallelism: true,
  },
});
