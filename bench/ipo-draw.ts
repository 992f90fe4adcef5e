/**
 * The new-share draw over 1,000,000 applications (docs/benchmarks.md "New shares"): time and peak
 * memory of `lotterySeed` + `drawLottery` (packages/domain), the work the lottery job does before
 * writing its results.
 *
 *   node --expose-gc --import tsx bench/ipo-draw.ts
 *
 * Applications: ids 1..N, 1 to 50 units of 100 shares (seeded); offered shares: a tenth of the applied
 * shares (oversubscribed ×10, the usual case), and a draw where the offer exceeds half of it (the
 * losers are sampled instead). Environment: BENCH_APPLICATIONS (default 1,000,000).
 */
import { performance } from 'node:perf_hooks';
import { drawLottery, lotterySeed } from '@kabuto/domain';

const N = Number(process.env.BENCH_APPLICATIONS ?? 1_000_000);
/** The unit: applications are whole units of 100 shares (the share's minimum). */
const LOT = 100;

function applications(n: number) {
  let x = 2463534242;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  return Array.from({ length: n }, (_, i) => ({ id: i + 1, quantity: 100 * (1 + Math.floor(next() * 50)) }));
}

function run(label: string, offeredShare: number) {
  const apps = applications(N);
  const applied = apps.reduce((s, a) => s + a.quantity, 0);
  const offered = Math.floor((applied * offeredShare) / LOT) * LOT;
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peak = before.heapUsed;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const started = performance.now();
  const seed = lotterySeed(
    1,
    apps.map((a) => a.id),
  );
  const seeded = performance.now();
  const result = drawLottery({ seed, offeredShares: offered, lotSize: LOT, applications: apps });
  const ended = performance.now();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  const allotted = result.winners.reduce((s, w) => s + w.allottedShares, 0);
  console.log(
    `${label}: ${N.toLocaleString()} applications, ${applied.toLocaleString()} shares applied, ` +
      `${offered.toLocaleString()} offered → ${result.winners.length.toLocaleString()} winners, ${allotted.toLocaleString()} allotted`,
  );
  console.log(
    `  seed ${(seeded - started).toFixed(0)} ms, draw ${(ended - seeded).toFixed(0)} ms, total ${(ended - started).toFixed(0)} ms; ` +
      `heap above the inputs: peak +${((peak - before.heapUsed) / 2 ** 20).toFixed(0)} MiB, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  );
}

run('oversubscribed ×10', 0.1);
run('offer of 70 % of the applied (losers sampled)', 0.7);
