import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** Where the API server listens during development; KABUTO_API_TARGET overrides. */
const API_TARGET = process.env.KABUTO_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // Relative asset paths: the server mounts the built app at /admin/.
  base: './',
  plugins: [
    react(),
    // Brotli and gzip beside every text asset, served as they are by the server (as the investor app).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|js|css|svg|json)$/,
      skipIfLargerOrEqual: true,
    }),
  ],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: { proxy: { '/api': { target: API_TARGET, changeOrigin: true } } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2500 },
});
