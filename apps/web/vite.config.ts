import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** Where the API server listens during development (SPEC §11: PORT defaults to 3000); KABUTO_API_TARGET overrides. */
const API_TARGET = process.env.KABUTO_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // Relative asset paths: the built app works wherever the server mounts it.
  base: './',
  plugins: [
    react(),
    // Brotli and gzip files beside every text asset, served as they are by the server
    // (@fastify/static preCompressed): compressed once at the highest levels, not per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|js|css|svg|json|webmanifest)$/,
      skipIfLargerOrEqual: true,
    }),
    // The installable app (SPEC §13.3): src/sw.ts with the shell's file list written in. The
    // manifests are public/manifest.<language>.webmanifest, one per language (main.tsx links the
    // reader's); the worker is registered by the app (src/app/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The compressed twins are the same files; the build's own manifest is for the benchmark.
        globIgnores: ['**/*.br', '**/*.gz', '.vite/**', 'sw.js'],
      },
    }),
  ],
  resolve: {
    // The workspace root hoists React 18 for an older peer range; the app must use exactly one React (19).
    dedupe: ['react', 'react-dom'],
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    modulePreload: {
      // Browsers the app supports preload modules natively (Chromium, Safari 17+, Firefox 115+):
      // no polyfill in the first screen's code.
      polyfill: false,
      // index.html preloads what the entry imports. A screen loaded later asks for its own
      // stylesheets but not for a preload link per module: the browser follows the imports
      // itself, and sixty links made one by one on the main thread cost more than they save.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // .vite/manifest.json: which files each screen loads (bench/initial-load.ts measures the first screen).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // The animation library of antd-mobile's overlays (toast, popup, dialog) in a chunk of
          // its own, so the first screen does not preload it along with shared helpers.
          groups: [
            { name: 'react-spring', test: /node_modules[\\/]@react-spring[\\/]/ },
            {
              name: 'toast',
              test: /node_modules[\\/]antd-mobile[\\/]es[\\/](components[\\/](toast|mask|spin-loading|auto-center)|utils[\\/]reduce-and-restore-motion)/,
            },
          ],
        },
      },
    },
  },
});
