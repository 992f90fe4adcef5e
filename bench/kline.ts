/**
 * Chart latency under load (ARCHITECTURE "Market", docs/benchmarks.md "Charts").
 *
 *   node --import tsx bench/kline.ts
 *
 * Starts the server (market features only; bench/kline-server.ts: embedded database, or
 * PostgreSQL with BENCH_DATABASE_URL) with the full simulated universe (first-start history
 * generation is timed too) and the live feed ticking, then measures
 * `POST /api/vue/market/kline` for one year of daily bars with forward adjustment
 * (period=day, adjust=forward, size=245) over every stock, round-robin:
 *   1. cold: the first request of each code, one at a time (loads and adjusts its history);
 *   2. load: BENCH_CLIENTS (default 50) keep-alive clients in a worker thread for BENCH_SECONDS
 *      (default 10) after a 2 s warm-up: requests/s and p50/p95/p99/max latency.
 * Bounded in time (BENCH_SECONDS) and in count (BENCH_MAX_REQUESTS, default 200,000).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { postForm } from './http';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 200_000);
const WARMUP_MS = 2_000;
/** About one year of trading days. */
const SIZE = 245;

interface LoadInput {
  port: number;
  codes: string[];
  clients: number;
  durationMs: number;
  warmupMs: number;
  maxRequests: number;
}
interface LoadResult {
  ok: number;
  failed: number;
  seconds: number;
  latenciesMs: number[];
  firstFailure: string | null;
  bars: number;
}

function body(code: string): string {
  return new URLSearchParams({
    type: 'jpy',
    code,
    period: 'day',
    adjust: 'forward',
    size: String(SIZE),
  }).toString();
}

function post(agent: http.Agent, port: number, payload: string): Promise<string> {
  return postForm(agent, port, '/api/vue/market/kline', payload);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

// ---------------------------------------------------------------- the load (worker thread)

async function runLoad(input: LoadInput): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: input.clients });
  const payloads = input.codes.map(body);
  const started = performance.now();
  const measureFrom = started + input.warmupMs;
  const deadline = measureFrom + input.durationMs;
  const result: LoadResult = { ok: 0, failed: 0, seconds: 0, latenciesMs: [], firstFailure: null, bars: 0 };
  let sent = 0;
  await Promise.all(
    Array.from({ length: input.clients }, async (_, client) => {
      let i = client;
      while (performance.now() < deadline && sent < input.maxRequests) {
        sent += 1;
        const begin = performance.now();
        const text = await post(agent, input.port, payloads[i % payloads.length]!);
        const end = performance.now();
        i += input.clients;
        if (begin < measureFrom) continue;
        const answer = JSON.parse(text) as { status: number; msg: string; data?: { bars: unknown[] } };
        if (answer.status === 1 && answer.data && answer.data.bars.length > 200) {
          result.ok += 1;
          result.bars = answer.data.bars.length;
          result.latenciesMs.push(end - begin);
        } else {
          result.failed += 1;
          result.firstFailure ??= text.slice(0, 200);
        }
      }
    }),
  );
  result.seconds = (performance.now() - measureFrom) / 1000;
  agent.destroy();
  return result;
}

if (!isMainThread) {
  const result = await runLoad(workerData as LoadInput);
  parentPort!.postMessage(result);
} else {
  await main();
}

// ---------------------------------------------------------------- the server (main thread)

async function main() {
  const { startMarketServer } = await import('./kline-server');
  const server = await startMarketServer({}, true);
  const { ctx, port } = server;
  const codes = ctx.market
    .instruments()
    .filter((i) => i.kind === 'stock')
    .map((i) => i.code);

  console.log(
    'Kabuto chart benchmark: /market/kline period=day adjust=forward size=245 (one year of daily bars)',
  );
  console.log(
    `server start with first-start seeding (${server.databaseKind}, ${ctx.market.instruments().length} instruments): ${(server.startMs / 1000).toFixed(1)} s`,
  );

  const agent = new http.Agent({ keepAlive: true });
  const cold: number[] = [];
  for (const code of codes) {
    const begin = performance.now();
    const text = await post(agent, port, body(code));
    cold.push(performance.now() - begin);
    if (!text.includes('"status":1')) throw new Error(`kline for ${code} failed: ${text.slice(0, 200)}`);
  }
  agent.destroy();
  cold.sort((a, b) => a - b);
  console.log(
    `cold (first request per code, ${codes.length} codes, sequential): p50 ${ms(percentile(cold, 50))}, max ${ms(cold.at(-1)!)}`,
  );

  const result = await new Promise<LoadResult>((resolve, reject) => {
    // A worker does not inherit the tsx loader on Node 20: register it, then load this file.
    const source = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`;
    const worker = new Worker(source, {
      eval: true,
      workerData: {
        port,
        codes,
        clients: CLIENTS,
        durationMs: SECONDS * 1000,
        warmupMs: WARMUP_MS,
        maxRequests: MAX_REQUESTS,
      } satisfies LoadInput,
    });
    worker.once('message', (r: LoadResult) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  const sorted = result.latenciesMs.sort((a, b) => a - b);
  console.log(
    `load (${CLIENTS} concurrent keep-alive clients, ${result.seconds.toFixed(1)} s, feed ticking every second): ` +
      `${(result.ok / result.seconds).toFixed(0)} req/s, ${result.bars} bars per answer, failed ${result.failed}`,
  );
  console.log(
    `latency: p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}`,
  );
  if (result.firstFailure) console.log(`first failure: ${result.firstFailure}`);
  await server.close();
}
