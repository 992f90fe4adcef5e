/**
 * Failover time of the PostgreSQL cluster under load (docs/benchmarks.md "Database failover").
 *
 *   bash scripts/ensure-pg-cluster.sh && node --import tsx bench/failover.ts
 *
 * Two real server nodes (apps/server/src/main.ts) with Redis on a database of the Patroni cluster,
 * reached through HAProxy; the fault suite's bank workload (test/faults/workload.ts) runs on them
 * throughout. FAILOVER_KILLS times (default 5): wait until the cluster has a primary and a
 * synchronous standby, SIGKILL the primary's postmaster, and time (a) until Patroni reports the
 * other member as leader and (b) until the first order sent after the kill is acknowledged. At
 * the end, the fault suite's checks run on the database (every acknowledged operation present
 * exactly once, the ledger's invariant, no key left in progress).
 *
 * Environment: FAILOVER_KILLS, FAILOVER_CLIENTS (default 12), KABUTO_PG_CLUSTER_URL,
 * KABUTO_PG_CLUSTER_DIR, KABUTO_TEST_REDIS_URL.
 */
import { rmSync } from 'node:fs';
import { openDatabase } from '../apps/server/src/db/database';
import { checkRun } from '../test/faults/checks';
import { createClusterDatabase, leader, postmasterPid, waitClusterHealthy } from '../test/faults/cluster';
import { REDIS_URL, ServerNode, sleep, workDir } from '../test/faults/servers';
import { seeded, Workload } from '../test/faults/workload';

const KILLS = Number(process.env.FAILOVER_KILLS ?? 5);
const CLIENTS = Number(process.env.FAILOVER_CLIENTS ?? 12);

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
  return `min ${sorted[0]} / median ${sorted[Math.floor(sorted.length / 2)]} / max ${sorted.at(-1)} / mean ${mean.toFixed(0)} ms`;
}

async function main() {
  await waitClusterHealthy(120_000);
  const database = await createClusterDatabase('kabuto_bench_failover');
  const nodes = [0, 1].map((i) =>
    ServerNode.create({
      name: `bench-failover-${i}`,
      databaseUrl: database.url,
      dataDir: `${workDir}/failover`,
      redisUrl: REDIS_URL,
    }),
  );
  const started = await Promise.all(nodes);
  for (const node of started) await node.start();
  const pick = (client: number) => started[client % started.length]!.url;
  const workload = new Workload('fobnch', pick, CLIENTS, seeded(23));
  await workload.setUp();
  workload.start();
  const rows: Array<{ killed: string; promoted: string; promoteMs: number; orderMs: number }> = [];
  try {
    for (let i = 0; i < KILLS; i++) {
      const before = await waitClusterHealthy(180_000);
      await sleep(3_000);
      process.kill(postmasterPid(before), 'SIGKILL');
      const killedAt = Date.now();
      let promoted: string | null = null;
      let promoteMs = -1;
      let orderMs = -1;
      while (Date.now() - killedAt < 60_000 && (promoteMs < 0 || orderMs < 0)) {
        if (promoteMs < 0) {
          const now = await leader();
          if (now && now !== before) {
            promoted = now;
            promoteMs = Date.now() - killedAt;
          }
        }
        const acknowledged = workload.firstAcknowledgedAfter('order', killedAt);
        if (orderMs < 0 && acknowledged !== null) orderMs = acknowledged - killedAt;
        await sleep(50);
      }
      rows.push({ killed: before, promoted: promoted ?? '-', promoteMs, orderMs });
      console.log(
        `kill ${i + 1}: ${before} killed; ${promoted ?? 'nobody'} promoted after ${promoteMs} ms; first order sent after the kill acknowledged after ${orderMs} ms`,
      );
    }
  } finally {
    await workload.stop();
  }
  await workload.replayAll();
  for (const node of started) await node.stop('SIGTERM');
  const opened = await openDatabase({ url: database.url });
  const report = await checkRun(opened.db, workload);
  await opened.close();
  await database.drop();
  rmSync(workDir, { recursive: true, force: true });
  console.log(
    `\n${KILLS} kills, ${CLIENTS} clients on 2 nodes: ${workload.figures.operations} operations (${workload.figures.acknowledged} acknowledged), ${workload.figures.cutOffs} cut-offs retried, ${report.checked} checks, ${report.violations.length} violations`,
  );
  for (const v of report.violations.slice(0, 10)) console.log(`  violation: ${v}`);
  console.log(`promotion:   ${stats(rows.map((r) => r.promoteMs))}`);
  console.log(`first order: ${stats(rows.map((r) => r.orderMs))}`);
  process.exit(report.violations.length === 0 && rows.every((r) => r.orderMs >= 0) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
