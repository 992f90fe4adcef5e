/**
 * Copy-trading fan-out (SPEC §6.5, docs/benchmarks.md "Copy-trading fan-out").
 *
 *   node --import tsx bench/copy-fanout.ts        # BENCH_FOLLOWERS=10000 BENCH_ONLY=postgres|embedded
 *
 * On each database: FOLLOWERS holdings follow one leader; the leader places one market order
 * through the order engine and its fill is mirrored into every holding in batches (the copy
 * module's fan-out). Printed: followers filled per second, the time from the leader's fill to the
 * last follower's fill, and — in the same run, on the same app — the rate of single market orders
 * placed one after another through the same `placeOrder` for BENCH_SECONDS, with the ratio of the
 * two. The ledger invariant is checked at the end.
 */
import { performance } from 'node:perf_hooks';
import { dropSchema, ensureDatabase } from './pg';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const ONLY = process.env.BENCH_ONLY ?? '';
const CODE = '7203';
const SETUP_BATCH = 500;

async function buildServer(kind: 'postgres' | 'embedded') {
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase } = await import('../apps/server/src/db/database');
  const schema = kind === 'postgres' ? 'kabuto_copy' : undefined;
  if (schema) {
    await ensureDatabase(PG_URL);
    await dropSchema(PG_URL, schema);
  }
  const database = await openDatabase({
    url: kind === 'postgres' ? PG_URL : null,
    schema,
    poolSize: 20,
    thread: true,
  });
  const config = loadConfig(
    {},
    {
      marketHours: 'always',
      fundHours: 'always',
      marketCodes: [CODE],
      dataDir: `/tmp/kabuto-bench-copy-${process.pid}`,
    },
  );
  const { app, ctx } = await buildApp({ config, database, schema, serveStatic: false });
  await app.ready();
  return { app, ctx: { ...ctx, market: app.market, trading: app.trading }, database, schema };
}

async function run(kind: 'postgres' | 'embedded') {
  const { inTransaction } = await import('../apps/server/src/db/database');
  const { HOUSE, checkInvariant, placeHold, postTransaction } = await import(
    '../apps/server/src/ledger/ledger'
  );
  const { placeOrder } = await import('../apps/server/src/modules/trading/service');
  const { createLeader, leaderEquityMinor, runHistory } = await import(
    '../apps/server/src/modules/copy/leaders'
  );
  const { drainFanouts, listProductOnLeader, recordFanout } = await import(
    '../apps/server/src/modules/copy/service'
  );
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
          Array.from({ length: count }, (_, i) => ({
            account: `bf${from + i}`,
            password_hash: 'x',
            fund_password_hash: null,
            invite_code: `BF${from + i}`,
            invited_by: null,
            language: 'us',
            real_name: null,
            credit_score: null,
            flag_reason: null,
            locked_until: null,
            fund_locked_until: null,
            created_at: now(),
          })),
        )
        .returning('id')
        .execute();
      const holdings = [];
      for (const [i, { id }] of users.entries()) {
        const amount = 1_000_000 + ((from + i) % 100) * 10_000;
        await postTransaction(
          trx,
          {
            kind: 'deposit',
            userId: id,
            postings: [
              { userId: HOUSE, account: 'house:bank', currency: 'JPY', amountMinor: -amount },
              { userId: id, account: 'available', currency: 'JPY', amountMinor: amount },
            ],
          },
          now(),
        );
        const holdingId = from + i + 1;
        const hold = await placeHold(
          trx,
          {
            userId: id,
            currency: 'JPY',
            purpose: 'copy',
            amountMinor: amount,
            kind: 'copy_follow',
            refType: 'copy_holding',
            refId: holdingId,
          },
          now(),
        );
        holdings.push({
          id: holdingId,
          order_no: `CB${holdingId}`,
          user_id: id,
          product_id: product.id,
          currency: 'JPY',
          amount_minor: amount,
          hold_id: hold.holdId,
          lock_until: new Date(now().getTime() + 30 * 86_400_000),
          ended_at: null,
          returned_minor: null,
          created_at: now(),
        });
      }
      await trx.insertInto('copy_holdings').values(holdings).execute();
    });
  }
  await sql`SELECT setval(pg_get_serial_sequence('copy_holdings', 'id'), ${FOLLOWERS + 1})`.execute(ctx.db);
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  // The reference: single market orders placed one after another through the same engine.
  const trader = await ctx.db
    .selectFrom('copy_holdings')
    .select('user_id')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await inTransaction(ctx.db, (trx) =>
    postTransaction(
      trx,
      {
        kind: 'deposit',
        userId: trader.user_id,
        postings: [
          { userId: HOUSE, account: 'house:bank', currency: 'JPY', amountMinor: -10_000_000_000 },
          { userId: trader.user_id, account: 'available', currency: 'JPY', amountMinor: 10_000_000_000 },
        ],
      },
      now(),
    ),
  );
  const request = {
    code: CODE,
    direction: 'long' as const,
    orderType: 'market' as const,
    quantity: '1',
    leverage: '1',
    mode: 'normal' as const,
  };
  let placed = 0;
  const orderStarted = performance.now();
  while (performance.now() - orderStarted < SECONDS * 1000) {
    await placeOrder(ctx, trader.user_id, request);
    placed++;
  }
  const ordersPerSecond = placed / ((performance.now() - orderStarted) / 1000);

  // One leader order, mirrored to every follower.
  const equity = await leaderEquityMinor(ctx.db, leader, (code) => ctx.market.quote(code)?.price ?? null);
  const leaderStarted = performance.now();
  const position = await placeOrder(ctx, leader.user_id, { ...request, quantity: '100000' });
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
        singleOrdersPerSecond: Math.round(ordersPerSecond),
        ratio: Number((perSecond / ordersPerSecond).toFixed(2)),
        ledgerInvariant: invariant.ok,
      },
      null,
      2,
    ),
  );
  await app.close();
  if (schema) await dropSchema(PG_URL, schema);
  await database.close();
}

if (ONLY !== 'embedded') await run('postgres');
if (ONLY !== 'postgres') await run('embedded');
