import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** The investor app's own React 19 (the workspace root hoists React 18 for an older peer range). */
const WEB_MODULES = path.resolve(import.meta.dirname, 'apps/web/node_modules');

/**
 * One config for unit, property and integration tests (node) and the investor app's component
 * tests (jsdom). The PostgreSQL run sets KABUTO_TEST_DATABASE_URL and runs apps/server only
 * (scripts/test.mjs).
 */
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    testTimeout: 30_000,
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
          alias: [
            { find: /^react$/, replacement: `${WEB_MODULES}/react/index.js` },
            { find: /^react\/(.*)$/, replacement: `${WEB_MODULES}/react/$1` },
            { find: /^react-dom$/, replacement: `${WEB_MODULES}/react-dom/index.js` },
            { find: /^react-dom\/(.*)$/, replacement: `${WEB_MODULES}/react-dom/$1` },
            // Its ES build, so its React imports go through the aliases too.
            {
              find: /^@testing-library\/react$/,
              replacement: path.resolve(
                import.meta.dirname,
                'node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
              ),
            },
          ],
          // ES builds (the `module` field) of libraries that ship both, for the same reason.
          mainFields: ['module', 'main'],
        },
        test: {
          name: 'web components',
          // Libraries that import React go through the aliases above, so everything uses one React.
          server: { deps: { inline: true } },
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
