/**
 * Settling new-share applications (docs/benchmarks.md "New shares: settling 100,000 applications").
 *
 *   node --import tsx bench/ipo-settle.ts   # BENCH_APPLICATIONS=100000 BENCH_SECONDS=10 BENCH_ONLY=postgres|embedded
 *
 * On each database (PostgreSQL schema `kabuto_ipo_settle` in the database `bench`, created when
 * missing; the embedded database in its own thread, as the server runs it): APPLICATIONS users
 * each apply for one new share (1 to 3 units of 100 shares) with the amount frozen through the
 * ledger (bulk setup, one statement per step and batch, not timed). Then the module's job,
 * `advance(ctx, moment)`, is run at each of the share's moments, timed:
 *
 * - the draw: losers released, partial winners released and frozen again for what they won;
 * - (not timed: every second winner pays, as the users' own `newstockPay` would record it;)
 * - the payment deadline: the unpaid wins released;
 * - listing day: the paid wins converted (frozen purchase → holding position's margin).
 *
 * Every application ends settled (not_won, failed or allotted). Printed: settlements/s over the
 * three phases, each phase's time and ledger transactions, and — in the same process, on its own
 * fresh app — the order placement rate of bench/orders.ts (HTTP, BENCH_CLIENTS clients) with the
 * ratio. The ledger invariant and the end states are checked after.
 */
import { performance } from 'node:perf_hooks';
import { measureOrderRate } from './orders';
import { dropSchema } from './pg';
import { benchServer, benchUser } from './server';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const ONLY = process.env.BENCH_ONLY ?? '';
const SCHEMA = 'kabuto_ipo_settle';
const SETUP_BATCH = 2_000;
const LOT = 100;
const PRICE_MINOR = 1_000; // 1,000 JPY a share (the yen has no minor unit)
const DAY = 86_400_000;

async function buildServer(kind: 'postgres' | 'embedded') {
  const { app, ctx, database, schema } = await benchServer({
    postgres: kind === 'postgres',
    pgUrl: PG_URL,
    schema: SCHEMA,
    marketCodes: ['7203'],
    dataDir: `/tmp/kabuto-bench-ipo-${process.pid}`,
  });
  return {
    app,
    ctx: { ...ctx, market: app.market, marketData: app.marketData, trading: app.trading },
    database,
    schema,
  };
}

