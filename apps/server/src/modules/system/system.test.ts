import { API } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { kefu: 'https://support.example/chat' } });
});
afterAll(async () => {
  await t.close();
});

describe('public configuration', () => {
  it('serves kefu, logo, title and every client setting as name/value strings', async () => {
    const res = await api<Array<{ name: string; value: string }>>(t.app, '/common/config', { type: 'all' });
    expect(res.status).toBe(1);
    const config = Object.fromEntries(res.data.map((p) => [p.name, p.value]));
    expect(config).toMatchObject({
      kefu: 'https://support.example/chat',
      title: 'Kabuto',
      leverageChoices: '1,2,3,5,10',
      toastMs: '2000',
    });
    expect(config.logo).toBeTruthy();
    expect(JSON.parse(config.withdrawMinMinor!)).toMatchObject({ JPY: 30_000 });
    for (const pair of res.data) expect(typeof pair.value).toBe('string');
  });
});

describe('operations endpoints', () => {
  it('answers /healthz with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('exposes Prometheus metrics including request durations', async () => {
    await api(t.app, '/common/config');
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('kabuto_http_request_seconds');
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('documents every investor call in the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, { post?: { requestBody?: unknown } }>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const call of Object.values(API)) {
      expect(doc.paths[`/api/vue${call.path}`]?.post?.requestBody, call.path).toBeTruthy();
    }
    expect(doc.paths['/api/admin/login']).toBeTruthy();
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('the envelope', () => {
  it('answers not_found with HTTP 404 for an unknown investor call', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vue/no/such/call', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 0, msg: 'not_found' });
  });

  it('answers bad_request, not a 500, to a body over the size limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 0, msg: 'bad_request' });
  });

  it('answers bad_request to an unsupported content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 0, msg: 'bad_request' });
  });
});

describe('the per-address limit', () => {
  it('counts API calls only, not pages, files or health checks', async () => {
    const limited = await createTestApp({ config: { rateLimitPerMinute: 2 } });
    try {
      for (let i = 0; i < 4; i++) {
        expect((await limited.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      }
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await api(limited.app, '/common/config'));
      expect(answers.map((a) => a.httpStatus)).toEqual([200, 200, 429]);
      expect(answers[2]).toMatchObject({ status: 0, msg: 'too_frequent' });
    } finally {
      await limited.close();
    }
  });
});
