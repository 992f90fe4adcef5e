/**
 * Home's rankings on a cold start (docs/benchmarks.md "Rankings on a cold start").
 *
 *   node --import tsx bench/rankings-cold.ts
 *
 * Starts the server (market features only; bench/kline-server.ts: embedded database, or
 * PostgreSQL with BENCH_DATABASE_URL) with the full simulated universe, forgets the cached
 * daily histories (as a restarted node has none), then times `POST /api/vue/market/rankings`
 * for each market and window: the first call of all (cold), and the same calls again (warm).
 * BENCH_ROUNDS (default 3) restarts of the cache; the median is printed.
 */
import { performance } from 'node:perf_hooks';
import { startMarketServer } from './kline-server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MARKETS = ['jpy', 'usd', 'cny'] as const;
const WINDOWS = ['1w', '1m', '3m', '6m'] as const;

const server = await startMarketServer({}, false);
try {
  const call = async (type: string, window: string) => {
    const started = performance.now();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/vue/market/rankings',
      headers: { 'content-type': 'application/json', language: 'jp' },
      payload: JSON.stringify({ type, window, size: 10 }),
    });
    const ms = performance.now() - started;
    const json = res.json() as { status: number; msg: string; data: { list: unknown[] } };
    if (json.status !== 1 || json.data.list.length === 0)
      throw new Error(`rankings ${type} ${window}: ${json.msg}`);
    return ms;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const firstCalls: number[] = [];
  const coldAll: number[] = [];
  const warmAll: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    server.ctx.marketData.klines.clear();
    const started = performance.now();
    firstCalls.push(await call('jpy', '1m'));
    for (const type of MARKETS) for (const window of WINDOWS) await call(type, window);
    coldAll.push(performance.now() - started);
    const warm = performance.now();
    for (const type of MARKETS) for (const window of WINDOWS) await call(type, window);
    warmAll.push(performance.now() - warm);
  }
  const stocks = MARKETS.map(
    (m) => `${m} ${server.ctx.market.instruments(m).filter((i) => i.kind === 'stock').length}`,
  ).join(', ');
  console.log(`database: ${server.databaseKind}; stocks: ${stocks}; median of ${ROUNDS}`);
  console.log(`first call after a cold start (jpy, 1m):        ${median(firstCalls).toFixed(1)} ms`);
  console.log(`cold: first call + all 12 market × window calls: ${median(coldAll).toFixed(1)} ms`);
  console.log(`warm: the 12 calls again:                        ${median(warmAll).toFixed(1)} ms`);
} finally {
  await server.close();
}
