/**
 * Copy-trading fan-out (SPEC §6.5, docs/benchmarks.md "Copy-trading fan-out").
 *
 *   node --import tsx bench/copy-fanout.ts   # BENCH_FOLLOWERS=10000 BENCH_SECONDS=10 BENCH_ONLY=postgres|embedded
 *
 * On each database, in one run: first the order rate of `bench/orders.ts` (market orders through
 * HTTP from BENCH_CLIENTS = 50 concurrent clients for BENCH_SECONDS, its own fresh app and
 * schema), then the fan-out: FOLLOWERS holdings follow one leader; the leader places one market
 * order through the order engine and its fill is mirrored into every holding in batches (the copy
 * module's fan-out). Printed: followers filled per second, the time from the leader's fill to the
 * last follower's fill, the order rate, and the ratio (followers filled per second ÷ order
 * rate, goal ≥ 2). The ledger invariant is checked at the end.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { dropSchema } from './pg';
import { benchServer, benchUser } from './server';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const ONLY = process.env.BENCH_ONLY ?? '';
const CODE = '7203';
const SETUP_BATCH = 500;

async function buildServer(kind: 'postgres' | 'embedded') {
  const { app, ctx, database, schema } = await benchServer({
    postgres: kind === 'postgres',
    pgUrl: PG_URL,
    schema: 'kabuto_copy',
    marketCodes: [CODE],
    dataDir: `/tmp/kabuto-bench-copy-${process.pid}`,
  });
  return { app, ctx: { ...ctx, market: app.market, trading: app.trading }, database, schema };
}

async function run(kind: 'postgres' | 'embedded') {
  // The machine's 1-minute load average before and after (others may share it).
  const loadBefore = loadavg()[0]!;
  const { measureOrderRate } = await import('./orders');
  const orders = await measureOrderRate({
    database: kind,
    seconds: SECONDS,
    clients: CLIENTS,
    schema: 'kabuto_copy_orders',
  });
  const { inTransaction } = await import('../apps/server/src/db/database');
  const { HOUSE, checkInvariant, postTransactions } = await import('../apps/server/src/ledger/ledger');
  const { placeOrder } = await import('../apps/server/src/modules/trading/orders');
  const { createLeader, leaderEquityMinor, runHistory } = await import(
    '../apps/server/src/modules/copy/leaders'
  );
  const { drainFanouts, recordFanout } = await import('../apps/server/src/modules/copy/fanout');
  const { listProductOnLeader } = await import('../apps/server/src/modules/copy/products');
  const { sql } = await import('kysely');
  const { app, ctx, database, schema } = await buildServer(kind);
  const now = () => ctx.clock.now();
  ctx.market.ingest({ code: CODE, market: 'jpy', price: '2850.0', volume: 100, time: now().toISOString() });

  const leader = await runHistory(
    ctx,
    await createLeader(ctx, {
      name: 'Bench Leader',
      strategy: 'trend',
      market: 'jpy',
      codes: { [CODE]: 1 },
      capitalMinor: 10_000_000_000,
    }),
  );
  const product = await listProductOnLeader(
    ctx.db,
    {
      leaderId: leader.id,
      name: 'Bench',
      minAmountMinor: 100_000,
      lockDays: 30,
      cutoffAt: new Date(now().getTime() + 86_400_000),
    },
    null,
    now(),
  );

  const setupStarted = performance.now();
  for (let from = 0; from < FOLLOWERS; from += SETUP_BATCH) {
    const count = Math.min(SETUP_BATCH, FOLLOWERS - from);
    await inTransaction(ctx.db, async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          Array.from({ length: count }, (_, i) => benchUser(`bf${from + i}`, `BF${from + i}`, 'us', now())),
        )
        .returning('id')
        .execute();
      // Each follower funded, then its amount frozen for its holding (the rows placeHold writes).
      const amountOf = (i: number) => 1_000_000 + ((from + i) % 100) * 10_000;
      await postTransactions(
        trx,
        users.map(({ id }, i) => ({
          kind: 'deposit' as const,
          userId: id,
          postings: [
            {
              userId: HOUSE,
              account: 'house:bank' as const,
              currency: 'JPY' as const,
              amountMinor: -amountOf(i),
            },
            { userId: id, account: 'available' as const, currency: 'JPY' as const, amountMinor: amountOf(i) },
          ],
        })),
        now(),
      );
      const freezes = await postTransactions(
        trx,
        users.map(({ id }, i) => ({
          kind: 'copy_follow' as const,
          userId: id,
          refType: 'copy_holding',
          refId: from + i + 1,
          postings: [
            {
              userId: id,
              account: 'available' as const,
              currency: 'JPY' as const,
              amountMinor: -amountOf(i),
            },
            {
              userId: id,
              account: 'frozen:copy' as const,
              currency: 'JPY' as const,
              amountMinor: amountOf(i),
            },
          ],
        })),
        now(),
      );
      const holds = await trx
        .insertInto('ledger_holds')
        .values(
          users.map(({ id }, i) => ({
            user_id: id,
            currency: 'JPY',
            purpose: 'copy',
            amount_minor: amountOf(i),
            ref_type: 'copy_holding',
            ref_id: from + i + 1,
            hold_transaction_id: freezes[i]!.transactionId,
            resolve_transaction_id: null,
            created_at: now(),
            resolved_at: null,
          })),
        )
        .returning('id')
        .execute();
      const holdings = users.map(({ id }, i) => ({
        id: from + i + 1,
        order_no: `CB${from + i + 1}`,
        user_id: id,
        product_id: product.id,
        currency: 'JPY',
        amount_minor: amountOf(i),
        hold_id: holds[i]!.id,
        lock_until: new Date(now().getTime() + 30 * 86_400_000),
        ended_at: null,
        returned_minor: null,
        created_at: now(),
      }));
      await trx.insertInto('copy_holdings').values(holdings).execute();
    });
  }
  await sql`SELECT setval(pg_get_serial_sequence('copy_holdings', 'id'), ${FOLLOWERS + 1})`.execute(ctx.db);
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const request = {
    code: CODE,
    direction: 'long' as const,
    orderType: 'market' as const,
    quantity: '100000',
    leverage: '1',
    mode: 'normal' as const,
  };

  // One leader order, mirrored to every follower.
  const equity = await leaderEquityMinor(ctx.db, leader, (code) => ctx.market.quote(code)?.price ?? null);
  const leaderStarted = performance.now();
  const position = await placeOrder(ctx, leader.user_id, request);
  const filledAt = performance.now();
  await recordFanout(ctx, leader, {
    action: 'open',
    position,
    price: position.open_price!,
    leaderQuantity: position.quantity,
    leaderEquityMinor: equity,
  });
  const mirrored = await drainFanouts(ctx);
  const doneAt = performance.now();
  const fanoutSeconds = (doneAt - filledAt) / 1000;
  const perSecond = mirrored / fanoutSeconds;
  const invariant = await checkInvariant(ctx.db);

  console.log(
    JSON.stringify(
      {
        database: kind,
        followers: FOLLOWERS,
        setupSeconds: Number(setupSeconds.toFixed(1)),
        leaderOrderMs: Number((filledAt - leaderStarted).toFixed(1)),
        mirrored,
        leaderFillToLastFollowerFillMs: Math.round(doneAt - filledAt),
        followersFilledPerSecond: Math.round(perSecond),
        ordersPerSecond: Math.round(orders.ordersPerSecond),
        ordersRefusedOrFailed: orders.refused + orders.errors,
        ratio: Number((perSecond / orders.ordersPerSecond).toFixed(2)),
        ledgerInvariant: invariant.ok,
        loadAverage1m: [Number(loadBefore.toFixed(1)), Number(loadavg()[0]!.toFixed(1))],
      },
      null,
      2,
    ),
  );
  await app.close();
  if (schema) await dropSchema(PG_URL, schema);
  await database.close();
}

// Measure the production configuration, as bench/orders.ts does.
process.env.NODE_ENV = 'production';
if (ONLY !== 'embedded') await run('postgres');
if (ONLY !== 'postgres') await run('embedded');
process.exit(0);
