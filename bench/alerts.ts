/**
 * Price alerts on ticks (SPEC §13.3: an alert fires within one tick of its condition;
 * docs/benchmarks.md "Price alerts").
 *
 *   node --import tsx bench/alerts.ts
 *
 * Files BENCH_ALERTS (default 100,000) active alerts on one stock — 2,000 investors with 50 each,
 * a quarter each above, below, rise and fall, all away from the price but 1,000 above alerts at
 * ¥2,900.0 — in one node's watcher, then measures:
 *   - a tick that fires none: its cost per tick over many ticks (market ingest + the watcher),
 *     and the watcher's share alone;
 *   - the tick to ¥2,900.0: time until its 1,000 alerts are fired, each with its fire row, the
 *     alert marked and the investor's message written; and until the 1,000 pushes (one device
 *     each of the 1,000 investors, encrypted and VAPID-signed) reached a push service on loopback.
 * Runs on the embedded database, and on PostgreSQL when it answers (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/bench, schema kabuto_alerts, dropped afterwards).
 */
import { performance } from 'node:perf_hooks';
import { testDevice, testPushService } from '../apps/server/src/modules/notify/testing';
import { benchServer, benchUser } from './server';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const PER_USER = 50;
const FIRING = 1_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const CODE = '7203';
/** Toyota's reference price, also its previous close. */
const MID = '2850.0';
const FIRE_AT = '2900.0';
const QUIET_TICKS = 20_000;
const INSERT_CHUNK = 2_000;

type Kind = 'above' | 'below' | 'rise' | 'fall';

/** Alert i: the first FIRING are above ¥2,900.0; the rest spread over levels the bench never reaches. */
function alertOf(i: number): { kind: Kind; value: string } {
  if (i < FIRING) return { kind: 'above', value: FIRE_AT };
  const kind = (['above', 'below', 'rise', 'fall'] as const)[i % 4]!;
  const step = Math.floor(i / 4) % 10_000;
  switch (kind) {
    case 'above':
      return { kind, value: (3_000 + step / 10).toFixed(1) };
    case 'below':
      return { kind, value: (2_700 - step / 10).toFixed(1) };
    default:
      // 6 % to 55.99 % from the close: past ¥3,021.0 or below ¥2,679.0.
      return { kind, value: (6 + (step % 5_000) / 100).toFixed(2) };
  }
}

