import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, serveBuiltApp } from './static-files';

const SCRIPT = `console.log(${JSON.stringify('kabuto '.repeat(200))});`;
const HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'kabuto-static-'));
  mkdirSync(path.join(root, 'assets'));
  const files: Record<string, string> = { 'index.html': HTML, 'assets/index-AbC123.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(root, name), text);
    writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(root, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await serveBuiltApp(app, root, '/');
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the built app is served', () => {
  it('sends the brotli file made at build time to a browser that accepts brotli', async () => {
    const res = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to a browser that accepts only gzip', async () => {
    const res = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year as immutable', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await app.inject({
        url: '/assets/index-AbC123.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    }
    expect(IMMUTABLE_CACHE).toBe('public, max-age=31536000, immutable');
  });

  it('makes the browser revalidate index.html, whichever way it is asked for', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(HTML);
    }
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(HTML);
  });

  it('revalidates files whose names carry no hash', async () => {
    const res = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
  });
});

describe('the back office beside the investor app', () => {
  it('is served under /admin/ the same way: pre-compressed, hashed assets cached for a year', async () => {
    const adminRoot = mkdtempSync(path.join(tmpdir(), 'kabuto-static-admin-'));
    mkdirSync(path.join(adminRoot, 'assets'));
    writeFileSync(path.join(adminRoot, 'index.html'), HTML);
    writeFileSync(path.join(adminRoot, 'assets/index-Adm1n.js'), SCRIPT);
    writeFileSync(path.join(adminRoot, 'assets/index-Adm1n.js.br'), brotliCompressSync(SCRIPT));
    const both = Fastify();
    try {
      await serveBuiltApp(both, adminRoot, '/admin/');
      await serveBuiltApp(both, root, '/');
      const asset = await both.inject({
        url: '/admin/assets/index-Adm1n.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE);
      const page = await both.inject({ url: '/admin/' });
      expect(page.headers['cache-control']).toBe(REVALIDATE_CACHE);
      expect((await both.inject({ url: '/' })).statusCode).toBe(200);
    } finally {
      await both.close();
      rmSync(adminRoot, { recursive: true, force: true });
    }
  });
});
