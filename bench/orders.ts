/**
 * Order throughput through HTTP (ARCHITECTURE "Data", docs/benchmarks.md "Orders").
 *
 *   node --import tsx bench/orders.ts
 *
 * On PostgreSQL: orders/s of `POST /api/vue/trade/order` (market orders that fill at once: one
 * ledger transaction, the position row and the fill message) from 50 concurrent keep-alive
 * clients, divided by pgbench's tpcb-like TPS on the same server in the same run (`-c 50 -j 2`).
 * On the embedded database: the same HTTP load divided by a raw PGlite loop of pgbench's
 * tpcb-like transaction. Also p50/p99 latency. The load runs in a worker thread so the client
 * does not share the server's event loop. Bounded: BENCH_SECONDS (default 10) per phase.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench; the database
 * is created when missing), BENCH_SECONDS, BENCH_CLIENTS (default 50), PGBENCH (path).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { postForm } from './http';
import { registerAs } from './investor-session';
import { dropSchema, ensureDatabase } from './pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const WARMUP_MS = 2_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
/** `postgres` or `embedded` runs one half only. */
const ONLY = process.env.BENCH_ONLY ?? '';
const ORDER_BODY = 'type=jpy&code=7203&direction=long&order_type=market&quantity=1&leverage=1';

interface LoadInput {
  port: number;
  sessions: Array<{ token: string; account: string }>;
  durationMs: number;
  warmupMs: number;
}
interface LoadResult {
  ok: number;
  refused: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
  firstRefusal: string | null;
}

// ---------------------------------------------------------------- the load (worker thread)

function post(agent: http.Agent, port: number, session: LoadInput['sessions'][number]): Promise<string> {
  return postForm(agent, port, '/api/vue/trade/order', ORDER_BODY, {
    token: session.token,
    account: session.account,
  });
}

async function runLoad(input: LoadInput): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: input.sessions.length });
  const started = performance.now();
  const measureFrom = started + input.warmupMs;
  const deadline = measureFrom + input.durationMs;
  const result: LoadResult = {
    ok: 0,
    refused: 0,
    errors: 0,
    seconds: 0,
    latenciesMs: [],
    firstRefusal: null,
  };
  await Promise.all(
    input.sessions.map(async (session) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        let answer: { status?: number; msg?: string } = {};
        try {
          answer = JSON.parse(await post(agent, input.port, session)) as typeof answer;
        } catch {
          if (t0 >= measureFrom) result.errors++;
          continue;
        }
        const t1 = performance.now();
        if (t0 < measureFrom) continue;
        if (answer.status === 1) {
          result.ok++;
          result.latenciesMs.push(t1 - t0);
        } else {
          result.refused++;
          result.firstRefusal ??= answer.msg ?? 'unknown';
        }
      }
    }),
  );
  result.seconds = (performance.now() - measureFrom) / 1000;
  agent.destroy();
  return result;
}

/** Run as a script (not imported by another bench for its yardstick). */
const isEntry =
  process.argv[1] !== undefined && pathToFileURL(resolve(process.argv[1])).href === import.meta.url;

if (!isMainThread) {
  runLoad(workerData as LoadInput).then((r) => parentPort!.postMessage(r));
} else if (isEntry) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