async function run(kind: 'postgres' | 'pglite') {
  const { sql } = await import('kysely');
  const push = await testPushService();
  const { app, ctx, database, schema } = await benchServer({
    config: { pushTestOrigin: push.origin },
    postgres: kind === 'postgres',
    pgUrl: PG_URL,
    schema: 'kabuto_alerts',
    marketCodes: [CODE],
    dataDir: `/tmp/kabuto-bench-alerts-${process.pid}`,
  });
  const watcher = app.alerts.watcher;
  const tick = (price: string) =>
    app.market.ingest({ code: CODE, market: 'jpy', price, volume: 100, time: ctx.clock.now().toISOString() });
  try {
    tick(MID);
    // Investors and alerts straight into the tables (the calls' checks are not what this measures).
    const users = Math.ceil(ALERTS / PER_USER);
    const userIds: number[] = [];
    const now = ctx.clock.now();
    for (let from = 0; from < users; from += INSERT_CHUNK) {
      const rows = await ctx.db
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(INSERT_CHUNK, users - from) }, (_, k) => {
            const n = String(from + k).padStart(5, '0');
            return benchUser(`alert${n}`, `ALRT${n}`, (['jp', 'us', 'cn'] as const)[k % 3]!, now);
          }),
        )
        .returning('id')
        .execute();
      userIds.push(...rows.map((row) => row.id));
    }
    const setupStart = performance.now();
    for (let from = 0; from < ALERTS; from += INSERT_CHUNK) {
      await ctx.db
        .insertInto('price_alerts')
        .values(
          Array.from({ length: Math.min(INSERT_CHUNK, ALERTS - from) }, (_, k) => {
            const i = from + k;
            return {
              // Alert i belongs to investor i mod users: the firing ones to a thousand different investors.
              user_id: userIds[i % users]!,
              code: CODE,
              ...alertOf(i),
              repeat: 'once' as const,
              created_at: now,
              updated_at: now,
              fired_at: null,
              fired_price: null,
            };
          }),
        )
        .execute();
    }
    const setupSeconds = (performance.now() - setupStart) / 1000;
    // One device for each investor a firing alert belongs to (alert i is investor i's for i < 1,000).
    await ctx.db
      .insertInto('push_subscriptions')
      .values(
        userIds.slice(0, FIRING).map((userId, i) => {
          const device = testDevice(`${push.origin}/device/${i}`);
          return {
            user_id: userId,
            endpoint: device.endpoint,
            p256dh: device.keys.p256dh,
            auth: device.keys.auth,
            user_agent: 'bench',
            created_at: now,
          };
        }),
      )
      .execute();
    // Messages of the set-up, if any, are not this bench's pushes.
    await app.notify.notifier.step();
    push.received.length = 0;
    const rebuildStart = performance.now();
    await watcher.refresh();
    const rebuildMs = performance.now() - rebuildStart;
    if (watcher.stats().onBooks !== ALERTS) throw new Error(`expected ${ALERTS} alerts on the books`);

    // A tick that fires none: what every tick costs while the alerts wait.
    const quietStart = performance.now();
    for (let i = 0; i < QUIET_TICKS; i++) tick(i % 2 === 0 ? MID : '2851.0');
    const quietMicros = ((performance.now() - quietStart) * 1000) / QUIET_TICKS;
    await watcher.idle();
    const quietTicks = [MID, '2851.0'].map((price) => ({
      code: CODE,
      market: 'jpy' as const,
      price,
      volume: 100,
      time: ctx.clock.now().toISOString(),
    }));
    const watcherStart = performance.now();
    for (let i = 0; i < QUIET_TICKS; i++) watcher.onTick(quietTicks[i % 2]!);
    const watcherMicros = ((performance.now() - watcherStart) * 1000) / QUIET_TICKS;
    if (watcher.stats().fired !== 0) throw new Error('a quiet tick fired an alert');

    // One tick to ¥2,900.0: its 1,000 alerts fired and written as messages.
    const fireStart = performance.now();
    tick(FIRE_AT);
    await watcher.idle();
    const fireMs = performance.now() - fireStart;
    // The notifier's own loop runs too; stepping it here only saves waiting for its timer.
    while (push.received.length < FIRING) {
      await app.notify.notifier.step();
      if (performance.now() - fireStart > 120_000)
        throw new Error(`only ${push.received.length} pushes arrived`);
    }
    const pushMs = performance.now() - fireStart;
    const counted = await sql<{ messages: string; fires: string; inactive: string }>`
      SELECT (SELECT count(*) FROM messages WHERE kind = 'alert')::text AS messages,
             (SELECT count(*) FROM alert_fires)::text AS fires,
             (SELECT count(*) FROM price_alerts WHERE NOT active)::text AS inactive`.execute(ctx.db);
    const row = counted.rows[0]!;
    if ([row.messages, row.fires, row.inactive].some((n) => Number(n) !== FIRING))
      throw new Error(`expected ${FIRING} fires, got ${JSON.stringify(row)}`);
    return { setupSeconds, rebuildMs, quietMicros, watcherMicros, fireMs, pushMs, stats: watcher.stats() };
  } finally {
    await app.close();
    await push.close();
    if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(ctx.db);
    await database.close();
  }
}

function report(label: string, r: Awaited<ReturnType<typeof run>>) {
  const line = (k: string, v: string) => console.log(`  ${k.padEnd(52)} ${v}`);
  console.log(`\n${label}: ${ALERTS} active alerts on ${CODE}`);
  line(`set-up of ${ALERTS} alerts (bulk insert)`, `${r.setupSeconds.toFixed(1)} s`);
  line('watcher rebuild from the database', `${r.rebuildMs.toFixed(0)} ms`);
  line(
    `tick firing none (market ingest + watcher), ${QUIET_TICKS} ticks`,
    `${r.quietMicros.toFixed(2)} µs/tick`,
  );
  line('  of which the watcher (book lookup)', `${r.watcherMicros.toFixed(3)} µs/tick`);
  line(`tick to ${FIRING} alerts fired and written as messages`, `${r.fireMs.toFixed(0)} ms`);
  line('  fires per second', `${((FIRING / r.fireMs) * 1000).toFixed(0)}`);
  line(`tick to ${FIRING} pushes received on loopback`, `${r.pushMs.toFixed(0)} ms`);
  line('alerts still watched after the fire', `${r.stats.watching}`);
}

async function main() {
  process.env.NODE_ENV = 'production';
  console.log(`alerts bench: ${ALERTS} price alerts, one tick firing ${FIRING}`);
  if (process.env.BENCH_ONLY !== 'postgres') report('Embedded (PGlite, in memory)', await run('pglite'));
  if (process.env.BENCH_ONLY !== 'embedded') {
    try {
      report('PostgreSQL', await run('postgres'));
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
