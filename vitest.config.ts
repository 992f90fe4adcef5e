import path from 'node:path';
import { defineConfig } from 'vitest/config';

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
 * One config for unit, property and integration tests (node) and the component tests of the
 * investor app and the back office (jsdom). The PostgreSQL run sets KABUTO_TEST_DATABASE_URL and runs apps/server only
 * (scripts/test.mjs).
 */
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    // A test may start a node of its own (a fresh embedded database, about 5 s idle): on the two
    // cores the suite shares with the browser journeys it gets the hook's allowance.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'apps/*/test/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        // Components of the investor app, rendered in jsdom with Testing Library.
        extends: true,
        resolve: {
          alias: reactOf(WEB_MODULES),
          // ES builds (the `module` field) of libraries that ship both, for the same reason.
          mainFields: ['module', 'main'],
        },
        test: {
          name: 'web components',
          // Libraries that import React go through the aliases above, so everything uses one React.
          server: { deps: { inline: true } },
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/jsdom.ts', 'apps/web/src/test/setup.ts'],
        },
      },
      {
        // Pages of the back office, rendered in jsdom with Testing Library.
        extends: true,
        resolve: { alias: reactOf(ADMIN_MODULES), mainFields: ['module', 'main'] },
        test: {
          name: 'admin components',
          server: { deps: { inline: true } },
          include: ['apps/admin/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/jsdom.ts', 'apps/admin/src/test/setup.ts'],
        },
      },
    ],
  },
});
