import { defineConfig } from 'vitest/config';

/** Browser journeys: one server for the run, journeys one after another. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A screen waited for with expect.poll gets as long as a person would wait, not Vitest's 1 s:
    // the journeys share two cores with the other suites (and each other), and a first load in a
    // fresh browser context can take seconds.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
