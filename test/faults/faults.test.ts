import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db/database';
import { ENGINE_REFRESH_MS } from '../../apps/server/src/modules/trading/engine';
import { checkRun } from './checks';
import {
  createDatabase,
  feedLeader,
  listening,
  processExists,
  REDIS_URL,
  ServerNode,
  sleep,
  terminateConnections,
  workDir,
} from './servers';
import { seeded, Workload } from './workload';

/**
 * The fault-injection suite (ARCHITECTURE "Scale-out", SPEC §8 Idempotency-Key): real server
 * processes under the bank workload (workload.ts), faults injected mid-load, then the checks from
 * the database (checks.ts). Prints ops/s, operations checked, faults injected and violations per
 * scenario; docs/reliability.md records them.
 *
 *   node scripts/test.mjs faults      (or: npx vitest run --config test/faults/vitest.config.ts)
 */
const CLIENTS = Number(process.env.FAULTS_CLIENTS ?? 12);
/** Load before and after the fault of each scenario. */
const LOAD_BEFORE_MS = Number(process.env.FAULTS_LOAD_MS ?? 6_000);
const LOAD_AFTER_MS = Number(process.env.FAULTS_LOAD_MS ?? 6_000);
const SEED = Number(process.env.FAULTS_SEED ?? 17);
/** Longest a resting order may wait to fill after its price shows in a node's quotes. */
const FILL_LAG_MS = 2_000;

interface Figures {
  scenario: string;
  requests: number;
  seconds: number;
  opsPerSecond: number;
  operations: number;
  checked: number;
  faults: number;
  cutOffs: number;
  violations: number;
}
const summary: Figures[] = [];

afterAll(() => {
  const line = (f: Figures) =>
    `${f.scenario.padEnd(26)} ${String(f.requests).padStart(7)} ${f.opsPerSecond.toFixed(0).padStart(7)} ${String(f.operations).padStart(6)} ${String(f.checked).padStart(8)} ${String(f.faults).padStart(6)} ${String(f.cutOffs).padStart(8)} ${String(f.violations).padStart(10)}`;
  process.stdout.write(
    `\nfault-injection figures (${CLIENTS} clients, seed ${SEED})\n` +
      `${'scenario'.padEnd(26)} ${'requests'.padStart(7)} ${'ops/s'.padStart(7)} ${'ops'.padStart(6)} ${'checked'.padStart(8)} ${'faults'.padStart(6)} ${'cut-offs'.padStart(8)} ${'violations'.padStart(10)}\n` +
      `${summary.map(line).join('\n')}\n`,
  );
  rmSync(workDir, { recursive: true, force: true });
});

interface Run {
  nodes: ServerNode[];
  workload: Workload;
  /** Extra violations found by the scenario itself. */
  violations: string[];
}

/**
 * One scenario: its own database, its nodes, the workload for LOAD_BEFORE_MS, the fault, the
 * workload for LOAD_AFTER_MS, a replay of every answered key, a clean stop, then the checks.
 */
