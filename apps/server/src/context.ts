import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import type { SessionCache } from './http/session-cache';

/**
 * The platform every module stands on: configuration, the clock, the database, the session
 * cache and the log. It holds nothing of any module's: what one module offers another is a named
 * port, a typed decorator of the Fastify instance (ports.ts), declared by the module that
 * provides it and listed in the `dependencies` of each module that uses it (modules/index.ts).
 */
export interface AppContext {
  config: Config;
  clock: Clock;
  db: DB;
  database: Database;
  /** Signed-in sessions, cached per node for `config.sessionCacheMs`. */
  sessions: SessionCache;
  log: FastifyBaseLogger;
  /** Timers and listeners started by modules; stopped on close, last first. */
  onClose: Array<() => Promise<void> | void>;
  /** Demo data (first start on an empty database) and background work, run in module order. */
  lifecycle: {
    seed: Array<() => Promise<void>>;
    start: Array<() => Promise<void> | void>;
  };
}
