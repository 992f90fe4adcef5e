import { Worker } from 'node:worker_threads';

/** A query's answer, as PGlite gives it. */
export interface ThreadResults {
  rows: unknown[];
  affectedRows?: number;
  fields?: Array<{ name: string; dataTypeID: number }>;
}

interface Transaction {
  query(sql: string, params?: unknown[], options?: Record<string, unknown>): Promise<ThreadResults>;
}

type Request =
  | { kind: 'query'; sql: string; params?: unknown[]; options?: Record<string, unknown>; tx?: number }
  | { kind: 'exec'; sql: string }
  | { kind: 'begin' }
  | { kind: 'commit'; tx: number }
  | { kind: 'rollback'; tx: number }
  | { kind: 'dump' }
  | { kind: 'close' };

type Reply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

/**
 * The embedded database (PGlite) running in a worker thread (pglite-worker.mjs), with the part of
 * PGlite's interface that Kysely's `PGliteDialect` uses: `query`, `transaction`, `close`.
 *
 * PGlite is PostgreSQL compiled to WebAssembly and runs on the thread that calls it; in its own
 * thread, statement execution no longer competes with HTTP, JSON and application code for the
 * server's event loop, so the two use two cores. Semantics are PGlite's own: one transaction at a
 * time, statements outside a transaction interleaving with it as they would in process. Database
 * errors come back as errors carrying PostgreSQL's fields (`code`, `detail`, `constraint`, …).
 */
export class PGliteThread {
  readonly ready = true;
  closed = false;
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (reply: Reply | { ready: true }) => {
      if (!('id' in reply)) return;
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
    });
    const fail = (error: Error) => {
      this.closed = true;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread exited (${code})`)));
  }

  /** Starts the thread and opens the database in it (a directory, a dump to start from, or memory). */
  static async create(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGliteThread> {
    const workerData = {
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined,
    };
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if ((message as { ready?: boolean }).ready) {
          worker.off('error', reject);
          worker.off('message', onMessage);
          resolve();
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PGliteThread(worker);
  }

  get waitReady(): Promise<void> {
    return Promise.resolve();
  }

  private call<T>(request: Request): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query(sql: string, params?: unknown[], options?: Record<string, unknown>): Promise<ThreadResults> {
    return this.call({ kind: 'query', sql, params, options });
  }

  exec(sql: string): Promise<ThreadResults[]> {
    return this.call({ kind: 'exec', sql });
  }

  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ kind: 'begin' });
    let result: T;
    try {
      result = await fn({
        query: (sql, params, options) => this.call({ kind: 'query', sql, params, options, tx }),
      });
    } catch (error) {
      await this.call({ kind: 'rollback', tx });
      throw error;
    }
    await this.call({ kind: 'commit', tx });
    return result;
  }

  /** The data directory as a tar archive (as PGlite's `dumpDataDir`). */
  async dumpDataDir(): Promise<Blob> {
    const bytes = await this.call<Uint8Array<ArrayBuffer>>({ kind: 'dump' });
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ kind: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