async function scenario(
  name: string,
  options: { database: 'postgres' | 'embedded'; nodes: number; redis?: boolean; viaNpm?: boolean },
  fault: (run: Run) => Promise<number>,
): Promise<void> {
  const dbName = `kabuto_faults_${name.replace(/\W/g, '_')}`;
  const database = options.database === 'postgres' ? await createDatabase(dbName) : null;
  const dataDir = path.join(workDir, name);
  const nodes: ServerNode[] = [];
  for (let i = 0; i < options.nodes; i++) {
    nodes.push(
      await ServerNode.create({
        name: `faults-${name}-${i}`,
        databaseUrl: database?.url ?? null,
        dataDir,
        ...(options.redis ? { redisUrl: REDIS_URL } : {}),
        ...(options.viaNpm ? { viaNpm: true } : {}),
      }),
    );
  }
  try {
    // The first node seeds the database; the others join it.
    for (const node of nodes) await node.start();
    const pick = (client: number) => {
      const preferred = nodes[client % nodes.length]!;
      return preferred.alive() ? preferred.url : (nodes.find((n) => n.alive()) ?? preferred).url;
    };
    const workload = new Workload(name.replace(/\W/g, '').slice(0, 6), pick, CLIENTS, seeded(SEED));
    await workload.setUp();
    const run: Run = { nodes, workload, violations: [] };
    const started = Date.now();
    const requestsBefore = workload.figures.requests;
    workload.start();
    await sleep(LOAD_BEFORE_MS);
    const faults = await fault(run);
    await sleep(LOAD_AFTER_MS);
    await workload.stop();
    const seconds = (Date.now() - started) / 1000;
    const loadRequests = workload.figures.requests - requestsBefore;
    await workload.replayAll();
    for (const node of nodes) {
      const stopped = await node.stop('SIGTERM');
      if (stopped && stopped.code !== 0 && node.alive() === false && stopped.signal !== 'SIGKILL')
        run.violations.push(`${node.spec.name} stopped with ${JSON.stringify(stopped)}`);
    }

    const opened = await openDatabase(database ? { url: database.url } : { dataDir });
    let report: Awaited<ReturnType<typeof checkRun>>;
    try {
      report = await checkRun(opened.db, workload);
    } finally {
      await opened.close();
    }
    const violations = [...run.violations, ...report.violations];
    const figures: Figures = {
      scenario: name,
      requests: loadRequests,
      seconds,
      opsPerSecond: loadRequests / seconds,
      operations: workload.figures.operations,
      checked: report.checked,
      faults,
      cutOffs: workload.figures.cutOffs,
      violations: violations.length,
    };
    summary.push(figures);
    process.stdout.write(
      `[${name}] ${figures.requests} requests in ${seconds.toFixed(1)} s (${figures.opsPerSecond.toFixed(0)}/s), ` +
        `${figures.operations} operations (${workload.figures.acknowledged} acknowledged, ${workload.figures.refused} refused, ` +
        `${workload.figures.replays} replays, ${workload.figures.concurrentDuplicates} concurrent duplicates, ` +
        `${workload.figures.doubleCloses} double closes, ${workload.figures.decisions} reviews), ` +
        `${faults} faults, ${figures.cutOffs} cut-offs retried, ${report.checked} checks, ${violations.length} violations\n`,
    );
    for (const v of violations.slice(0, 20)) process.stdout.write(`  violation: ${v}\n`);
    expect(violations).toEqual([]);
  } catch (error) {
    for (const node of nodes) process.stdout.write(`--- ${node.spec.name} log tail ---\n${node.tail()}\n`);
    throw error;
  } finally {
    for (const node of nodes) if (node.alive()) await node.kill9();
    await database?.drop();
  }
}

