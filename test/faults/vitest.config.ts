import { defineConfig } from 'vitest/config';

/**
 * The fault-injection suite (docs/reliability.md): real server processes under a bank workload,
 * with kills, lost database connections and stops; scenarios one after another.
 */
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
