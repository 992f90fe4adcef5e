/**
 * The price of synchronous replication in order latency (docs/benchmarks.md "Orders on the
 * PostgreSQL cluster"): bench/orders.ts's HTTP order load (market orders that fill at once, from
 * BENCH_CLIENTS keep-alive clients, BENCH_SECONDS after a 2 s warm-up) on the single PostgreSQL
 * server and on the Patroni cluster through HAProxy (primary + synchronous standby: every commit
 * waits for the standby's flush), in the same run, alternated BENCH_ROUNDS times (default 2) so a
 * busy moment of the machine does not fall on one side only.
 *
 *   bash scripts/ensure-pg-cluster.sh && node --import tsx bench/orders-cluster.ts
 *
 * Environment: BENCH_DATABASE_URL (single server, default postgres://postgres@127.0.0.1:5432/bench),
 * BENCH_CLUSTER_URL (default postgres://postgres@127.0.0.1:5440/bench), BENCH_SECONDS, BENCH_CLIENTS,
 * BENCH_ROUNDS.
 */
import { type HttpFigures, measureOrderRate } from './orders';

const SINGLE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const CLUSTER = process.env.BENCH_CLUSTER_URL ?? 'postgres://postgres@127.0.0.1:5440/bench';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const fixed = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const row = (label: string, f: HttpFigures) =>
  `  ${label.padEnd(36)} ${fixed(f.ordersPerSecond).padStart(8)} ${fixed(f.p50).padStart(8)} ${fixed(f.p99).padStart(8)}${
    f.refused || f.errors ? `   refused ${f.refused} (${f.firstRefusal}), errors ${f.errors}` : ''
  }`;

async function main() {
  const results: Record<'single' | 'cluster', HttpFigures[]> = { single: [], cluster: [] };
  console.log(`orders: single server vs cluster, ${ROUNDS} rounds each, alternated`);
  console.log(`  ${''.padEnd(36)} ${'orders/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [side, url] of [
      ['single', SINGLE],
      ['cluster', CLUSTER],
    ] as const) {
      const figures = await measureOrderRate({ database: 'postgres', url, schema: 'kabuto_bench_cluster' });
      results[side].push(figures);
      console.log(
        row(`round ${round}, ${side === 'single' ? 'single server' : 'cluster via HAProxy'}`, figures),
      );
    }
  }
  const mean = (list: HttpFigures[], key: 'ordersPerSecond' | 'p50' | 'p99') =>
    list.reduce((a, f) => a + f[key], 0) / list.length;
  console.log('\nmeans');
  for (const side of ['single', 'cluster'] as const) {
    const list = results[side];
    console.log(
      `  ${side.padEnd(8)} ${fixed(mean(list, 'ordersPerSecond'))} orders/s, p50 ${fixed(mean(list, 'p50'))} ms, p99 ${fixed(mean(list, 'p99'))} ms`,
    );
  }
  const ratio = mean(results.cluster, 'p50') / mean(results.single, 'p50');
  console.log(
    `  cluster / single: p50 × ${fixed(ratio, 2)}, orders/s × ${fixed(mean(results.cluster, 'ordersPerSecond') / mean(results.single, 'ordersPerSecond'), 2)}`,
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