describe('fault injection', () => {
  it('keeps every acknowledged operation through kill -9 of a PostgreSQL node and its restart', async () => {
    await scenario('pg-kill9', { database: 'postgres', nodes: 1 }, async ({ nodes }) => {
      await nodes[0]!.kill9();
      await sleep(500);
      await nodes[0]!.start();
      return 1;
    });
  });

  it('keeps every acknowledged operation through kill -9 of the embedded server and its restart', async () => {
    await scenario('embedded-kill9', { database: 'embedded', nodes: 1 }, async ({ nodes }) => {
      await nodes[0]!.kill9();
      await sleep(500);
      await nodes[0]!.start();
      return 1;
    });
  });

  it('stays up when PostgreSQL ends its connections mid-load, and serves again', async () => {
    await scenario(
      'pg-terminate-backend',
      { database: 'postgres', nodes: 1 },
      async ({ nodes, violations }) => {
        const node = nodes[0]!;
        let faults = 0;
        for (let i = 0; i < 3; i++) {
          const ended = await terminateConnections(node.spec.name);
          if (ended > 0) faults++;
          await sleep(1_500);
          if (!node.alive()) {
            violations.push(`the node exited after its connections were ended:\n${node.tail(10)}`);
            await node.start();
          }
        }
        const recovered = Date.now();
        await node.waitHealthy(10_000);
        process.stdout.write(
          `[pg-terminate-backend] healthy again ${Date.now() - recovered} ms after the last termination settled\n`,
        );
        if (node.starts !== 1) violations.push(`the node was started ${node.starts} times`);
        return faults;
      },
    );
  });

  it('stops cleanly on SIGTERM through npm start, answering every request in flight', async () => {
    await scenario(
      'npm-start-sigterm',
      { database: 'postgres', nodes: 1, viaNpm: true },
      async ({ nodes, workload, violations }) => {
        const node = nodes[0]!;
        const servers = node.descendants();
        const signalledAt = Date.now();
        const stopped = await node.stop('SIGTERM');
        const stopMs = Date.now() - signalledAt;
        process.stdout.write(
          `[npm-start-sigterm] npm and the server ended ${stopMs} ms after SIGTERM (${JSON.stringify(stopped)})\n`,
        );
        for (const pid of servers)
          if (processExists(pid)) violations.push(`server process ${pid} outlived npm start`);
        if (await listening(node.port)) violations.push(`port ${node.port} still served after the stop`);
        // A request sent before the signal is answered (its own answer, or a 503 once the server is
        // closing); none may be cut off by the process ending under it.
        for (const cut of workload.cuts) {
          if (cut.sentAt < signalledAt && !cut.reason.startsWith('HTTP'))
            violations.push(`request to ${cut.path} sent before SIGTERM was cut off (${cut.reason})`);
        }
        // Back up (directly this time); the clients' retries then finish their calls.
        node.spec.viaNpm = false;
        await node.start();
        return 1;
      },
    );
  });

  it('two nodes with Redis: the feed leader killed, another takes over, orders placed through it still fill', async () => {
    await scenario('two-nodes-leader-kill9', { database: 'postgres', nodes: 2, redis: true }, async (run) => {
      const { nodes, workload, violations } = run;
      const leaderName = await feedLeader();
      const leader = nodes.find((n) => n.spec.name === leaderName);
      if (!leader) throw new Error(`no feed leader among the nodes (${leaderName})`);
      const survivor = nodes.find((n) => n !== leader)!;
      // Resting limit orders one tick either side of the price, placed through the leader just
      // after the survivor's periodic re-read of positions (a job due at each multiple of
      // ENGINE_REFRESH_MS of the clock): only news over the bus lets it fill them before its next.
      const phase = Date.now() % ENGINE_REFRESH_MS;
      await sleep((ENGINE_REFRESH_MS + 2_500 - phase) % ENGINE_REFRESH_MS);
      const probes = await workload.probeOrders(leader.url);
      await leader.kill9();
      const killedAt = Date.now();
      let takeoverMs = -1;
      // When the survivor's quotes first showed a price through each order's limit.
      const crossedAt = new Map<number, number>();
      const deadline = killedAt + 20_000;
      while (Date.now() < deadline) {
        if (takeoverMs < 0 && (await feedLeader()) === survivor.spec.name) takeoverMs = Date.now() - killedAt;
        if (takeoverMs >= 0) {
          for (const code of new Set(probes.map((p) => p.code))) {
            const price = await workload.lastPrice(survivor.url, code);
            if (price === null) continue;
            for (const probe of probes) {
              if (probe.code !== code || crossedAt.has(probe.id)) continue;
              if (probe.direction === 'long' ? price <= probe.limit : price >= probe.limit)
                crossedAt.set(probe.id, Date.now());
            }
          }
          if (Date.now() - killedAt > takeoverMs + 6_000) break;
        }
        await sleep(200);
      }
      if (takeoverMs < 0) violations.push('no node took the feed over within 20 s');
      await sleep(1_000);
      // Each order the price crossed filled on that tick (on the survivor, which never saw it
      // placed): within FILL_LAG_MS of the crossing showing in its quotes.
      const states = await workload.positionStates(survivor.url, probes);
      let filled = 0;
      for (const probe of probes) {
        const position = states.get(probe.id);
        const wasFilled = position?.openedAt !== null && position?.openedAt !== undefined;
        if (wasFilled) filled++;
        const crossed = crossedAt.get(probe.id);
        if (crossed === undefined) continue;
        if (!wasFilled)
          violations.push(
            `order ${probe.id} (${probe.direction} at ${probe.limit}) placed through the dead node is ${position?.state} although the price crossed it`,
          );
        else if (position!.openedAt! > crossed + FILL_LAG_MS)
          violations.push(
            `order ${probe.id} placed through the dead node filled ${position!.openedAt! - crossed} ms after the price crossed it`,
          );
      }
      if (filled === 0) violations.push('no order placed through the dead node filled');
      process.stdout.write(
        `[two-nodes-leader-kill9] takeover ${takeoverMs} ms after kill -9; ${filled}/${probes.length} resting orders placed through the dead node filled (${crossedAt.size} crossed while watched)\n`,
      );
      return 1;
    });
  });
});
