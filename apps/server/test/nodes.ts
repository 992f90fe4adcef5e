import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { POSTGRES_URL } from './postgres-url';

/**
 * Nodes of one deployment for the tests of ARCHITECTURE "Scale-out": full apps with their
 * background work on one fresh PostgreSQL schema and one Redis channel of the test environment,
 * the market still (the test moves prices itself). `close` ends every node and drops the schema.
 */
const REDIS_URL = process.env.KABUTO_TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const unique = () => randomBytes(6).toString('hex');

export async function waitFor(test: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function nodeCluster() {
  const cleanups: Array<() => Promise<unknown>> = [];

  /** Two nodes; `a` seeds the market and the demo. */
  async function twoNodes(overrides: Partial<Config> = {}) {
    const schema = `t_${unique()}`;
    const config = loadConfig(
      {},
      {
        databaseUrl: POSTGRES_URL,
        redisUrl: REDIS_URL,
        redisPrefix: `kabuto:test:${unique()}`,
        marketHours: 'always',
        fundHours: 'always',
        marketCodes: ['7203'],
        marketHistoryDays: 5,
        marketMinuteDays: 0,
        // The feed stays still: the test moves the price itself.
        marketTickMs: 3_600_000,
        marketLeaderLockKey: BigInt(`0x${unique()}`),
        dataDir: `/tmp/kabuto-test-${unique()}`,
        ...overrides,
      },
    );
    const node = async (seed: boolean) => {
      const database = await openDatabase({ url: POSTGRES_URL, schema, poolSize: 5 });
      const { app, ctx } = await buildApp({
        config,
        database,
        schema,
        seed,
        background: true,
        serveStatic: false,
      });
      await app.ready();
      let closed = false;
      /** Stops the node as a crash or a deploy would (once; the cluster's close skips it then). */
      const close = async () => {
        if (closed) return;
        closed = true;
        await app.close();
        await database.close();
      };
      cleanups.push(close);
      return { app, ctx, close };
    };
    cleanups.push(async () => {
      const database = await openDatabase({ url: POSTGRES_URL });
      await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(database.db);
      await database.close();
    });
    const a = await node(true);
    const b = await node(false);
    return { a, b };
  }

  return {
    twoNodes,
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup();
      cleanups.length = 0;
    },
  };
}
