import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed build output (Vite's `assets/`): the name changes with the content, so it never goes stale. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon): the browser revalidates before each use. */
export const REVALIDATE_CACHE = 'no-cache';

/** Whether a served file is a content-hashed build asset (compressed variants included). */
export function isHashedAsset(root: string, file: string): boolean {
  const relative = path.relative(root, file).split(path.sep);
  return relative.length > 1 && relative[0] === 'assets';
}

/**
 * Serves a built front end: the brotli or gzip file made at build time when the browser accepts
 * it (`index.js.br` beside `index.js`), hashed assets cached for a year, the rest revalidated.
 */
export async function serveBuiltApp(app: FastifyInstance, root: string, prefix: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', isHashedAsset(root, file) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
}
