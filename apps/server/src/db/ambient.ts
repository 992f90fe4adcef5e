import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type TransactionSettings,
} from 'kysely';

/**
 * One database transaction around a unit of work, whichever code inside it runs statements
 * (CONVENTIONS §5: an idempotent call stores its answer in the same transaction as its business
 * write, so a crash can never leave one without the other).
 *
 * Inside `atomically(fn)`, every statement sent through the database, from any module, runs on
 * the unit's connection and inside its transaction; a transaction begun inside (`inTransaction`)
 * becomes a savepoint, so it still commits or rolls back as a whole within the unit. Work that
 * must wait for the commit (telling the in-memory matching engine about a new order) is deferred
 * with `afterCommit`.
 *
 * Implemented as a driver wrapper so no caller needs to thread a transaction through: the
 * services keep using the database they were given.
 */
interface Unit {
  connection: DatabaseConnection | null;
  /** Savepoints open inside the unit. */
  depth: number;
  afterCommit: Array<() => void>;
}

const units = new AsyncLocalStorage<Unit>();

/** Runs `work` now, or when the current unit of work commits (never if it rolls back). */
export function afterCommit(work: () => void): void {
  const unit = units.getStore();
  if (unit?.connection) unit.afterCommit.push(work);
  else work();
}

/** Whether the caller runs inside a unit of work. */
export const inUnitOfWork = () => Boolean(units.getStore()?.connection);

/**
 * Runs `fn` as one unit of work. `begin` starts the unit's transaction through the database
 * (a Kysely transaction whose body is `fn`); the driver below captures its connection.
 */
export async function atomically<T>(
  begin: (fn: () => Promise<T>) => Promise<T>,
  fn: () => Promise<T>,
): Promise<T> {
  if (inUnitOfWork()) return fn();
  const unit: Unit = { connection: null, depth: 0, afterCommit: [] };
  const result = await units.run(unit, () => begin(fn));
  for (const work of unit.afterCommit) work();
  return result;
}

/** A one-at-a-time lock for drivers whose database has a single connection (PGlite). */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  async lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    await previous;
    return release;
  }
}

class UnitOfWorkDriver implements Driver {
  readonly #inner: Driver;
  readonly #mutex: Mutex | null;
  readonly #releases = new Map<DatabaseConnection, Array<() => void>>();

  constructor(inner: Driver, singleConnection: boolean) {
    this.#inner = inner;
    this.#mutex = singleConnection ? new Mutex() : null;
  }

  init() {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const unit = units.getStore();
    if (unit?.connection) return unit.connection;
    const release = this.#mutex ? await this.#mutex.lock() : null;
    const connection = await this.#inner.acquireConnection();
    if (release) {
      const list = this.#releases.get(connection) ?? [];
      list.push(release);
      this.#releases.set(connection, list);
    }
    return connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const unit = units.getStore();
    if (unit?.connection === connection) return;
    await this.#inner.releaseConnection(connection);
    this.#releases.get(connection)?.shift()?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const unit = units.getStore();
    if (unit && unit.connection === connection) {
      unit.depth += 1;
      try {
        await connection.executeQuery(CompiledQuery.raw(`SAVEPOINT unit_${unit.depth}`));
      } catch (error) {
        // A savepoint that failed is not rolled back by its caller: its level is not counted.
        unit.depth -= 1;
        throw error;
      }
      return;
    }
    await this.#inner.beginTransaction(connection, settings);
    if (unit && !unit.connection) unit.connection = connection;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = units.getStore();
    if (unit && unit.connection === connection && unit.depth > 0) {
      await connection.executeQuery(CompiledQuery.raw(`RELEASE SAVEPOINT unit_${unit.depth}`));
      unit.depth -= 1;
      return;
    }
    if (unit && unit.connection === connection) unit.connection = null;
    await this.#inner.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = units.getStore();
    if (unit && unit.connection === connection && unit.depth > 0) {
      // The level is left even when its rollback fails (the connection was lost): the enclosing
      // level's rollback then ends the unit, and the connection goes back to the pool (which
      // drops a broken one) rather than staying checked out for ever.
      try {
        await connection.executeQuery(CompiledQuery.raw(`ROLLBACK TO SAVEPOINT unit_${unit.depth}`));
        await connection.executeQuery(CompiledQuery.raw(`RELEASE SAVEPOINT unit_${unit.depth}`));
      } finally {
        unit.depth -= 1;
      }
      return;
    }
    if (unit && unit.connection === connection) {
      unit.connection = null;
      unit.afterCommit = [];
    }
    await this.#inner.rollbackTransaction(connection);
  }

  destroy() {
    return this.#inner.destroy();
  }
}

/** Wraps a dialect so its database supports `atomically` (see above). */
export function unitOfWorkDialect(inner: Dialect): Dialect {
  return {
    createDriver: () => {
      const adapter = inner.createAdapter();
      return new UnitOfWorkDriver(inner.createDriver(), adapter.supportsMultipleConnections === false);
    },
    createQueryCompiler: () => inner.createQueryCompiler(),
    // The wrapper serialises a single-connection database itself (the unit's own statements
    // must pass while it holds the connection), so Kysely's own lock is not wanted.
    createAdapter: () => {
      const adapter = inner.createAdapter();
      return new Proxy(adapter, {
        get(target, property) {
          if (property === 'supportsMultipleConnections') return true;
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }) satisfies DialectAdapter;
    },
    createIntrospector: (db) => inner.createIntrospector(db),
  };
}
