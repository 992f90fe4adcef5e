import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fund, registerUser, type TestApp } from '../../../test/helpers';
import { checkInvariant } from '../../ledger/ledger';
import { OPERATOR_ROLES, type OperatorRole, ROLE_CAN } from '../admin/port';
import { modules } from '../index';
import { type BackofficeCall, backofficeCalls } from './http';
import { adminApi, operatorAs } from './testing';

/**
 * SPEC §9 roles: every back-office call checks the operator's role on the server. The matrix
 * is every call (those this module registers, plus the review queue and the file route) × every
 * role; a role without the capability is refused with 403, one with it is let past the check.
 */
const EXISTING_CALLS: BackofficeCall[] = [
  { method: 'GET', url: '/api/admin/reviews', need: 'review', summary: 'review queue' },
  { method: 'POST', url: '/api/admin/reviews/:kind/:id/:decision', need: 'review', summary: 'decide' },
  { method: 'GET', url: '/api/admin/files/:id', need: 'review', summary: 'review images' },
];

/** Every route the app registers, seen by a first feature's onRoute hook. */
const registered: Array<{ method: string; url: string }> = [];
const routeCollector = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') registered.push({ method, url: route.url });
  });
});

const LOGOUT = '/api/admin/logout';
let t: TestApp;
const tokens = {} as Record<OperatorRole, string>;
let userId: number;

beforeAll(async () => {
  t = await createTestApp({ modules: [routeCollector, ...modules] });
  for (const role of OPERATOR_ROLES)
    tokens[role] = await operatorAs(t, role === 'admin' ? 'admin' : `op-${role}`, role);
  userId = (await registerUser(t.app)).userId;
});
afterAll(async () => {
  await t.close();
});

const concrete = (url: string) =>
  url.replace(':id', String(userId)).replace(':kind', 'deposit').replace(':decision', 'approve');

describe('back-office roles', () => {
  it('lists every /api/admin route in the role matrix', () => {
    const inMatrix = new Set(
      [...backofficeCalls(t.app), ...EXISTING_CALLS].map((c) => `${c.method} ${c.url}`),
    );
    const adminPaths = registered
      .filter((r) => r.url.startsWith('/api/admin/') && r.url !== '/api/admin/login')
      .map((r) => `${r.method} ${r.url}`);
    expect(adminPaths.length).toBeGreaterThan(20);
    for (const path of adminPaths) expect(inMatrix, path).toContain(path);
  });

  it('documents every back-office call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const call of backofficeCalls(t.app)) {
      const path = call.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[call.method.toLowerCase()], `${call.method} ${path}`).toBeDefined();
    }
  });

  // Signing out ends the session the matrix uses; it is checked on its own below.
  const matrix = () => [...backofficeCalls(t.app), ...EXISTING_CALLS].filter((c) => c.url !== LOGOUT);

  for (const role of OPERATOR_ROLES) {
    it(`refuses the ${role} role every call it may not make, and lets it make the others`, async () => {
      for (const call of matrix()) {
        const res = await adminApi(
          t,
          tokens[role],
          call.method,
          concrete(call.url),
          call.method === 'POST' ? {} : undefined,
        );
        if (ROLE_CAN[role].has(call.need))
          expect(res.status, `${role} ${call.method} ${call.url}`).not.toBe(403);
        else expect(res.status, `${role} ${call.method} ${call.url}`).toBe(403);
        expect(res.status, `${role} ${call.method} ${call.url}`).toBeLessThan(500);
      }
    });
  }

  it('lets every role sign out, which ends that session only', async () => {
    expect(backofficeCalls(t.app).find((c) => c.url === LOGOUT)?.need).toBe('view');
    for (const role of OPERATOR_ROLES) {
      const token = await operatorAs(t, role === 'admin' ? 'admin' : `op-${role}`, role);
      expect((await adminApi(t, token, 'POST', LOGOUT)).status).toBe(200);
      expect((await adminApi(t, token, 'GET', '/api/admin/me')).status).toBe(401);
      expect((await adminApi(t, tokens[role], 'GET', '/api/admin/me')).status).toBe(200);
    }
  });

  it('refuses every call without a session or with an ended one', async () => {
    for (const call of [...backofficeCalls(t.app), ...EXISTING_CALLS]) {
      expect((await adminApi(t, null, call.method, concrete(call.url))).status).toBe(401);
      expect((await adminApi(t, 'not-a-token', call.method, concrete(call.url))).status).toBe(401);
    }
  });

  it('changes no balance except through a ledger transaction, whatever a call is sent', async () => {
    await fund(t.ctx, userId, 'JPY', 500_000);
    const before = await t.ctx.db.selectFrom('ledger_transactions').select('id').execute();
    const balanceBefore = await t.ctx.db
      .selectFrom('ledger_accounts')
      .select(['id', 'balance_minor'])
      .where('user_id', '=', userId)
      .execute();
    const hostile = {
      balance_minor: 999_999,
      balance: '999999',
      available: '999999',
      amount: '100',
      currency: 'JPY',
      direction: 'credit',
      reason: 'probe',
      frozen: true,
      value: 1,
      name: 'feeRateBps',
    };
    for (const call of matrix()) {
      if (call.method !== 'POST') continue;
      await adminApi(t, tokens.admin, 'POST', concrete(call.url), hostile);
      // A body that tries to pollute prototypes, sent as raw JSON so the key survives.
      await t.app.inject({
        method: 'POST',
        url: concrete(call.url),
        headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
        payload: `{"__proto__":{"balance_minor":1},"constructor":{"prototype":{"x":1}},"reason":"probe"}`,
      });
    }
    // The only new ledger transactions are adjustments, and each balance moved exactly by its postings.
    const created = await t.ctx.db
      .selectFrom('ledger_transactions')
      .select(['id', 'kind'])
      .where(
        'id',
        'not in',
        before.map((r) => r.id),
      )
      .execute();
    expect(created.map((r) => r.kind).every((k) => k === 'adjustment')).toBe(true);
    const report = await checkInvariant(t.ctx.db);
    expect(report.driftedAccounts).toEqual([]);
    expect(report.ok).toBe(true);
    const after = await t.ctx.db
      .selectFrom('ledger_accounts')
      .select(['id', 'balance_minor'])
      .where('user_id', '=', userId)
      .execute();
    const moved =
      after.reduce((sum, a) => sum + a.balance_minor, 0) -
      balanceBefore.reduce((s, a) => s + a.balance_minor, 0);
    const posted = await t.ctx.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('p.amount_minor'), eb.lit(0)).as('total'))
      .where('a.user_id', '=', userId)
      .where('p.transaction_id', 'in', created.length ? created.map((r) => r.id) : [0])
      .executeTakeFirstOrThrow();
    expect(moved).toBe(Number(posted.total));
  });
});
