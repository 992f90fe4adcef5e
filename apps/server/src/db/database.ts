import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index';
import { PGliteThread } from './pglite-thread';
import type { DB, Tables, Tx } from './schema';

/** int8 → number (money is a safe integer by construction; see contract money.ts); numeric stays a string. */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 value out of safe range: ${value}`);
  return n;
}

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise the embedded PGlite. */
  url?: string | null;
  /** Directory for the embedded database; undefined = in memory. */
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate each file in its own). */
  schema?: string;
  poolSize?: number;
  /** A data-directory dump to start the embedded database from (tests). */
  loadDataDir?: Blob;
  /**
   * Run the embedded database in its own thread (pglite-thread.ts) rather than on the event
   * loop's. The server does; tests may either way.
   */
  thread?: boolean;
}

export interface Database {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself, when it runs in process (tests and benchmarks). */
  pglite?: PGlite;
  /** The embedded database's thread, when it runs in one. */
  thread?: PGliteThread;
  close(): Promise<void>;
}

const PG_INT8 = 20;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    pg.types.setTypeParser(PG_INT8, parseInt8);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    if (options.schema) {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
      } finally {
        client.release();
      }
    }
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (options.dataDir) mkdirSync(path.resolve(options.dataDir), { recursive: true });
  if (options.thread) {
    const thread = await PGliteThread.create({
      ...(options.dataDir ? { dataDir: path.resolve(options.dataDir, 'pgdata') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    // The thread offers the part of PGlite's interface the dialect uses.
    const db = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite: thread as unknown as PGlite }) });
    return {
      db,
      kind: 'pglite',
      thread,
      close: async () => {
        await db.destroy();
        await thread.close();
      },
    };
  }
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: path.resolve(options.dataDir, 'pgdata') } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [PG_INT8]: parseInt8 },
  });
  const db = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export async function migrate(db: DB, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw error ?? new Error(`migration ${failed?.migrationName} failed`);
}

const RETRYABLE = new Set(['40001', '40P01']);

/**
 * Runs `fn` in one database transaction. Serialization failures and deadlocks (PostgreSQL only;
 * the embedded database runs transactions one at a time) are retried a bounded number of times.
 */
export async function inTransaction<T>(db: DB, fn: (trx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= attempts || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    }
  }
}

export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