// ---------------------------------------------------------------- the server side (main thread)

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function loadInWorker(input: LoadInput): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // A worker does not inherit the tsx loader on Node 20: register it, then load this file.
    const source = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`;
    const worker = new Worker(source, { eval: true, workerData: input });
    worker.once('message', (r: LoadResult) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const run = promisify(execFile);

function pgbenchPath(): string {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const found = versions.map((v) => `${root}/${v}/bin/pgbench`).filter((p) => existsSync(p));
  return found.at(-1) ?? 'pgbench';
}

async function pgbenchTps(url: string): Promise<number> {
  const bin = pgbenchPath();
  await run(bin, ['-i', '-s', '1', '-q', url], { maxBuffer: 16 * 1024 * 1024 });
  const { stdout } = await run(bin, ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const match = /tps = ([\d.]+)/.exec(stdout);
  if (!match) throw new Error(`no tps in pgbench output:\n${stdout}`);
  return Number(match[1]);
}

/** pgbench's tpcb-like transaction, run back to back on an in-memory PGlite (scale 1). */
async function pgliteTpcbTps(): Promise<number> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  await db.exec(`
    CREATE TABLE pgbench_branches (bid int PRIMARY KEY, bbalance int, filler char(88));
    CREATE TABLE pgbench_tellers (tid int PRIMARY KEY, bid int, tbalance int, filler char(84));
    CREATE TABLE pgbench_accounts (aid int PRIMARY KEY, bid int, abalance int, filler char(84));
    CREATE TABLE pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
    INSERT INTO pgbench_branches SELECT 1, 0, '';
    INSERT INTO pgbench_tellers SELECT g, 1, 0, '' FROM generate_series(1, 10) g;
    INSERT INTO pgbench_accounts SELECT g, 1, 0, '' FROM generate_series(1, 100000) g;
  `);
  let n = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  while (performance.now() < deadline) {
    const aid = 1 + Math.floor(Math.random() * 100_000);
    const tid = 1 + Math.floor(Math.random() * 10);
    const delta = Math.floor(Math.random() * 10_001) - 5_000;
    await db.transaction(async (tx) => {
      await tx.query('UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2', [delta, aid]);
      await tx.query('SELECT abalance FROM pgbench_accounts WHERE aid = $1', [aid]);
      await tx.query('UPDATE pgbench_tellers SET tbalance = tbalance + $1 WHERE tid = $2', [delta, tid]);
      await tx.query('UPDATE pgbench_branches SET bbalance = bbalance + $1 WHERE bid = $2', [delta, 1]);
      await tx.query(
        'INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES ($1, $2, $3, $4, CURRENT_TIMESTAMP)',
        [tid, 1, aid, delta],
      );
    });
    n++;
  }
  const tps = n / ((performance.now() - t0) / 1000);
  await db.close();
  return tps;
}

export interface HttpFigures {
  ordersPerSecond: number;
  p50: number;
  p99: number;
  refused: number;
  errors: number;
  firstRefusal: string | null;
  /** Share of the run the server's event loop was busy (1 = its one thread saturated). */
  busy: number;
}

/**
 * The HTTP order rate alone, for other benchmarks to measure in their own run (the copy-trading
 * fan-out compares with it): `seconds` of load from `clients` after the warm-up, on a fresh
 * schema `schema` (PostgreSQL) or an embedded database in its own thread. Production configuration.
 */
export async function measureOrderRate(options: {
  database: 'postgres' | 'embedded';
  seconds?: number;
  clients?: number;
  schema?: string;
  /** PostgreSQL server to measure (default BENCH_DATABASE_URL). */
  url?: string;
}): Promise<HttpFigures> {
  process.env.NODE_ENV = 'production';
  const url = options.url ?? PG_URL;
  if (options.database === 'postgres') await ensureDatabase(url);
  return ordersThroughHttp(options.database === 'postgres' ? 'postgres' : 'pglite', {
    seconds: options.seconds ?? SECONDS,
    clients: options.clients ?? CLIENTS,
    schema: options.schema ?? 'kabuto_bench',
    url,
  });
}

async function ordersThroughHttp(
  kind: 'postgres' | 'pglite',
  load: { seconds: number; clients: number; schema: string; url?: string } = {
    seconds: SECONDS,
    clients: CLIENTS,
    schema: 'kabuto_bench',
  },
): Promise<HttpFigures> {
  const pgUrl = load.url ?? PG_URL;
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase, inTransaction } = await import('../apps/server/src/db/database');
  const { HOUSE, postTransaction } = await import('../apps/server/src/ledger/ledger');
  const { sql } = await import('kysely');

  const schema = kind === 'postgres' ? load.schema : undefined;
  if (schema) {
    await ensureDatabase(pgUrl);
    await dropSchema(pgUrl, schema);
  }
  const database = await openDatabase({
    url: kind === 'postgres' ? pgUrl : null,
    schema,
    poolSize: 20,
    thread: kind === 'pglite',
  });
  const config = loadConfig(
    {},
    {
      marketHours: 'always',
      fundHours: 'always',
      rateLimitPerMinute: 1_000_000_000,
      orderRateLimitPerMinute: 1_000_000_000,
      loginRateLimitPerMinute: 1_000_000_000,
      marketCodes: ['7203'],
      dataDir: `/tmp/kabuto-bench-${process.pid}`,
    },
  );
  const { app, ctx } = await buildApp({
    config,
    database,
    schema,
    serveStatic: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  try {
    const sessions: LoadInput['sessions'] = [];
    for (let i = 0; i < load.clients; i++) {
      const account = `bench${String(i).padStart(4, '0')}`;
      sessions.push(await registerAs(`http://127.0.0.1:${port}`, account));
      const user = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', account)
        .executeTakeFirstOrThrow();
      await inTransaction(ctx.db, (trx) =>
        postTransaction(
          trx,
          {
            kind: 'deposit',
            userId: user.id,
            memo: 'bench funding',
            postings: [
              { userId: HOUSE, account: 'house:bank', currency: 'JPY', amountMinor: -1_000_000_000_000 },
              { userId: user.id, account: 'available', currency: 'JPY', amountMinor: 1_000_000_000_000 },
            ],
          },
          ctx.clock.now(),
        ),
      );
    }
    const elu0 = performance.eventLoopUtilization();
    const result = await loadInWorker({
      port,
      sessions,
      durationMs: load.seconds * 1000,
      warmupMs: WARMUP_MS,
    });
    const busy = performance.eventLoopUtilization(elu0).utilization;
    const sorted = result.latenciesMs.sort((a, b) => a - b);
    const placed = await sql<{ n: string }>`SELECT count(*)::text AS n FROM positions`.execute(ctx.db);
    if (Number(placed.rows[0]!.n) < result.ok) throw new Error('fewer positions than accepted orders');
    return {
      ordersPerSecond: result.ok / result.seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      refused: result.refused,
      errors: result.errors,
      firstRefusal: result.firstRefusal,
      busy,
    };
  } finally {
    await app.close();
    if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(ctx.db);
    await database.close();
  }
}

