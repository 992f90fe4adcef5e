/**
 * Quote stream fan-out on one node (ARCHITECTURE "Market", docs/benchmarks.md "Quote stream").
 *
 *   node --import tsx bench/ws-fanout.ts
 *
 * The server runs in this process (bench/kline-server.ts: market features only, the embedded
 * database or PostgreSQL with BENCH_DATABASE_URL, the full simulated universe, the live feed
 * ticking every instrument once a second with MARKET_HOURS=always, published in
 * BENCH_FEED_SLICES slices spread over the second, default the feed's own). The WebSocket clients
 * run in a child process, so the two share neither an event loop nor a file-descriptor limit.
 * Clients are added in steps (BENCH_LEVELS, default 1000,2500,5000,10000), each subscribed to 5
 * codes spread over the universe. At each step, over BENCH_SECONDS (default 10) of ticks, it
 * reports the feed's rate, how many clients received every tick of their codes, the
 * tick-to-client latency (client receive time − the tick's time) p50/p99/max, and CPU, event-loop
 * delay and GC of both sides. A step passes when the feed kept its rate, every client got every
 * tick and p99 ≤ 100 ms. Bounded: the steps above, BENCH_SECONDS per step, a 180 s cap on
 * connecting each step.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LEVELS = (process.env.BENCH_LEVELS ?? '1000,2500,5000,10000').split(',').map(Number);
const FEED_SLICES = process.env.BENCH_FEED_SLICES ? Number(process.env.BENCH_FEED_SLICES) : undefined;
const CODES_PER_CLIENT = 5;
const P99_GOAL_MS = 100;
const CONNECT_BATCH = 250;
const CONNECT_CAP_MS = 180_000;
const GRACE_MS = 2_000;

type ToClients =
  | { kind: 'connect'; port: number; codes: string[]; total: number }
  | { kind: 'measure'; from: number; to: number }
  | { kind: 'exit' };
type FromClients =
  | { kind: 'connected'; clients: number; failed: number; ms: number }
  | { kind: 'measured'; received: number[]; latencies: number[]; cpu: number; loopP99Ms: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ---------------------------------------------------------------- the clients (child process)

async function clients() {
  interface Client {
    socket: WebSocket;
    codes: string[];
    received: number;
  }
  const all: Client[] = [];
  let window = { from: Number.POSITIVE_INFINITY, to: Number.NEGATIVE_INFINITY };
  let latencies: number[] = [];

  const open = (port: number, codes: string[]) =>
    new Promise<Client | null>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { perMessageDeflate: false });
      const client: Client = { socket, codes, received: 0 };
      const timer = setTimeout(() => resolve(null), CONNECT_CAP_MS);
      socket.on('message', (data: Buffer) => {
        const text = data.toString('latin1');
        // Cheap parse: only the tick's time matters here (the server writes it as an ISO instant).
        const at = text.indexOf('"time":"');
        if (at === -1) {
          if (text.includes('"subscribed"')) {
            clearTimeout(timer);
            resolve(client);
          }
          return;
        }
        const time = Date.parse(text.slice(at + 8, at + 32));
        if (time >= window.from && time < window.to) {
          client.received += 1;
          latencies.push(Date.now() - time);
        }
      });
      socket.on('open', () => socket.send(JSON.stringify({ op: 'subscribe', codes })));
      socket.on('error', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });

  process.on('message', async (message: ToClients) => {
    if (message.kind === 'connect') {
      const started = performance.now();
      let failed = 0;
      while (all.length + failed < message.total && performance.now() - started < CONNECT_CAP_MS) {
        const batch = Math.min(CONNECT_BATCH, message.total - all.length - failed);
        const opened = await Promise.all(
          Array.from({ length: batch }, (_, j) => {
            const i = all.length + failed + j;
            const codes = Array.from(
              { length: CODES_PER_CLIENT },
              (_, k) => message.codes[(i * CODES_PER_CLIENT + k) % message.codes.length]!,
            );
            return open(message.port, codes);
          }),
        );
        for (const client of opened) {
          if (client) all.push(client);
          else failed += 1;
        }
      }
      process.send!({
        kind: 'connected',
        clients: all.length,
        failed,
        ms: performance.now() - started,
      } satisfies FromClients);
    } else if (message.kind === 'measure') {
      for (const client of all) client.received = 0;
      latencies = [];
      window = { from: message.from, to: message.to };
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const cpuBefore = process.cpuUsage();
      const wallBefore = performance.now();
      setTimeout(
        () => {
          const used = process.cpuUsage(cpuBefore);
          loop.disable();
          process.send!({
            kind: 'measured',
            received: all.map((c) => c.received),
            latencies,
            cpu: (used.user + used.system) / 1000 / (performance.now() - wallBefore),
            loopP99Ms: loop.percentile(99) / 1e6,
          } satisfies FromClients);
        },
        message.to - Date.now() + GRACE_MS,
      );
    } else {
      for (const client of all) client.socket.terminate();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- the server (this process)

async function main() {
  const { startMarketServer } = await import('./kline-server');
  const server = await startMarketServer(
    { marketHistoryDays: 10, marketMinuteDays: 0, ...(FEED_SLICES ? { marketFeedSlices: FEED_SLICES } : {}) },
    false,
  );
  const { ctx, port } = server;
  const codes = ctx.market.instruments().map((i) => i.code);

  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--clients'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <K extends FromClients['kind']>(message: ToClients, kind: K) =>
    new Promise<Extract<FromClients, { kind: K }>>((resolve) => {
      const listener = (reply: FromClients) => {
        if (reply.kind !== kind) return;
        child.off('message', listener);
        resolve(reply as Extract<FromClients, { kind: K }>);
      };
      child.on('message', listener);
      child.send(message);
    });

  console.log(
    `Kabuto quote stream fan-out: one node (${server.databaseKind}), ${codes.length} instruments ticking once a second, ${CODES_PER_CLIENT} codes per client, ${SECONDS} s per step`,
  );
  let best = 0;
  for (const level of LEVELS) {
    const connected = await ask({ kind: 'connect', port, codes, total: level }, 'connected');
    if (connected.clients < level) {
      console.log(
        `${level} clients: only ${connected.clients} connected (${connected.failed} failed) — stopping`,
      );
      break;
    }
    const ticks = new Map<string, number>();
    const from = Date.now() + 1_000;
    const to = from + SECONDS * 1000;
    const unsubscribe = ctx.market.onTick((tick) => {
      const t = Date.parse(tick.time);
      if (t >= from && t < to) ticks.set(tick.code, (ticks.get(tick.code) ?? 0) + 1);
    });
    const droppedBefore = ctx.marketData.hub!.dropped;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    const gcPauses: number[] = [];
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gcPauses.push(entry.duration);
    });
    gc.observe({ entryTypes: ['gc'] });
    const measured = await ask({ kind: 'measure', from, to }, 'measured');
    gc.disconnect();
    const cpu = process.cpuUsage(cpuBefore);
    const serverCpu = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
    loop.disable();
    unsubscribe();
    const expected = Array.from({ length: connected.clients }, (_, i) =>
      Array.from(
        { length: CODES_PER_CLIENT },
        (_, k) => ticks.get(codes[(i * CODES_PER_CLIENT + k) % codes.length]!) ?? 0,
      ).reduce((a, b) => a + b, 0),
    );
    const complete = measured.received.filter((r, i) => r >= expected[i]!).length;
    const delivered = measured.received.reduce((a, b) => a + b, 0);
    const wanted = expected.reduce((a, b) => a + b, 0);
    const sorted = measured.latencies.sort((a, b) => a - b);
    const produced = [...ticks.values()].reduce((a, b) => a + b, 0) / SECONDS;
    const p99 = percentile(sorted, 99);
    // The feed must also have kept its rate: one tick per instrument per second.
    const pass = complete === connected.clients && p99 <= P99_GOAL_MS && produced >= 0.95 * codes.length;
    if (pass) best = level;
    console.log(
      `${String(level).padStart(6)} clients (connected in ${(connected.ms / 1000).toFixed(1)} s): ` +
        `feed ${produced.toFixed(1)} ticks/s, ` +
        `${(delivered / SECONDS).toFixed(0)} msgs/s, delivered ${((100 * delivered) / Math.max(1, wanted)).toFixed(2)} % ` +
        `(${complete}/${connected.clients} clients got every tick, ${ctx.marketData.hub!.dropped - droppedBefore} dropped for slow sockets), ` +
        `latency p50 ${percentile(sorted, 50)} ms, p99 ${p99} ms, max ${sorted.at(-1)} ms; ` +
        `server CPU ${(100 * serverCpu).toFixed(0)} % of a core, event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, ` +
        `GC ${gcPauses.reduce((a, b) => a + b, 0).toFixed(0)} ms in ${gcPauses.length} pauses (longest ${Math.max(0, ...gcPauses).toFixed(0)} ms); ` +
        `clients CPU ${(100 * measured.cpu).toFixed(0)} %, event-loop delay p99 ${measured.loopP99Ms.toFixed(0)} ms — ${pass ? 'pass' : 'FAIL'}`,
    );
    if (!pass) break;
  }
  console.log(`largest step where every client got every tick with p99 ≤ ${P99_GOAL_MS} ms: ${best} clients`);
  child.send({ kind: 'exit' } satisfies ToClients);
  await server.close();
}

if (process.argv.includes('--clients')) await clients();
else await main();