async function settle(kind: 'postgres' | 'embedded') {
  const { inTransaction } = await import('../apps/server/src/db/database');
  const { checkInvariant, orderNoFor } = await import('../apps/server/src/ledger/ledger');
  const { insertShare } = await import('../apps/server/src/modules/ipo/admin');
  const { advance } = await import('../apps/server/src/modules/ipo/lifecycle');
  const { sql } = await import('kysely');
  const { app, ctx, database, schema } = await buildServer(kind);
  const t0 = ctx.clock.now().getTime();
  // Moments ahead of the clock, so the running jobs never reach them; the bench runs the job itself.
  const at = { opens: t0 + 10 * DAY, closes: t0 + 11 * DAY, lottery: t0 + 12 * DAY, pay: t0 + 13 * DAY };
  const lists = t0 + 14 * DAY;
  const quantityOf = (i: number) => LOT * (1 + (i % 3));
  const tickets = Array.from({ length: APPLICATIONS }, (_, i) => quantityOf(i) / LOT).reduce(
    (a, b) => a + b,
    0,
  );
  const share = await insertShare(
    ctx,
    {
      code: 'B9001',
      market: 'jpy',
      name: { cn: '基准新股', us: 'Bench IPO', jp: 'ベンチ新規株' },
      sector: 'services',
      price: String(PRICE_MINOR),
      provisionalPrice: '1000',
      leadUnderwriter: 'Kabuto Securities',
      issueMarket: 'TSE Growth',
      // Half the tickets win: losers, full and partial wins, all in one draw.
      offeredQuantity: Math.floor(tickets / 2) * LOT,
      minQuantity: LOT,
      maxQuantity: 3 * LOT,
      sharesOutstanding: 100_000_000,
      opensAt: new Date(at.opens).toISOString(),
      closesAt: new Date(at.closes).toISOString(),
      lotteryAt: new Date(at.lottery).toISOString(),
      payUntil: new Date(at.pay).toISOString(),
      listsAt: new Date(lists).toISOString(),
    },
    null,
    null,
  );

  // ---- setup (not timed): users, their deposits, applications with the amounts frozen.
  const setupStarted = performance.now();
  const applied = new Date(at.opens + 1_000);
  const stamp = orderNoFor(applied, 0).slice(0, 14);
  for (let from = 0; from < APPLICATIONS; from += SETUP_BATCH) {
    const count = Math.min(SETUP_BATCH, APPLICATIONS - from);
    await inTransaction(ctx.db, async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          Array.from({ length: count }, (_, i) => benchUser(`bi${from + i}`, `BI${from + i}`, 'jp', applied)),
        )
        .returning('id')
        .execute();
      const ids = users.map((u) => u.id);
      const quantities = ids.map((_, i) => quantityOf(from + i));
      const amounts = quantities.map((q) => q * PRICE_MINOR);
      await sql`
        SELECT t.transaction_id FROM unnest(${ids}::int8[], ${amounts}::int8[]) WITH ORDINALITY AS x(u, a, n)
        CROSS JOIN LATERAL ledger_post('deposit', x.u, NULL, NULL, 'bench funding', ${applied}::timestamptz, ${stamp},
          ARRAY[0, x.u]::int8[], ARRAY['house:bank', 'available']::text[], ARRAY['JPY', 'JPY']::text[],
          ARRAY[-x.a, x.a]::int8[]) AS t
        ORDER BY x.n`.execute(trx);
      const subs = await trx
        .insertInto('ipo_subscriptions')
        .values(
          ids.map((userId, i) => ({
            share_id: share.id,
            user_id: userId,
            order_no: `NB${from + i}`,
            currency: 'JPY',
            quantity: quantities[i]!,
            amount_minor: amounts[i]!,
            hold_id: null,
            position_id: null,
            created_at: applied,
            drawn_at: null,
            paid_at: null,
            resolved_at: null,
          })),
        )
        .returning(['id', 'user_id', 'amount_minor'])
        .execute();
      await sql`
        WITH frozen AS MATERIALIZED (
          SELECT x.s, x.u, x.a, t.transaction_id
          FROM unnest(${subs.map((s) => s.id)}::int8[], ${subs.map((s) => s.user_id)}::int8[],
                      ${subs.map((s) => s.amount_minor)}::int8[]) WITH ORDINALITY AS x(s, u, a, n)
          CROSS JOIN LATERAL ledger_post('ipo_freeze', x.u, 'ipo_subscription', x.s, 'B9001', ${applied}::timestamptz,
            ${stamp}, ARRAY[x.u, x.u]::int8[], ARRAY['available', 'frozen:ipo']::text[], ARRAY['JPY', 'JPY']::text[],
            ARRAY[-x.a, x.a]::int8[]) AS t
        ), holds AS (
          INSERT INTO ledger_holds (user_id, currency, purpose, amount_minor, ref_type, ref_id, hold_transaction_id, created_at)
          SELECT u, 'JPY', 'ipo', a, 'ipo_subscription', s, transaction_id, ${applied}::timestamptz FROM frozen
          RETURNING id, ref_id
        )
        UPDATE ipo_subscriptions s SET hold_id = holds.id FROM holds WHERE s.id = holds.ref_id`.execute(trx);
    });
  }
  await ctx.db.updateTable('new_shares').set({ state: 'closed' }).where('id', '=', share.id).execute();
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const lastTransaction = async () =>
    Number(
      (
        await sql<{ n: string }>`SELECT coalesce(max(id), 0)::text AS n FROM ledger_transactions`.execute(
          ctx.db,
        )
      ).rows[0]!.n,
    );
  const phase = async (moment: number) => {
    const tx0 = await lastTransaction();
    const started = performance.now();
    const done = await advance(ctx, new Date(moment));
    const seconds = (performance.now() - started) / 1000;
    return { seconds, ledgerTransactions: (await lastTransaction()) - tx0, done };
  };

  const draw = await phase(at.lottery + 1_000);
  // Every second winner pays (what `payForWin` records; the users' own action, not timed).
  await sql`
    UPDATE ipo_subscriptions SET state = 'paid', paid_minor = won_minor, paid_at = ${new Date(at.lottery + 2_000)}
    WHERE share_id = ${share.id} AND state = 'won' AND id % 2 = 0`.execute(ctx.db);
  const deadline = await phase(at.pay + 1_000);
  const listing = await phase(lists + 1_000);
  const settleSeconds = draw.seconds + deadline.seconds + listing.seconds;

  const states = await ctx.db
    .selectFrom('ipo_subscriptions')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('share_id', '=', share.id)
    .groupBy('state')
    .execute();
  const byState = Object.fromEntries(states.map((s) => [s.state, Number(s.n)]));
  const stillFrozen = await sql<{ n: string }>`
    SELECT coalesce(sum(balance_minor), 0)::text AS n FROM ledger_accounts WHERE name = 'frozen:ipo'`.execute(
    ctx.db,
  );
  const settled = (byState.not_won ?? 0) + (byState.failed ?? 0) + (byState.allotted ?? 0);
  const invariant = await checkInvariant(ctx.db);
  await app.close();
  if (schema) await dropSchema(PG_URL, schema);
  await database.close();
  if (settled !== APPLICATIONS) throw new Error(`not every application settled: ${JSON.stringify(byState)}`);
  if (stillFrozen.rows[0]!.n !== '0') throw new Error(`frozen:ipo left: ${stillFrozen.rows[0]!.n}`);
  if (!invariant.ok) throw new Error(`ledger invariant broken: ${JSON.stringify(invariant)}`);
  return {
    setupSeconds,
    settleSeconds,
    settlementsPerSecond: APPLICATIONS / settleSeconds,
    byState,
    phases: { draw, deadline, listing },
  };
}

