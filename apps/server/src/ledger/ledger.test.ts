import { CURRENCIES } from '@kabuto/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, longTestTimeout, TEST_DATABASE_URL, type TestApp } from '../../test/helpers';
import { inTransaction } from '../db/database';
import { DomainError } from '../errors';
import {
  HoldNotHeld,
  placeHold,
  placeHolds,
  releaseHold,
  releaseHolds,
  settleHold,
  settleHolds,
} from './holds';
import {
  checkInvariant,
  HOUSE,
  HOUSE_ACCOUNTS,
  type PostingInput,
  postTransaction,
  postTransactions,
  userBalances,
} from './ledger';

/** The property test's operations, recorded under the ledger kinds they stand for. */
const LEDGER_KIND_OF = {
  transfer: 'adjustment',
  freeze: 'withdrawal_freeze',
  unfreeze: 'withdrawal_release',
} as const;

let t: TestApp;
const USERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

beforeAll(async () => {
  t = await createTestApp();
  // Ledger accounts need no user rows; ids stand for users here.
  for (const id of USERS) await depositTo(id, 1_000_000);
});
afterAll(async () => {
  await t.close();
});

/** A deposit from the house bank into a user's available funds. */
function depositTo(userId: number, amount: number) {
  return inTransaction(t.ctx.db, (trx) =>
    postTransaction(
      trx,
      {
        kind: 'deposit',
        userId,
        postings: [
          { userId: HOUSE, account: 'house:bank', currency: 'JPY', amountMinor: -amount },
          { userId, account: 'available', currency: 'JPY', amountMinor: amount },
        ],
      },
      t.clock.now(),
    ),
  );
}

/** Moves money between two users' available funds, or freezes/unfreezes it for an order. */
async function transfer(from: number, to: number, amount: number) {
  return inTransaction(t.ctx.db, (trx) =>
    postTransaction(
      trx,
      {
        kind: 'adjustment',
        userId: from,
        postings: [
          { userId: from, account: 'available', currency: 'JPY', amountMinor: -amount },
          { userId: to, account: 'available', currency: 'JPY', amountMinor: amount },
        ],
      },
      t.clock.now(),
    ),
  );
}

