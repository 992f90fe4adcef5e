import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

const METRICS_TOKEN = 'scrape-secret-1234';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: METRICS_TOKEN } });
});
afterAll(async () => {
  await t.close();
});

const config = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vue/common/config',
    headers: {
      'content-type': 'application/json',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    payload: JSON.stringify({ type: 'all' }),
  });

describe('API answers are compressed when the client asks', () => {
  it('answers brotli to a browser that accepts it, the same JSON once decompressed', async () => {
    const plain = await config();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const res = await config('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = brotliDecompressSync(res.rawPayload).toString();
    expect(res.rawPayload.length).toBeLessThan(body.length);
    expect(JSON.parse(body)).toEqual(plain.json());
  });

  it('answers gzip to a client that accepts only gzip, and plain JSON to one that asks for none', async () => {
    const gzip = await config('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toMatchObject({ status: 1 });
    const identity = await config('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toMatchObject({ status: 1 });
  });

  it('leaves routes outside the API as they are (the built app sends its own pre-compressed files)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
