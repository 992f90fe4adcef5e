/**
 * First-start history generation cost (docs/benchmarks.md "Market history at first start").
 *
 *   node --import tsx bench/history-start.ts            # the default history
 *   BENCH_HISTORY_DAYS=730 node --import tsx bench/history-start.ts
 *
 * Starts the market's own modules on a fresh embedded database (or BENCH_DATABASE_URL) and prints
 * how long the start took, daily rows stored, and the first day-chart request of one code.
 */
import { performance } from 'node:perf_hooks';
import { startMarketServer } from './kline-server';

const days = process.env.BENCH_HISTORY_DAYS ? Number(process.env.BENCH_HISTORY_DAYS) : undefined;
const server = await startMarketServer(days ? { marketHistoryDays: days } : {}, false);
try {
  const { sql } = await import('kysely');
  const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM market_bars_day`.execute(server.ctx.db);
  const cold = performance.now();
  const res = await fetch(`http://127.0.0.1:${server.port}/api/vue/market/kline`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'jpy', code: '7203', period: 'year', adjust: 'forward', size: '300' }),
  });
  const answer = (await res.json()) as { data?: { bars?: unknown[] } };
  const coldMs = performance.now() - cold;
  console.log(
    JSON.stringify({
      historyDays: days ?? 'default',
      database: server.databaseKind,
      startMs: Math.round(server.startMs),
      dayRows: Number(rows.rows[0]?.n ?? 0),
      coldYearRequestMs: Math.round(coldMs),
      yearBars: answer.data?.bars?.length ?? null,
    }),
  );
} finally {
  await server.close();
}
