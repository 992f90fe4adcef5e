/**
 * Tick to fill with 10,000 pending limit orders, then with 100,000 resting stop orders
 * (ARCHITECTURE "Market": the order engine listens to ticks; SPEC §13.2 triggers;
 * docs/benchmarks.md "Tick to fill").
 *
 *   node --import tsx bench/tick-to-fill.ts
 *
 * Sets up BENCH_PENDING (default 10,000) pending limit orders on one stock — half longs below the price,
 * half shorts above it, at 1,000 price levels — and, in a second run, BENCH_TRIGGERS (default
 * 100,000) stop orders — half shorts that fire on a fall, at 10,000 levels below the price, half
 * longs that fire on a rise above it (levels past the day's limits rest and wait) — then measures:
 *   - a tick that crosses nothing: the engine's work per tick (market ingest + price-book lookup),
 *     against the database query a scan-per-tick design would need;
 *   - ticks that cross 5, 50 and 500 orders: time from the tick to every fill committed (each its
 *     own transaction with the position row locked), and fills per second.
 * Runs on the embedded database, and on PostgreSQL when it answers (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/bench, schema kabuto_tick, dropped afterwards).
 */
import { performance } from 'node:perf_hooks';
import { benchServer, benchUser } from './server';

/** A run: what rests on the book, and on how many price levels a side. */
interface Scenario {
  label: string;
  type: 'limit' | 'stop';
  count: number;
  levels: number;
}
const SCENARIOS: Scenario[] = [
  {
    label: 'pending limit orders',
    type: 'limit',
    count: Number(process.env.BENCH_PENDING ?? 10_000),
    levels: 1_000,
  },
  {
    label: 'resting stop orders',
    type: 'stop',
    count: Number(process.env.BENCH_TRIGGERS ?? 100_000),
    levels: 10_000,
  },
];
const USERS = 100;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const CODE = '7203';
/** Toyota's reference price; longs rest below it, shorts above (inside the ±¥500 band). */
const MID_TENTHS = 28_500;

const price = (tenths: number) => (tenths / 10).toFixed(1);

async function buildServer(kind: 'postgres' | 'pglite') {
  const { app, ctx, database, schema } = await benchServer({
    postgres: kind === 'postgres',
    pgUrl: PG_URL,
    schema: 'kabuto_tick',
    marketCodes: [CODE],
    dataDir: `/tmp/kabuto-bench-${process.pid}`,
  });
  return { app, ctx: { ...ctx, market: app.market, trading: app.trading }, database, schema };
}