describe('posting', () => {
  it('refuses an unbalanced transaction and writes nothing', async () => {
    const before = await t.ctx.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      inTransaction(t.ctx.db, (trx) =>
        postTransaction(
          trx,
          {
            kind: 'adjustment',
            userId: 1,
            postings: [{ userId: 1, account: 'available', currency: 'JPY', amountMinor: 5 }],
          },
          t.clock.now(),
        ),
      ),
    ).rejects.toThrow();
    const after = await t.ctx.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses to take a user below zero with balance_insufficient and changes nothing', async () => {
    const before = await userBalances(t.ctx.db, 1);
    await expect(transfer(1, 2, 1_000_000_000)).rejects.toMatchObject({ key: 'balance_insufficient' });
    expect(await userBalances(t.ctx.db, 1)).toEqual(before);
  });

  it('names the account and currency it refuses, and writes no transaction row', async () => {
    const before = await t.ctx.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refusal = await transfer(2, 3, 5_000_000).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      key: 'balance_insufficient',
      data: { account: 'available', currency: 'JPY' },
    });
    const after = await t.ctx.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('opens an account with its first posting, but never with a debit', async () => {
    const freeze = (amount: number) =>
      inTransaction(t.ctx.db, (trx) =>
        postTransaction(
          trx,
          {
            kind: 'withdrawal_freeze',
            userId: 6,
            postings: [
              { userId: 6, account: 'frozen:ipo', currency: 'JPY', amountMinor: -amount },
              { userId: 6, account: 'available', currency: 'JPY', amountMinor: amount },
            ],
          },
          t.clock.now(),
        ),
      );
    // frozen:ipo does not exist yet: a debit cannot open it.
    await expect(freeze(100)).rejects.toMatchObject({
      key: 'balance_insufficient',
      data: { account: 'frozen:ipo', currency: 'JPY' },
    });
    expect((await userBalances(t.ctx.db, 6)).JPY.frozen.ipo).toBe(0);
    // A credit opens it.
    await freeze(-700);
    const balances = await userBalances(t.ctx.db, 6);
    expect(balances.JPY.frozen.ipo).toBe(700);
    expect(balances.JPY.available).toBe(1_000_000 - 700);
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('reports postings whose transaction or account does not exist', async () => {
    class Undo extends Error {}
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO ledger_postings (transaction_id, account_id, amount_minor)
                  VALUES (999999999, 999999999, 1), (999999999, 999999999, -1)`.execute(trx);
        const report = await checkInvariant(trx);
        expect(report.ok).toBe(false);
        expect(report.orphanPostings).toHaveLength(2);
        throw new Undo();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Undo)) throw error;
      });
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('has every house account in every currency from the start', async () => {
    const rows = await t.ctx.db
      .selectFrom('ledger_accounts')
      .select(['name', 'currency'])
      .where('user_id', '=', HOUSE)
      .execute();
    const present = new Set(rows.map((r) => `${r.name} ${r.currency}`));
    for (const name of HOUSE_ACCOUNTS)
      for (const currency of CURRENCIES)
        expect(present.has(`${name} ${currency}`), `${name} ${currency}`).toBe(true);
  });

  it('records the balance after each user posting and keeps the house balance as a sum', async () => {
    await transfer(3, 4, 250);
    const balances = await userBalances(t.ctx.db, 4);
    const last = await t.ctx.db
      .selectFrom('ledger_postings')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
      .select(['balance_after_minor'])
      .where('ledger_accounts.user_id', '=', 4)
      .orderBy('ledger_postings.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.balance_after_minor).toBe(balances.JPY.available);
  });

  it('keeps both legs of a multi-currency transaction balanced per currency', async () => {
    await inTransaction(t.ctx.db, (trx) =>
      postTransaction(
        trx,
        {
          kind: 'exchange',
          userId: 5,
          postings: [
            { userId: 5, account: 'available', currency: 'JPY', amountMinor: -15_000 },
            { userId: HOUSE, account: 'house:fx', currency: 'JPY', amountMinor: 15_000 },
            { userId: HOUSE, account: 'house:fx', currency: 'USD', amountMinor: -9_950 },
            { userId: 5, account: 'available', currency: 'USD', amountMinor: 9_950 },
          ],
        },
        t.clock.now(),
      ),
    );
    expect((await userBalances(t.ctx.db, 5)).USD.available).toBe(9_950);
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });
});

describe('invariants under random operations (property)', () => {
  it('sum is zero per currency, balances equal their postings, none negative — whatever sequence runs', async () => {
    const op = fc.record({
      from: fc.constantFrom(...USERS),
      to: fc.constantFrom(...USERS),
      amount: fc.integer({ min: 1, max: 400_000 }),
      purpose: fc.constantFrom('transfer', 'freeze', 'unfreeze'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        for (const o of ops) {
          const postings =
            o.purpose === 'transfer'
              ? [
                  {
                    userId: o.from,
                    account: 'available' as const,
                    currency: 'JPY' as const,
                    amountMinor: -o.amount,
                  },
                  {
                    userId: o.to,
                    account: 'available' as const,
                    currency: 'JPY' as const,
                    amountMinor: o.amount,
                  },
                ]
              : [
                  {
                    userId: o.from,
                    account: 'available' as const,
                    currency: 'JPY' as const,
                    amountMinor: o.purpose === 'freeze' ? -o.amount : o.amount,
                  },
                  {
                    userId: o.from,
                    account: 'frozen:order' as const,
                    currency: 'JPY' as const,
                    amountMinor: o.purpose === 'freeze' ? o.amount : -o.amount,
                  },
                ];
          const before = await userBalances(t.ctx.db, o.from);
          try {
            await inTransaction(t.ctx.db, (trx) =>
              postTransaction(
                trx,
                { kind: LEDGER_KIND_OF[o.purpose], userId: o.from, postings },
                t.clock.now(),
              ),
            );
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
            expect(await userBalances(t.ctx.db, o.from)).toEqual(before);
          }
        }
        const report = await checkInvariant(t.ctx.db);
        expect(report).toMatchObject({ ok: true });
      }),
      { numRuns: 15 },
    );
  });
});

describe('concurrency', () => {
  // On PostgreSQL this exercises row locks in a fixed order (no deadlock, no lost update);
  // the embedded database runs the same operations one transaction at a time.
  const workers = 8;
  const perWorker = TEST_DATABASE_URL ? 400 : 60;

  it(
    `keeps the invariant with ${workers} workers moving money at once`,
    async ({ signal }) => {
      const userTotal = async () => {
        let total = 0;
        for (const id of USERS) {
          const b = (await userBalances(t.ctx.db, id)).JPY;
          total += b.available + Object.values(b.frozen).reduce((a, v) => a + v, 0);
        }
        return total;
      };
      const totalBefore = await userTotal();
      let refused = 0;
      let seed = 42;
      const next = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed;
      };
      await Promise.all(
        Array.from({ length: workers }, async () => {
          // A test that timed out stops its workers: the next tests read these users' balances.
          for (let i = 0; i < perWorker && !signal.aborted; i++) {
            const from = USERS[next() % USERS.length]!;
            const to = USERS[next() % USERS.length]!;
            try {
              await transfer(from, to, 1 + (next() % 5_000));
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              refused += 1;
            }
          }
        }),
      );
      const report = await checkInvariant(t.ctx.db);
      expect(report).toMatchObject({ ok: true });
      // Transfers between users move money without creating or destroying any.
      expect(await userTotal()).toBe(totalBefore);
      expect(refused).toBeLessThan(workers * perWorker);
    },
    longTestTimeout(120_000),
  );

  it('opens an account once when many transactions post to it first at the same moment', async () => {
    const user = 11;
    const deposit = (amount: number) =>
      inTransaction(t.ctx.db, (trx) =>
        postTransaction(
          trx,
          {
            kind: 'deposit',
            userId: user,
            postings: [
              { userId: HOUSE, account: 'house:bank', currency: 'USD', amountMinor: -amount },
              { userId: user, account: 'available', currency: 'USD', amountMinor: amount },
            ],
          },
          t.clock.now(),
        ),
      );
    await Promise.all(Array.from({ length: workers }, (_, i) => deposit(100 + i)));
    const accounts = await t.ctx.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('user_id', '=', user)
      .where('currency', '=', 'USD')
      .execute();
    expect(accounts).toEqual([{ balance_minor: workers * 100 + (workers * (workers - 1)) / 2 }]);
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });
});

describe('holds (a freeze resolved exactly once)', () => {
  const user = 12;
  const deposit = (amount: number) => depositTo(user, amount);
  const hold = (amount: number, refId: number) =>
    inTransaction(t.ctx.db, (trx) =>
      placeHold(
        trx,
        {
          userId: user,
          currency: 'JPY',
          purpose: 'withdrawal',
          amountMinor: amount,
          kind: 'withdrawal_freeze',
          refType: 'withdrawal',
          refId,
        },
        t.clock.now(),
      ),
    );

  it('moves the amount to frozen and settles it once; a second settle or a release is refused and moves nothing', async () => {
    await deposit(100_000);
    const { holdId } = await hold(30_000, 1);
    expect((await userBalances(t.ctx.db, user)).JPY).toMatchObject({
      available: 70_000,
      frozen: { withdrawal: 30_000 },
    });
    const settle = () =>
      inTransaction(t.ctx.db, (trx) =>
        settleHold(
          trx,
          holdId,
          {
            kind: 'withdrawal_paid',
            to: [{ userId: HOUSE, account: 'house:bank', currency: 'JPY', amountMinor: 30_000 }],
          },
          t.clock.now(),
        ),
      );
    await settle();
    const after = await userBalances(t.ctx.db, user);
    expect(after.JPY).toMatchObject({ available: 70_000, frozen: { withdrawal: 0 } });
    await expect(settle()).rejects.toBeInstanceOf(HoldNotHeld);
    await expect(
      inTransaction(t.ctx.db, (trx) =>
        releaseHold(trx, holdId, { kind: 'withdrawal_release' }, t.clock.now()),
      ),
    ).rejects.toBeInstanceOf(HoldNotHeld);
    expect(await userBalances(t.ctx.db, user)).toEqual(after);
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('releases a hold back to available once, even when two releases race', async () => {
    const { holdId } = await hold(20_000, 2);
    const before = (await userBalances(t.ctx.db, user)).JPY.available;
    const results = await Promise.allSettled(
      [1, 2].map(() =>
        inTransaction(t.ctx.db, (trx) =>
          releaseHold(trx, holdId, { kind: 'withdrawal_release' }, t.clock.now()),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await userBalances(t.ctx.db, user)).JPY.available).toBe(before + 20_000);
    const row = await t.ctx.db
      .selectFrom('ledger_holds')
      .selectAll()
      .where('id', '=', holdId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'released' });
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('places, releases and settles many holds at once, each its own ledger transaction; one not held moves nothing', async () => {
    const users = [21, 22, 23];
    for (const u of users) await depositTo(u, 10_000);
    const placed = await inTransaction(t.ctx.db, (trx) =>
      placeHolds(
        trx,
        users.map((u, i) => ({
          userId: u,
          currency: 'JPY' as const,
          purpose: 'ipo' as const,
          amountMinor: 1_000 * (i + 1),
          kind: 'ipo_freeze' as const,
          refType: 'ipo_subscription',
          refId: 900 + i,
        })),
        t.clock.now(),
      ),
    );
    expect(new Set(placed.map((p) => p.transactionId)).size).toBe(3);
    const holds = await t.ctx.db
      .selectFrom('ledger_holds')
      .select(['id', 'user_id', 'amount_minor', 'ref_id', 'hold_transaction_id'])
      .where(
        'id',
        'in',
        placed.map((p) => p.holdId),
      )
      .orderBy('id')
      .execute();
    expect(holds.map((h) => [h.user_id, h.amount_minor, h.ref_id])).toEqual([
      [21, 1_000, 900],
      [22, 2_000, 901],
      [23, 3_000, 902],
    ]);
    expect(holds.map((h) => h.hold_transaction_id)).toEqual(placed.map((p) => p.transactionId));
    for (const [i, u] of users.entries())
      expect((await userBalances(t.ctx.db, u)).JPY).toMatchObject({
        available: 10_000 - 1_000 * (i + 1),
        frozen: { ipo: 1_000 * (i + 1) },
      });

    // A batch holding one hold that is no longer held is refused whole: nothing moves.
    await inTransaction(t.ctx.db, (trx) =>
      releaseHolds(trx, [{ holdId: placed[0]!.holdId, kind: 'ipo_release' }], t.clock.now()),
    );
    const snapshot = async () => ({
      balances: await Promise.all(users.map((u) => userBalances(t.ctx.db, u))),
      holds: await t.ctx.db
        .selectFrom('ledger_holds')
        .select(['id', 'state'])
        .where(
          'id',
          'in',
          placed.map((p) => p.holdId),
        )
        .orderBy('id')
        .execute(),
      transactions: (await t.ctx.db.selectFrom('ledger_transactions').select('id').execute()).length,
    });
    const before = await snapshot();
    await expect(
      inTransaction(t.ctx.db, (trx) =>
        releaseHolds(
          trx,
          placed.map((p) => ({ holdId: p.holdId, kind: 'ipo_release' as const })),
          t.clock.now(),
        ),
      ),
    ).rejects.toBeInstanceOf(HoldNotHeld);
    // The same hold twice in one batch is refused too.
    await expect(
      inTransaction(t.ctx.db, (trx) =>
        releaseHolds(
          trx,
          [placed[1]!, placed[1]!].map((p) => ({ holdId: p.holdId, kind: 'ipo_release' as const })),
          t.clock.now(),
        ),
      ),
    ).rejects.toBeInstanceOf(HoldNotHeld);
    expect(await snapshot()).toEqual(before);

    // The other two: one released, one settled to frozen:order, in one batch each.
    const [released] = await inTransaction(t.ctx.db, (trx) =>
      releaseHolds(trx, [{ holdId: placed[1]!.holdId, kind: 'ipo_release', memo: 'not won' }], t.clock.now()),
    );
    const [settled] = await inTransaction(t.ctx.db, (trx) =>
      settleHolds(
        trx,
        [
          {
            holdId: placed[2]!.holdId,
            kind: 'ipo_allot',
            to: [{ userId: 23, account: 'frozen:order', currency: 'JPY', amountMinor: 3_000 }],
          },
        ],
        t.clock.now(),
      ),
    );
    expect((await userBalances(t.ctx.db, 22)).JPY).toMatchObject({ available: 10_000, frozen: { ipo: 0 } });
    expect((await userBalances(t.ctx.db, 23)).JPY).toMatchObject({
      available: 7_000,
      frozen: { ipo: 0, order: 3_000 },
    });
    const resolved = await t.ctx.db
      .selectFrom('ledger_holds')
      .select(['state', 'resolve_transaction_id'])
      .where(
        'id',
        'in',
        placed.map((p) => p.holdId),
      )
      .orderBy('id')
      .execute();
    expect(resolved.slice(1)).toEqual([
      { state: 'released', resolve_transaction_id: released!.transactionId },
      { state: 'settled', resolve_transaction_id: settled!.transactionId },
    ]);
    const memo = await t.ctx.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'user_id', 'ref_type', 'ref_id', 'memo'])
      .where('id', '=', released!.transactionId)
      .executeTakeFirstOrThrow();
    expect(memo).toEqual({
      kind: 'ipo_release',
      user_id: 22,
      ref_type: 'ipo_subscription',
      ref_id: 901,
      memo: 'not won',
    });
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('refuses a transaction kind outside the closed list', async () => {
    await expect(
      inTransaction(t.ctx.db, (trx) =>
        postTransaction(
          trx,
          // @ts-expect-error a kind the ledger does not know
          { kind: 'gift', userId: user, postings: [] },
          t.clock.now(),
        ),
      ),
    ).rejects.toThrow(/unknown ledger transaction kind/);
  });
});

describe('many transactions at once', () => {
  // Users 40–49: funded here, frozen for copying, then mirrored like a fan-out batch.
  const batchUsers = Array.from({ length: 10 }, (_, i) => 40 + i);
  const freezeFor = (userId: number, amount: number) => ({
    kind: 'copy_follow' as const,
    userId,
    postings: [
      { userId: HOUSE, account: 'house:bank' as const, currency: 'JPY' as const, amountMinor: -amount },
      { userId, account: 'frozen:copy' as const, currency: 'JPY' as const, amountMinor: amount },
    ] as PostingInput[],
  });
  const open = (userId: number, margin: number, fee: number) => ({
    kind: 'copy_open' as const,
    userId,
    refType: 'copy_holding',
    refId: userId,
    memo: `open ${userId}`,
    postings: [
      { userId, account: 'frozen:copy' as const, currency: 'JPY' as const, amountMinor: -(margin + fee) },
      { userId, account: 'frozen:order' as const, currency: 'JPY' as const, amountMinor: margin },
      { userId: HOUSE, account: 'house:fees' as const, currency: 'JPY' as const, amountMinor: fee },
    ].filter((p) => p.amountMinor !== 0) as PostingInput[],
  });
  const count = async (table: 'ledger_transactions' | 'ledger_accounts') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes what posting each in turn writes: rows in order, balances after each posting, accounts opened', async () => {
    const now = t.clock.now();
    await inTransaction(t.ctx.db, (trx) =>
      postTransactions(
        trx,
        batchUsers.map((u) => freezeFor(u, 10_000)),
        now,
      ),
    );
    // User 40 twice in one batch: its second posting sees the first's balance.
    const inputs = [open(41, 3_000, 100), open(40, 2_000, 100), open(40, 4_000, 100), open(42, 0, 100)];
    const posted = await inTransaction(t.ctx.db, (trx) => postTransactions(trx, inputs, now));
    expect(posted).toHaveLength(4);
    expect(posted.map((p) => p.transactionId)).toEqual(
      [...posted.map((p) => p.transactionId)].sort((a, b) => a - b),
    );
    const rows = await t.ctx.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where(
        'id',
        'in',
        posted.map((p) => p.transactionId),
      )
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.kind, r.user_id, r.order_no, r.memo])).toEqual(
      inputs.map((input, i) => [input.kind, input.userId, posted[i]!.orderNo, input.memo]),
    );
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
      .select(['transaction_id', 'user_id', 'name', 'amount_minor', 'balance_after_minor'])
      .where(
        'transaction_id',
        'in',
        posted.map((p) => p.transactionId),
      )
      .orderBy('ledger_postings.id')
      .execute();
    const of = (i: number) =>
      postings
        .filter((p) => p.transaction_id === posted[i]!.transactionId)
        .map((p) => [p.user_id, p.name, p.amount_minor, p.balance_after_minor]);
    // Key order within a transaction: the house first, then frozen:copy before frozen:order.
    expect(of(0)).toEqual([
      [HOUSE, 'house:fees', 100, null],
      [41, 'frozen:copy', -3_100, 6_900],
      [41, 'frozen:order', 3_000, 3_000],
    ]);
    expect(of(1)).toEqual([
      [HOUSE, 'house:fees', 100, null],
      [40, 'frozen:copy', -2_100, 7_900],
      [40, 'frozen:order', 2_000, 2_000],
    ]);
    expect(of(2)).toEqual([
      [HOUSE, 'house:fees', 100, null],
      [40, 'frozen:copy', -4_100, 3_800],
      [40, 'frozen:order', 4_000, 6_000],
    ]);
    // A zero margin posts nothing to frozen:order (and opens no account for it).
    expect(of(3)).toEqual([
      [HOUSE, 'house:fees', 100, null],
      [42, 'frozen:copy', -100, 9_900],
    ]);
    expect((await userBalances(t.ctx.db, 40)).JPY.frozen).toMatchObject({ copy: 3_800, order: 6_000 });
    expect((await userBalances(t.ctx.db, 42)).JPY.frozen).toMatchObject({ copy: 9_900, order: 0 });
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('refuses the whole batch with balance_insufficient when any posting would take a balance below zero', async () => {
    const before = await Promise.all(batchUsers.map((u) => userBalances(t.ctx.db, u)));
    const [transactions, accounts] = [await count('ledger_transactions'), await count('ledger_accounts')];
    // User 43 has 10,000 frozen for copying: its two opens together need 10,200.
    const refusal = await inTransaction(t.ctx.db, (trx) =>
      postTransactions(trx, [open(44, 1_000, 100), open(43, 5_000, 100), open(43, 5_000, 0)], t.clock.now()),
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      key: 'balance_insufficient',
      data: { account: 'frozen:copy', currency: 'JPY' },
    });
    expect(await Promise.all(batchUsers.map((u) => userBalances(t.ctx.db, u)))).toEqual(before);
    expect([await count('ledger_transactions'), await count('ledger_accounts')]).toEqual([
      transactions,
      accounts,
    ]);
  });

  it('keeps the invariant with batches and single transactions on the same accounts at once', async () => {
    // On PostgreSQL batches lock their accounts in key order: no deadlock with each other nor with
    // single transactions, whatever order their inputs come in.
    const workers = 6;
    await Promise.all(
      Array.from({ length: workers }, (_, w) =>
        (async () => {
          for (let round = 0; round < 10; round++) {
            const users = w % 2 === 0 ? batchUsers : [...batchUsers].reverse();
            if (w === workers - 1)
              for (const u of users)
                await inTransaction(t.ctx.db, (trx) =>
                  postTransaction(trx, freezeFor(u, 500), t.clock.now()),
                );
            else
              await inTransaction(
                t.ctx.db,
                (trx) =>
                  postTransactions(
                    trx,
                    users.map((u) => open(u, 10, 1)),
                    t.clock.now(),
                  ),
                1,
              ).catch((error: unknown) => {
                if (!(error instanceof DomainError)) throw error;
              });
          }
        })(),
      ),
    );
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });
});
