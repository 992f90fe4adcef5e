import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { atomically, unitOfWorkDialect } from './ambient';
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
  /** PostgreSQL `application_name` of the connections (default `kabuto`; shown in pg_stat_activity). */
  applicationName?: string;
  /** A data-directory dump to start the embedded database from (tests). */
  loadDataDir?: Blob;
  /**
   * Run the embedded database in its own thread (pglite-thread.ts) rather than on the event
   * loop's. The server does; tests may either way.
   */
  thread?: boolean;
}

/** Whether the node can reach its database (GET /healthz reports it). */
export interface DatabaseHealth {
  state: 'up' | 'down';
  /** When the state last changed. */
  since: Date;
  /** The fault that took it down (while down). */
  lastError: string | null;
}

/** What a node hears about its database connections: faults, and losing and regaining them. */
export type DatabaseEvent =
  | { kind: 'fault'; error: unknown }
  | { kind: 'down'; error: unknown }
  | { kind: 'up'; downForMs: number };

export interface Database {
  db: DB;
  kind: 'pglite' | 'postgres';
  health(): DatabaseHealth;
  /**
   * Notes a connection fault a caller met (a query cut off): the database is marked down and
   * probed with backoff until it answers again.
   */
  noteFault(error: unknown): void;
  /** Listens to connection events (a node logs them); returns the unsubscribe. */
  watch(listener: (event: DatabaseEvent) => void): () => void;
  /** The embedded database itself, when it runs in process (tests and benchmarks). */
  pglite?: PGlite;
  /** The embedded database's thread, when it runs in one. */
  thread?: PGliteThread;
  close(): Promise<void>;
  /**
   * Runs `fn` as one unit of work: every statement sent through this database inside it, from any
   * module, joins one transaction, committed when `fn` returns and rolled back when it throws
   * (db/ambient.ts).
   */
  atomically<T>(fn: () => Promise<T>): Promise<T>;
}

const unitOfWork =
  (db: DB) =>
  <T>(fn: () => Promise<T>): Promise<T> =>
    atomically<T>((body) => db.transaction().execute(() => body()), fn);

const PG_INT8 = 20;
/** How long a request waits for a new connection before it answers 503 (CONVENTIONS §11). */
export const CONNECT_TIMEOUT_MS = 5_000;
/** Backoff of the probe that runs while the database is down: first delay, cap. */
export const RECONNECT_FIRST_MS = 100;
export const RECONNECT_MAX_MS = 5_000;

/**
 * SQLSTATE classes and codes that mean the connection, not the statement, failed. 25006
 * (read_only_sql_transaction): the connection reached a standby, a primary demoted in a
 * switchover that the proxy has not yet taken out of its pool; the transaction was rolled back,
 * and a retry on a new connection reaches the new primary.
 */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection error',
  'not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed',
];

/**
 * Whether an error is a lost or refused database connection (a restart, a failover, an idle
 * reaper, `pg_terminate_backend`) rather than a refusal of the statement: such a request cannot
 * be served now and answers 503; a retry with its Idempotency-Key is safe.
 */
export function isConnectionFault(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (code.startsWith('08') || CONNECTION_SQLSTATES.has(code) || CONNECTION_ERRNOS.has(code))
  )
    return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m));
}

/**
 * The health of a database reached through connections that can be lost: marked down by a fault,
 * then probed with exponential backoff (RECONNECT_FIRST_MS doubling to RECONNECT_MAX_MS) until a
 * probe answers. The pool itself opens new connections on demand; the probe only tells when.
 */
class ConnectionHealth {
  private current: DatabaseHealth = { state: 'up', since: new Date(), lastError: null };
  private readonly listeners = new Set<(event: DatabaseEvent) => void>();
  private timer: NodeJS.Timeout | null = null;
  private delayMs = RECONNECT_FIRST_MS;
  private closed = false;

  constructor(private readonly probe: () => Promise<unknown>) {}

  health(): DatabaseHealth {
    return { ...this.current };
  }

  watch(listener: (event: DatabaseEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: DatabaseEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's fault must not take the node down with it.
      }
    }
  }

  fault(error: unknown): void {
    if (this.closed) return;
    this.emit({ kind: 'fault', error });
    if (this.current.state === 'down') return;
    this.current = {
      state: 'down',
      since: new Date(),
      lastError: String((error as Error)?.message ?? error),
    };
    this.emit({ kind: 'down', error });
    this.delayMs = RECONNECT_FIRST_MS;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.attempt(), this.delayMs);
    this.timer.unref();
  }

  private async attempt(): Promise<void> {
    this.timer = null;
    if (this.closed || this.current.state === 'up') return;
    try {
      await this.probe();
      const downForMs = Date.now() - this.current.since.getTime();
      this.current = { state: 'up', since: new Date(), lastError: null };
      this.emit({ kind: 'up', downForMs });
    } catch (error) {
      this.current.lastError = String((error as Error)?.message ?? error);
      this.delayMs = Math.min(this.delayMs * 2, RECONNECT_MAX_MS);
      this.schedule();
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The embedded database runs in the node's own process: it is there as long as the node is. */
function alwaysUp(): Pick<Database, 'health' | 'noteFault' | 'watch'> {
  const since = new Date();
  return {
    health: () => ({ state: 'up', since, lastError: null }),
    noteFault: () => {},
    watch: () => () => {},
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    pg.types.setTypeParser(PG_INT8, parseInt8);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: options.applicationName ?? 'kabuto',
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const health = new ConnectionHealth(() => pool.query('SELECT 1'));
    // A connection the server ends (restart, failover, reaper, pg_terminate_backend) emits
    // `error`: on the pool while idle, on the client while checked out. Unheard, either ends the
    // process; heard, the pool drops the connection and opens a new one on the next checkout.
    pool.on('error', (error) => health.fault(error));
    pool.on('connect', (client) => client.on('error', (error) => health.fault(error)));
    if (options.schema) {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
      } finally {
        client.release();
      }
    }
    const db = new Kysely<Tables>({ dialect: unitOfWorkDialect(new PostgresDialect({ pool })) });
    return {
      db,
      kind: 'postgres',
      health: () => health.health(),
      noteFault: (error) => health.fault(error),
      watch: (listener) => health.watch(listener),
      atomically: unitOfWork(db),
      close: async () => {
        health.close();
        await db.destroy();
      },
    };
  }
  if (options.dataDir) mkdirSync(path.resolve(options.dataDir), { recursive: true });
  if (options.thread) {
    const thread = await PGliteThread.create({
      ...(options.dataDir ? { dataDir: path.resolve(options.dataDir, 'pgdata') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    // The thread offers the part of PGlite's interface the dialect uses.
    const db = new Kysely<Tables>({
      dialect: unitOfWorkDialect(new PGliteDialect({ pglite: thread as unknown as PGlite })),
    });
    return {
      db,
      kind: 'pglite',
      ...alwaysUp(),
      thread,
      atomically: unitOfWork(db),
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
  const db = new Kysely<Tables>({ dialect: unitOfWorkDialect(new PGliteDialect({ pglite })) });
  return {
    db,
    kind: 'pglite',
    ...alwaysUp(),
    pglite,
    atomically: unitOfWork(db),
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
  // Inside a unit of work the transaction is a savepoint of the unit's: a deadlock rolls back to
  // it and retries, but the unit's own statements before it stand.
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
