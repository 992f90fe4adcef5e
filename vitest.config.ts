import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** How long a test or a hook may take before it counts as hung. */
const TEST_TIMEOUT_MS = Number(process.env.KABUTO_TEST_TIMEOUT_MS ?? 60_000);

/** The investor app's own React 19 (the workspace root hoists React 18 for an older peer range). */
const WEB_MODULES = path.resolve(import.meta.dirname, 'apps/web/node_modules');
/** The back office's own React 19, for the same reason. */
const ADMIN_MODULES = path.resolve(import.meta.dirname, 'apps/admin/node_modules');

/** Everything that imports React goes through one app's copy of it. */
const reactOf = (modules: string) => [
  { find: /^react$/, replacement: `${modules}/react/index.js` },
  { find: /^react\/(.*)$/, replacement: `${modules}/react/$1` },
  { find: /^react-dom$/, replacement: `${modules}/react-dom/index.js` },
  { find: /^react-dom\/(.*)$/, replacement: `${modules}/react-dom/$1` },
  // Its ES build, so its React imports go through the aliases too.
  {
    find: /^@testing-library\/react$/,
    replacement: path.resolve(
      import.meta.dirname,
      'node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
    ),
  },
];

/**
 * The investor app's component tests that replace a module (`vi.mock`) or the clock
 * (`vi.useFakeTimers`), or say they need it (`own module graph`, e.g. a test that waits for an
 * antd-mobile animation to end: its frame loop outlives a file's window): they run each in a
 * module graph of its own, since a module another file already loaded would keep its real
 * exports, and a timer set on a fake clock never fires. The
 * others share their worker's module graph and document (`isolate: false`; apps/web/src/test/setup.ts
 * resets what a test may leave), which spares a fresh jsdom, antd-mobile and i18n import per file.
 */
const WEB_TESTS = 'apps/web/src';
const webMocking = readdirSync(WEB_TESTS, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.tsx'))
  .filter((file) =>
    /vi\.(mock|useFakeTimers)\(|own module graph/.test(readFileSync(path.join(WEB_TESTS, file), 'utf8')),
  )
  .map((file) => path.join(WEB_TESTS, file));

/** The investor app's component project, over `include`. */
const webComponents = (
  name: string,
  include: string[],
  options: { isolate: boolean; exclude?: string[] },
) => ({
  extends: true as const,
  resolve: {
    alias: reactOf(WEB_MODULES),
    // ES builds (the `module` field) of libraries that ship both, for the same reason.
    mainFields: ['module', 'main'],
  },
  test: {
    name,
    isolate: options.isolate,
    // Libraries that import React go through the aliases above, so everything uses one React.
    server: { deps: { inline: true as const } },
    include,
    exclude: ['**/node_modules/**', ...(options.exclude ?? [])],
    environment: 'jsdom' as const,
    setupFiles: ['test/jsdom.ts', 'apps/web/src/test/setup.ts'],
  },
});

/**
 * One config for unit, property and integration tests (node) and the component tests of the
 * investor app and the back office (jsdom). The PostgreSQL run sets KABUTO_TEST_DATABASE_URL and runs apps/server only
 * (scripts/test.mjs).
 */
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    // A test may start a node of its own (a fresh embedded database, about 5 s idle): on the two
    // cores the suite shares with the browser journeys it gets the hook's allowance. `npm test`
    // runs it at idle CPU priority beside the journeys and the fault suite, where it can wait
    // minutes for a core (scripts/test.mjs sets KABUTO_TEST_TIMEOUT_MS): a time-out there is for a
    // test that hangs, not one that waited its turn.
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    pool: 'forks',
    fileParallelism: true,
    projects: [
      {
        // The server's, the packages' and the benchmarks' tests share their worker's module graph
        // (`isolate: false`): each file still opens a fresh database and app of its own
        // (apps/server/test/helpers.ts), and importing the server's graph once per worker rather
        // than once per file takes about a third off the run (docs/benchmarks.md "Test suite").
        extends: true,
        test: {
          name: 'node',
          isolate: false,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        // Checks of the repository itself (the lint walls), with no database to set up.
        extends: true,
        test: { name: 'repository', include: ['test/*.test.ts'] },
      },
      {
        // The front ends' plain modules, each file in a module graph of its own: the two apps set
        // up i18next, a process-wide instance, each with its own texts.
        extends: true,
        test: {
          name: 'node (front-end modules)',
          include: ['apps/web/src/**/*.test.ts', 'apps/admin/src/**/*.test.ts'],
        },
      },
      // Components of the investor app, rendered in jsdom with Testing Library.
      webComponents('web components', ['apps/web/src/**/*.test.tsx'], {
        isolate: false,
        exclude: webMocking,
      }),
      webComponents('web components (own modules)', webMocking, { isolate: true }),
      {
        // Pages of the back office, rendered in jsdom with Testing Library.
        extends: true,
        resolve: { alias: reactOf(ADMIN_MODULES), mainFields: ['module', 'main'] },
        test: {
          name: 'admin components',
          // One worker for every page's file, as the investor app's components: a worker started
          // per file is one more wait for a core at idle priority, where Vitest gives a starting
          // worker 60 s (twice missed beside the journeys). Each file still renders into a fresh
          // document with its own query client and stubs, undone after it.
          isolate: false,
          server: { deps: { inline: true } },
          include: ['apps/admin/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/jsdom.ts', 'apps/admin/src/test/setup.ts'],
        },
      },
    ],
  },
});
