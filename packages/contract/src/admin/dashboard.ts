import { z } from 'zod';
import { defineAdminCall, zIso } from './define';

const zInvariant = z.object({ ok: z.boolean(), report: z.unknown(), checkedAt: zIso });

const zFlow = z.object({ currency: z.string(), count: z.number().int(), amount: z.string() });

export const zDashboard = z.object({
  now: zIso,
  queues: z.array(
    z.object({
      kind: z.string(),
      pending: z.number().int(),
      oldestCreatedAt: zIso.nullable(),
      oldestDueAt: zIso.nullable(),
      overdue: z.number().int(),
    }),
  ),
  today: z.object({
    since: zIso,
    deposits: z.array(zFlow),
    withdrawals: z.array(zFlow),
    orders: z.number().int(),
  }),
  house: z.array(z.object({ account: z.string(), currency: z.string(), balance: z.string() })),
  invariant: zInvariant.nullable(),
});
export type DashboardView = z.infer<typeof zDashboard>;

export const dashboard = defineAdminCall({
  method: 'GET',
  path: '/api/admin/dashboard',
  need: 'view',
  summary:
    "Queue lengths and ages against their promises, today's deposits, withdrawals and orders, house balances, the last ledger check",
  response: () => zDashboard,
});

export const invariantCheck = defineAdminCall({
  method: 'POST',
  path: '/api/admin/invariant/check',
  need: 'admin',
  summary: 'Run the ledger invariant check now and keep its result',
  response: () => zInvariant,
});