async function run(kind: 'postgres' | 'pglite', scenario: Scenario) {
  const PENDING = scenario.count;
  const LEVELS = scenario.levels;
  const stops = scenario.type === 'stop';
  const { inTransaction } = await import('../apps/server/src/db/database');
  const { HOUSE, postTransaction } = await import('../apps/server/src/ledger/ledger');
  const { expiryFor, feeFor } = await import('../apps/server/src/modules/trading/plan');
  const { marginMinor, notionalMinor } = await import('@kabuto/domain');
  const { sql } = await import('kysely');
  const { app, ctx, database, schema } = await buildServer(kind);
  const engine = ctx.trading.engine;
  const tick = (tenths: number) =>
    ctx.market.ingest({
      code: CODE,
      market: 'jpy',
      price: price(tenths),
      volume: 100,
      time: ctx.clock.now().toISOString(),
    });
  try {
    // Users straight into the table (registration's password hashing is not what this measures).
    const userIds: number[] = [];
    for (let i = 0; i < USERS; i++) {
      const row = await ctx.db
        .insertInto('users')
        .values(
          benchUser(
            `tick${String(i).padStart(4, '0')}`,
            `TICK${String(i).padStart(4, '0')}`,
            'jp',
            new Date(),
          ),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.push(row.id);
      await inTransaction(ctx.db, (trx) =>
        postTransaction(
          trx,
          {
            kind: 'deposit',
            userId: row.id,
            postings: [
              { userId: HOUSE, account: 'house:bank', currency: 'JPY', amountMinor: -10_000_000_000 },
              { userId: row.id, account: 'available', currency: 'JPY', amountMinor: 10_000_000_000 },
            ],
          },
          new Date(),
        ),
      );
    }

    // Order i rests at level (i / 2) mod LEVELS, ¥0.1 apart: below the price from 2,849.9 down
    // (limit longs, stop shorts), above it from 2,850.1 up (limit shorts, stop longs). Set up in bulk — per user one ledger transaction freezing margin + fee of all
    // their orders, and the rows — so the setup takes seconds; the fills below are the real path.
    const now = ctx.clock.now();
    const expiresAt = expiryFor(ctx, 'jpy', now);
    const rows = Array.from({ length: PENDING }, (_, i) => {
      const level = Math.floor(i / 2) % LEVELS;
      const below = i % 2 === 0;
      const limit = price(below ? MID_TENTHS - 1 - level : MID_TENTHS + 1 + level);
      return {
        userId: userIds[i % USERS]!,
        long: below !== stops,
        limit,
        margin: marginMinor('jpy', limit, 1, 1),
        fee: feeFor(ctx, 'jpy', notionalMinor('jpy', limit, 1)),
      };
    });
    const setupStart = performance.now();
    for (const userId of userIds) {
      const frozen = rows.filter((r) => r.userId === userId).reduce((sum, r) => sum + r.margin + r.fee, 0);
      await inTransaction(ctx.db, (trx) =>
        postTransaction(
          trx,
          {
            kind: 'order_place',
            userId,
            memo: 'bench: pending limit orders',
            postings: [
              { userId, account: 'available', currency: 'JPY', amountMinor: -frozen },
              { userId, account: 'frozen:order', currency: 'JPY', amountMinor: frozen },
            ],
          },
          now,
        ),
      );
    }
    for (let from = 0; from < PENDING; from += 1_000) {
      await ctx.db
        .insertInto('positions')
        .values(
          rows.slice(from, from + 1_000).map((r, k) => ({
            order_no: `BENCH${String(from + k).padStart(8, '0')}`,
            user_id: r.userId,
            code: CODE,
            market: 'jpy' as const,
            currency: 'JPY',
            direction: r.long ? ('long' as const) : ('short' as const),
            order_type: scenario.type,
            mode: 'normal' as const,
            leverage: 1,
            quantity: 1,
            limit_price: stops ? null : r.limit,
            trigger_price: stops ? r.limit : null,
            open_price: null,
            opened_at: null,
            opened_trading_day: null,
            expires_at: expiresAt,
            margin_minor: r.margin,
            fee_minor: r.fee,
            close_price: null,
            closed_at: null,
            close_fee_minor: null,
            realised_pnl_minor: null,
            house_absorbed_minor: null,
            state: 'pending' as const,
            close_reason: null,
            source: 'order' as const,
            source_id: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const setupSeconds = (performance.now() - setupStart) / 1000;
    const rebuildStart = performance.now();
    await engine.refresh();
    const rebuildMs = performance.now() - rebuildStart;
    if (engine.stats().pendingOrders !== PENDING)
      throw new Error(`expected ${PENDING} pending orders in the engine`);

    // A tick that crosses nothing: what every tick costs while the orders wait.
    const quietTicks = 20_000;
    const quietStart = performance.now();
    for (let i = 0; i < quietTicks; i++) tick(MID_TENTHS);
    const quietMicros = ((performance.now() - quietStart) * 1000) / quietTicks;
    await engine.idle();
    // The engine's share alone: its tick handler without the market's quote update.
    const quietTick = { code: CODE, market: 'jpy' as const, price: price(MID_TENTHS), volume: 100, time: '' };
    const engineStart = performance.now();
    for (let i = 0; i < quietTicks; i++) engine.onTick(quietTick);
    const engineMicros = ((performance.now() - engineStart) * 1000) / quietTicks;

    // What a design that asks the database on every tick would pay instead.
    const scanRuns = 50;
    const scanStart = performance.now();
    for (let i = 0; i < scanRuns; i++) {
      const level = sql.ref(stops ? 'trigger_price' : 'limit_price');
      const [below, above] = stops ? ['short', 'long'] : ['long', 'short'];
      await sql`SELECT id FROM positions WHERE state = 'pending' AND code = ${CODE}
        AND ((direction = ${below} AND ${level} >= ${price(MID_TENTHS)}) OR (direction = ${above} AND ${level} <= ${price(MID_TENTHS)}))`.execute(
        ctx.db,
      );
    }
    const scanMs = (performance.now() - scanStart) / scanRuns;

    // Ticks down through 1, 10 and 100 more levels below the price (PENDING / 2 / LEVELS orders a level).
    const perLevel = PENDING / 2 / LEVELS;
    const results: Array<{ fills: number; ms: number }> = [];
    let deepest = 0;
    for (const levels of [1, 10, 100]) {
      const before = engine.stats().fills;
      const t0 = performance.now();
      tick(MID_TENTHS - 1 - (deepest + levels - 1));
      await engine.idle();
      const ms = performance.now() - t0;
      const fills = engine.stats().fills - before;
      if (fills !== levels * perLevel) throw new Error(`expected ${levels * perLevel} fills, got ${fills}`);
      results.push({ fills, ms });
      deepest += levels;
      tick(MID_TENTHS);
      await engine.idle();
    }
    const counted = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM positions WHERE state = 'holding'`.execute(ctx.db);
    const { checkInvariant } = await import('../apps/server/src/ledger/ledger');
    const invariant = await checkInvariant(ctx.db);
    return {
      setupSeconds,
      rebuildMs,
      quietMicros,
      engineMicros,
      scanMs,
      results,
      holding: Number(counted.rows[0]!.n),
      invariantOk: invariant.ok,
    };
  } finally {
    await app.close();
    if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(ctx.db);
    await database.close();
  }
}

function report(label: string, scenario: Scenario, r: Awaited<ReturnType<typeof run>>) {
  const line = (k: string, v: string) => console.log(`  ${k.padEnd(48)} ${v}`);
  console.log(`\n${label}: ${scenario.count} ${scenario.label}, ${scenario.levels} levels a side`);
  line(`set-up of ${scenario.count} orders (bulk)`, `${r.setupSeconds.toFixed(1)} s`);
  line('engine rebuild from the database', `${r.rebuildMs.toFixed(0)} ms`);
  line('tick crossing nothing (market ingest + engine)', `${r.quietMicros.toFixed(1)} µs`);
  line('  of which the engine (book lookup)', `${r.engineMicros.toFixed(2)} µs`);
  line('same question as a database scan per tick', `${r.scanMs.toFixed(2)} ms`);
  for (const { fills, ms } of r.results) {
    line(
      `tick crossing ${fills} orders: all filled after`,
      `${ms.toFixed(1)} ms (${((fills / ms) * 1000).toFixed(0)} fills/s)`,
    );
  }
  line('ledger invariant after the fills', r.invariantOk ? 'ok' : 'BROKEN');
}

async function main() {
  process.env.NODE_ENV = 'production';
  const only = process.env.BENCH_ONLY; // 'limit' or 'stop': one scenario
  for (const scenario of SCENARIOS.filter((s) => !only || s.type === only)) {
    console.log(`tick-to-fill bench: ${scenario.count} ${scenario.label} on ${CODE}`);
    report('Embedded (PGlite, in memory)', scenario, await run('pglite', scenario));
    try {
      report('PostgreSQL', scenario, await run('postgres', scenario));
    } catch (error) {
      console.log(`\nPostgreSQL half skipped: ${(error as Error).message}`);
    }
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
