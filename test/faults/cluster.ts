import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { FEED_LOCK_KEY } from '../../apps/server/src/market/leader';
import { sleep } from './servers';

/**
 * The PostgreSQL cluster of the `pg-failover` scenario (scripts/ensure-pg-cluster.sh): two
 * members under Patroni, HAProxy in front routing to the primary. The nodes reach it only through
 * HAProxy (CLUSTER_URL); the suite reads Patroni's REST API to know who is primary and the
 * primary's postmaster.pid to kill it.
 */
export const CLUSTER_URL = process.env.KABUTO_PG_CLUSTER_URL ?? 'postgres://postgres@127.0.0.1:5440/test';
export const CLUSTER_DIR = process.env.KABUTO_PG_CLUSTER_DIR ?? '/tmp/kabuto-pg-cluster';
/** Patroni REST API of each member (ensure-pg-cluster.sh). */
export const MEMBERS: Record<string, { rest: string; port: number }> = {
  pg1: { rest: 'http://127.0.0.1:8441', port: 5441 },
  pg2: { rest: 'http://127.0.0.1:8442', port: 5442 },
};

export interface Member {
  name: string;
  role: string;
  state: string;
  timeline?: number;
}

/** The members as Patroni reports them (`GET /cluster` of whichever member answers). */
export async function members(): Promise<Member[]> {
  for (const { rest } of Object.values(MEMBERS)) {
    try {
      const res = await fetch(`${rest}/cluster`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return ((await res.json()) as { members: Member[] }).members;
    } catch {
      // that member's Patroni is down: ask the other
    }
  }
  return [];
}

const live = (m: Member) => m.state === 'running' || m.state === 'streaming';

/** The leader's name, when one runs. */
export async function leader(): Promise<string | null> {
  return (await members()).find((m) => m.role === 'leader' && live(m))?.name ?? null;
}

/**
 * Waits until a leader runs and another member is its synchronous standby (what a failover
 * without loss needs: Patroni promotes only the synchronous standby). Returns the leader.
 */
export async function waitClusterHealthy(timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last: Member[] = [];
  for (;;) {
    last = await members();
    const primary = last.find((m) => m.role === 'leader' && live(m));
    if (primary && last.some((m) => m.role === 'sync_standby' && live(m))) return primary.name;
    if (Date.now() > deadline)
      throw new Error(
        `the PostgreSQL cluster has no leader with a synchronous standby (${JSON.stringify(last)}); ` +
          'start it with scripts/ensure-pg-cluster.sh',
      );
    await sleep(500);
  }
}

/** The process id of a member's postmaster (first line of its postmaster.pid; readable by root). */
export function postmasterPid(member: string): number {
  const file = path.join(CLUSTER_DIR, member, 'data', 'postmaster.pid');
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isSafeInteger(pid) || pid <= 0) throw new Error(`no postmaster pid in ${file}`);
  return pid;
}

/** A PostgreSQL database of its own on the cluster (through HAProxy), dropped by the returned function. */
export async function createClusterDatabase(
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(CLUSTER_URL);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(CLUSTER_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The application_name of the session holding the feed's advisory lock on the server `url`
 * reaches, if any (a bigint advisory key shows as classid = high 32 bits, objid = low 32 bits).
 */
export async function feedLockHolder(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    const result = await client.query<{ application_name: string }>(
      `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
         AND l.classid = $1::bigint::oid AND l.objid = $2::bigint::oid`,
      [(FEED_LOCK_KEY >> 32n).toString(), (FEED_LOCK_KEY & 0xffffffffn).toString()],
    );
    return result.rows[0]?.application_name ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}