const fixed = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');

function line(label: string, value: string) {
  console.log(`  ${label.padEnd(44)} ${value}`);
}

async function main() {
  // Measure the production configuration (answers are not re-checked against the contract).
  process.env.NODE_ENV = 'production';
  console.log(
    `orders bench: ${CLIENTS} clients, ${SECONDS} s per phase (after ${WARMUP_MS / 1000} s warm-up)`,
  );

  if (ONLY !== 'embedded') await postgresHalf();
  if (ONLY !== 'postgres') await embeddedHalf();
  process.exit(0);
}

async function postgresHalf() {
  const bin = pgbenchPath();
  if (bin !== 'pgbench' && !existsSync(bin)) throw new Error(`pgbench not found at ${bin}`);
  try {
    await ensureDatabase(PG_URL);
  } catch (error) {
    console.log(`PostgreSQL at ${PG_URL} unavailable (${(error as Error).message}); skipping that half`);
  }
  try {
    const tps = await pgbenchTps(PG_URL);
    const ours = await ordersThroughHttp('postgres');
    const pgRatio = ours.ordersPerSecond / tps;
    console.log('\nPostgreSQL');
    line('pgbench tpcb-like TPS (-c 50 -j 2)', fixed(tps));
    line('orders/s through HTTP', fixed(ours.ordersPerSecond));
    line('ratio (goal >= 0.5)', fixed(pgRatio, 2));
    line('latency p50 / p99 (ms)', `${fixed(ours.p50)} / ${fixed(ours.p99)}`);
    line('server event loop busy', `${fixed(ours.busy * 100, 0)} %`);
    if (ours.refused || ours.errors)
      line('refused / errors', `${ours.refused} (${ours.firstRefusal}) / ${ours.errors}`);
  } catch (error) {
    console.log(`PostgreSQL half failed: ${(error as Error).message}`);
  }
}

async function embeddedHalf() {
  const rawTps = await pgliteTpcbTps();
  const embedded = await ordersThroughHttp('pglite');
  const liteRatio = embedded.ordersPerSecond / rawTps;
  console.log('\nEmbedded (PGlite, in memory)');
  line('raw PGlite tpcb-like loop TPS', fixed(rawTps));
  line('orders/s through HTTP', fixed(embedded.ordersPerSecond));
  line('ratio (goal >= 0.5)', fixed(liteRatio, 2));
  line('latency p50 / p99 (ms)', `${fixed(embedded.p50)} / ${fixed(embedded.p99)}`);
  line('server event loop busy', `${fixed(embedded.busy * 100, 0)} %`);
  if (embedded.refused || embedded.errors)
    line('refused / errors', `${embedded.refused} (${embedded.firstRefusal}) / ${embedded.errors}`);
}
