import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, fund, type Session, type TestApp } from '../../../test/helpers';
import { checkInvariant, userBalances } from '../../ledger/ledger';
import { decide, operatorToken } from '../identity/testing';
import { depositWithReceipt, FUND_PASSWORD, moneyUser } from './testing';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t);
});
afterAll(() => t.close());

/** The only answers a parallel burst may produce besides success. */
const CONTENTION_KEYS = new Set([
  'fund_operation_busy',
  'pending_review',
  'balance_insufficient',
  'too_frequent',
]);

async function yenMovedOut(userId: number): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('exchanges')
    .select('from_minor')
    .where('user_id', '=', userId)
    .where('from_currency', '=', 'JPY')
    .execute();
  return rows.reduce((sum, r) => sum + r.from_minor, 0);
}

describe('parallel money requests of one user', () => {
  it('never overdraw, never leave two withdrawals pending, and keep the ledger balanced', async () => {
    const { session, cardId } = await moneyUser(t, token);
    const funded = 200_000;
    await fund(t.ctx, session.userId, 'JPY', funded);
    const burst = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0
        ? api(
            t.app,
            '/user/withdraw',
            { amount: '40000', card_id: cardId, fund_password: FUND_PASSWORD },
            { session },
          )
        : api(
            t.app,
            '/user/exchange',
            { from: 'JPY', to: 'USD', amount: '45000', fund_password: FUND_PASSWORD },
            { session },
          ),
    );
    const answers = await Promise.all(burst);
    for (const answer of answers) {
      if (answer.status === 0) expect(CONTENTION_KEYS).toContain(answer.msg);
      expect(answer.httpStatus).toBe(200);
    }
    expect(answers.some((a) => a.status === 1)).toBe(true);

    const balances = await userBalances(t.ctx.db, session.userId);
    expect(balances.JPY.available).toBeGreaterThanOrEqual(0);
    expect(balances.USD.available).toBeGreaterThanOrEqual(0);
    const pending = await t.ctx.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('user_id', '=', session.userId)
      .where('state', '=', 'pending')
      .execute();
    expect(pending.length).toBeLessThanOrEqual(1);
    expect(balances.JPY.frozen.withdrawal).toBe(pending.reduce((s, w) => s + w.amount_minor, 0));
    // Every yen is somewhere: available, frozen for the withdrawal, or exchanged.
    expect(
      balances.JPY.available + balances.JPY.frozen.withdrawal + (await yenMovedOut(session.userId)),
    ).toBe(funded);
    expect(await checkInvariant(t.ctx.db)).toMatchObject({ ok: true });
  });

  it('keeps several users’ balances apart under parallel load', async () => {
    const users = await Promise.all([moneyUser(t, token), moneyUser(t, token), moneyUser(t, token)]);
    for (const u of users) await fund(t.ctx, u.session.userId, 'JPY', 100_000);
    const answers = await Promise.all(
      users.flatMap(({ session, cardId }) => [
        api(
          t.app,
          '/user/exchange',
          { from: 'JPY', to: 'CNY', amount: '60000', fund_password: FUND_PASSWORD },
          { session },
        ),
        api(
          t.app,
          '/user/exchange',
          { from: 'JPY', to: 'CNY', amount: '60000', fund_password: FUND_PASSWORD },
          { session },
        ),
        api(
          t.app,
          '/user/withdraw',
          { amount: '30000', card_id: cardId, fund_password: FUND_PASSWORD },
          { session },
        ),
      ]),
    );
    for (const answer of answers) if (answer.status === 0) expect(CONTENTION_KEYS).toContain(answer.msg);
    for (const { session } of users) {
      const b = await userBalances(t.ctx.db, session.userId);
      expect(b.JPY.available + b.JPY.frozen.withdrawal + (await yenMovedOut(session.userId))).toBe(100_000);
      expect(b.JPY.available).toBeGreaterThanOrEqual(0);
    }
    expect(await checkInvariant(t.ctx.db)).toMatchObject({ ok: true });
  });
});

type Step =
  | { kind: 'deposit'; yen: number; approve: boolean }
  | { kind: 'withdraw'; yen: number; approve: boolean }
  | { kind: 'exchange'; yen: number };

/** SPEC §0.2 as a property: any sequence of money calls and reviews keeps the ledger whole. */
describe('money calls in any order', () => {
  it('keep the ledger balanced and the balances equal to what the user did', async () => {
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('deposit' as const),
        yen: fc.integer({ min: 1_000, max: 400_000 }),
        approve: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('withdraw' as const),
        yen: fc.integer({ min: 30_000, max: 200_000 }),
        approve: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('exchange' as const), yen: fc.integer({ min: 100, max: 150_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 6 }), async (steps) => {
        const { session, cardId }: { session: Session; cardId: number } = await moneyUser(t, token);
        let expectedYen = 0;
        for (const s of steps) {
          if (s.kind === 'deposit') {
            const res = await depositWithReceipt<{ id: number }>(t.app, session, {
              channel: 'bank',
              amount: String(s.yen),
            });
            expect(res.status).toBe(1);
            expect(
              await decide(
                t,
                token,
                'deposit',
                res.data.id,
                s.approve ? 'approve' : 'reject',
                'property test',
              ),
            ).toBe(200);
            if (s.approve) expectedYen += s.yen;
          } else if (s.kind === 'withdraw') {
            const res = await api<{ id: number }>(
              t.app,
              '/user/withdraw',
              { amount: String(s.yen), card_id: cardId, fund_password: FUND_PASSWORD },
              { session },
            );
            if (s.yen > expectedYen) {
              expect(res.msg).toBe('balance_insufficient');
              continue;
            }
            expect(res.status).toBe(1);
            expect(
              await decide(
                t,
                token,
                'withdrawal',
                res.data.id,
                s.approve ? 'approve' : 'reject',
                'property test',
              ),
            ).toBe(200);
            if (s.approve) expectedYen -= s.yen;
          } else {
            const res = await api(
              t.app,
              '/user/exchange',
              { from: 'JPY', to: 'USD', amount: String(s.yen), fund_password: FUND_PASSWORD },
              { session },
            );
            if (s.yen > expectedYen) expect(res.msg).toBe('balance_insufficient');
            else if (res.status === 1) expectedYen -= s.yen;
            else expect(res.msg).toBe('amount_below_min');
          }
        }
        const balances = await userBalances(t.ctx.db, session.userId);
        expect(balances.JPY.available).toBe(expectedYen);
        expect(balances.JPY.frozen.withdrawal).toBe(0);
        expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
      }),
      { numRuns: 4 },
    );
  });
});
