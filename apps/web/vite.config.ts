import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the API server listens during development (SPEC §11: PORT defaults to 3000); KABUTO_API_TARGET overrides. */
const API_TARGET = process.env.KABUTO_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // Relative asset paths: the built app works wherever the server mounts it.
  base: './',
  plugins: [react()],
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
  },
});
