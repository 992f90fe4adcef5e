import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { terminateConnections } from '../../test/postgres';
import { POSTGRES_URL } from '../../test/postgres-url';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { systemModule } from '../modules/system/routes';
import { type DatabaseEvent, inTransaction, isConnectionFault, openDatabase } from './database';

/**
 * A node survives PostgreSQL ending its connections (a restart, a failover, an idle reaper):
 * `pg_terminate_backend` on every connection of the node's pool. Runs against the PostgreSQL
 * server of the test environment, like the scale-out test.
 */
const DATABASE_URL = POSTGRES_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function waitFor(test: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('database connections ended by the server', () => {
  it('answers 503 for the request it cut off, reconnects, and reports the state on /healthz', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const applicationName = `kabuto-test-${randomBytes(4).toString('hex')}`;
    const database = await openDatabase({ url: DATABASE_URL, schema, poolSize: 6, applicationName });
    const events: DatabaseEvent['kind'][] = [];
    database.watch((event) => events.push(event.kind));
    const { app } = await buildApp({
      config: loadConfig({}, { databaseUrl: DATABASE_URL }),
      database,
      schema,
      modules: [systemModule],
      serveStatic: false,
    });
    // A call that holds its connection while the server ends it.
    app.get('/slow', async () => {
      await sql`SELECT pg_sleep(5)`.execute(database.db);
      return { ok: true };
    });
    cleanups.push(async () => {
      await app.close();
      await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(database.db);
      await database.close();
    });
    await app.ready();

    // Several idle connections in the pool, and one busy.
    await Promise.all(Array.from({ length: 5 }, () => sql`SELECT pg_sleep(0.05)`.execute(database.db)));
    const slow = app.inject({ method: 'GET', url: '/slow' });
    await waitFor(async () => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      const r = await client.query(
        "SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND query LIKE '%pg_sleep(5)%'",
        [applicationName],
      );
      await client.end();
      return (r.rowCount ?? 0) > 0;
    }, 5_000);

    expect(await terminateConnections(DATABASE_URL, applicationName)).toBeGreaterThanOrEqual(2);

    const cut = await slow;
    expect(cut.statusCode).toBe(503);
    expect(cut.json()).toEqual({ status: 0, msg: 'network_error' });
    await waitFor(() => events.includes('down'), 2_000);

    // New connections replace the ended ones: the node serves again and says so.
    await waitFor(
      async () => (await app.inject({ method: 'GET', url: '/healthz' })).statusCode === 200,
      5_000,
    );
    await waitFor(() => database.health().state === 'up', 5_000);
    expect(events).toContain('up');
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    // Minimal (docs/security.md): the state, not which database the node runs on.
    expect(health.json()).toEqual({ status: 'ok', databaseState: 'up' });
  });

  it('gives a connection lost inside a nested transaction of a unit of work back to the pool', async () => {
    // One connection only: were the lost one kept checked out, the next query would wait for it.
    const database = await openDatabase({ url: DATABASE_URL, poolSize: 1 });
    cleanups.push(() => database.close());
    const lost = database.atomically(async () => {
      await sql`SELECT 1`.execute(database.db);
      await inTransaction(database.db, async (trx) => {
        await sql`SELECT pg_terminate_backend(pg_backend_pid())`.execute(trx);
      });
    });
    await expect(lost).rejects.toSatisfy(isConnectionFault);
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('tells a lost connection from a refused statement', () => {
    expect(isConnectionFault(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isConnectionFault(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isConnectionFault(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    // A write sent to a standby (a primary demoted in a switchover, still behind the proxy).
    expect(
      isConnectionFault(
        Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }),
      ),
    ).toBe(true);
    expect(isConnectionFault(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionFault(Object.assign(new Error('could not serialize'), { code: '40001' }))).toBe(false);
  });
});
