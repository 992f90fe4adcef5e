import { admin } from '@kabuto/contract';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminCall, backofficeCalls, refuseAdmin } from './http';

/** A signed-out call (no role to check), so a bare app can register it. */
const echo = admin.defineAdminCall({
  method: 'POST',
  path: '/api/admin/test/echo',
  summary: 'test',
  body: () => z.object({ n: z.number().int() }),
  response: () => z.object({ n: z.number().int() }),
});

async function appWith(handler: Parameters<typeof adminCall<typeof echo>>[2], faults: string[] = []) {
  // Faults the app logs (an error thrown after the answer was sent is only logged).
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => faults.push(line) } } });
  // As app.ts: requests checked by their zod schemas, answers sent as plain JSON (their schemas
  // only document them).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  adminCall(app, echo, handler);
  await app.ready();
  return app;
}

describe('adminCall', () => {
  it('answers what the handler answers when it keeps the contract', async () => {
    const app = await appWith(async ({ body }) => ({ n: body.n }));
    const res = await app.inject({ method: 'POST', url: echo.path, payload: { n: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: 2 });
  });

  it('names the wrong field of the input, and answers a refusal with its status and key', async () => {
    const app = await appWith(async ({ body }) => (body.n < 0 ? refuseAdmin(409, 'negative', 'n') : body));
    const bad = await app.inject({ method: 'POST', url: echo.path, payload: { n: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'bad_request', field: 'n' });
    const refused = await app.inject({ method: 'POST', url: echo.path, payload: { n: -1 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'negative', field: 'n' });
  });

  it('turns an answer that breaks the contract into a fault', async () => {
    const app = await appWith(async () => ({ n: 'two' }) as unknown as { n: number });
    const res = await app.inject({ method: 'POST', url: echo.path, payload: { n: 2 } });
    expect(res.statusCode).toBe(500);
  });

  it('leaves an answer the handler sent itself alone, with no fault logged', async () => {
    const faults: string[] = [];
    const app = await appWith(
      async ({ body, reply }) => (body.n < 0 ? reply.code(401).send({ error: 'refused' }) : body),
      faults,
    );
    const res = await app.inject({ method: 'POST', url: echo.path, payload: { n: -1 } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'refused' });
    expect(faults).toEqual([]);
  });

  it('keeps each app’s guarded calls to that app, for a process that builds several', async () => {
    const guarded = (path: string) =>
      admin.defineAdminCall({ method: 'GET', path, summary: path, need: 'view' });
    const one = Fastify();
    const two = Fastify();
    // Registered from a plugin of its own, as the modules do: the call is still the app's.
    await one.register(async (child) => adminCall(child, guarded('/api/admin/test/one'), async () => ({})));
    adminCall(two, guarded('/api/admin/test/two'), async () => ({}));
    expect(backofficeCalls(one).map((c) => c.url)).toEqual(['/api/admin/test/one']);
    expect(backofficeCalls(two).map((c) => c.url)).toEqual(['/api/admin/test/two']);
    expect(backofficeCalls(Fastify())).toEqual([]);
  });
});
