import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import type { SessionCache } from './http/session-cache';

/**
 * Services shared by the feature modules. Features add their own services here by
 * declaration merging:
 *   declare module '../../context' { interface AppContext { market: MarketService } }
 * and set them in their `init`, which runs in the order of `features` (modules/index.ts).
 */
export interface AppContext {
  config: Config;
  clock: Clock;
  /** The database, through the session cache's plugin (http/session-cache.ts). */
  db: DB;
  database: Database;
  /** Signed-in sessions, cached per node for `config.sessionCacheMs`. */
  sessions: SessionCache;
  log: FastifyBaseLogger;
  /** Timers and listeners started by features; stopped on close. */
  onClose: Array<() => Promise<void> | void>;
}

export interface Feature {
  name: string;
  /** Build services and attach them to the context. */
  init?(ctx: AppContext): Promise<void> | void;
  /** Register routes (investor calls via `route`, admin calls under /api/admin). */
  routes?(app: import('fastify').FastifyInstance, ctx: AppContext): Promise<void> | void;
  /** Seed demo data on an empty database (first start only). */
  seed?(ctx: AppContext): Promise<void>;
  /** Background work: feeds, jobs. Not started in tests unless asked. */
  start?(ctx: AppContext): Promise<void> | void;
}
