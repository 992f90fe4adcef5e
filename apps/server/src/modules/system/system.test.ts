import { API, admin } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from '../../../test/helpers';

const METRICS_TOKEN = 'scrape-secret-1234';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { kefu: 'https://support.example/chat', metricsToken: METRICS_TOKEN } });
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

describe("the server's clock on every answer", () => {
  it("sends the injected clock's time, so deadlines count on the server's time, not the phone's", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vue/common/config', payload: {} });
    expect(res.headers['x-server-time']).toBe(String(t.clock.now().getTime()));
    t.clock.advance(60_000);
    const later = await t.app.inject({ method: 'POST', url: '/api/vue/user/getUserinfo', payload: {} });
    expect(later.statusCode).toBe(401);
    expect(later.headers['x-server-time']).toBe(String(t.clock.now().getTime()));
  });
});

describe('operations endpoints', () => {
  it('answers /healthz with its state only, not what the database is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', databaseState: 'up' });
  });

  it('exposes Prometheus metrics including request durations to a holder of METRICS_TOKEN', async () => {
    await api(t.app, '/common/config');
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('kabuto_http_request_seconds');
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('refuses /metrics without the token or with a wrong one', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Basic ${METRICS_TOKEN}`,
      METRICS_TOKEN,
      'Bearer ',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('process_cpu_seconds_total');
    }
  });

  it('does not serve /metrics at all when METRICS_TOKEN is not set', async () => {
    const open = await createTestApp();
    try {
      const res = await open.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('process_cpu_seconds_total');
    } finally {
      await open.close();
    }
  });

  it('documents every investor call in the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = res.json() as {
      openapi: string;
      paths: Record<
        string,
        {
          post?: {
            requestBody?: { content: Record<string, { schema: unknown }> };
            responses?: Record<string, { content?: Record<string, { schema: unknown }> }>;
          };
        }
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const call of Object.values(API)) {
      const operation = doc.paths[`/api/vue${call.path}`]?.post;
      expect(operation?.requestBody?.content, call.path).toBeTruthy();
      // The answer's schema, generated from the contract: the envelope with the call's data.
      const answer = JSON.stringify(operation?.responses?.['200']?.content?.['application/json']?.schema);
      expect(answer, call.path).toContain('"data"');
    }
    for (const path of ['/api/admin/login', '/api/admin/reviews', '/healthz', '/metrics', '/api/ws']) {
      expect(doc.paths[path], path).toBeTruthy();
    }
  });

  it('documents every back-office call with its input, its answer and its refusal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    type Operation = {
      responses?: Record<string, { content?: Record<string, { schema: unknown }> }>;
    };
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    // Every call but clock travel, which a node has only when started with it (SPEC §9).
    const calls = admin.adminCalls().filter((call) => !call.path.startsWith('/api/admin/clock/'));
    expect(calls.length).toBeGreaterThan(50);
    for (const call of calls) {
      expect(t.app.hasRoute({ method: call.method, url: call.path }), call.path).toBe(true);
      const path = call.path.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[call.method.toLowerCase()];
      expect(operation, `${call.method} ${path}`).toBeTruthy();
      const schema = (code: string) =>
        JSON.stringify(operation?.responses?.[code]?.content?.['application/json']?.schema ?? null);
      expect(schema('4XX'), `${call.method} ${path}`).toContain('"error"');
      // A call that answers JSON documents its answer; one that answers a file has none.
      if (call.response) expect(schema('200'), `${call.method} ${path}`).not.toBe('null');
    }
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