const round = (n: number, d = 1) => Number(n.toFixed(d));

async function run(kind: 'postgres' | 'embedded') {
  const figures = await settle(kind);
  const orders = await measureOrderRate({ database: kind, schema: 'kabuto_ipo_orders' });
  const phase = (p: { seconds: number; ledgerTransactions: number; done: string }) => ({
    seconds: round(p.seconds, 2),
    ledgerTransactions: p.ledgerTransactions,
    done: p.done,
  });
  console.log(
    JSON.stringify(
      {
        database: kind,
        applications: APPLICATIONS,
        setupSeconds: round(figures.setupSeconds),
        endStates: figures.byState,
        draw: phase(figures.phases.draw),
        paymentDeadline: phase(figures.phases.deadline),
        listing: phase(figures.phases.listing),
        settleSeconds: round(figures.settleSeconds, 2),
        settlementsPerSecond: Math.round(figures.settlementsPerSecond),
        ordersPerSecondHttp: Math.round(orders.ordersPerSecond),
        ordersRefusedOrFailed: orders.refused + orders.errors,
        ratio: round(figures.settlementsPerSecond / orders.ordersPerSecond, 2),
        ledgerInvariant: true,
      },
      null,
      2,
    ),
  );
}

// Measure the production configuration, as bench/orders.ts does.
process.env.NODE_ENV = 'production';
if (ONLY !== 'embedded') await run('postgres');
if (ONLY !== 'postgres') await run('embedded');
process.exit(0);
