import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Currency } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/clock';
import { type Config, loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { inTransaction, openDatabase } from '../src/db/database';
import { HOUSE, postTransaction } from '../src/ledger/ledger';
import type { Module } from '../src/module';
import '../src/ports';

/** Set by the PostgreSQL run of the integration suite (scripts/test.mjs). */
export const TEST_DATABASE_URL = process.env.KABUTO_TEST_DATABASE_URL || null;

/** The configured time-out (vitest.config.ts) against its 60 s default: 5 at idle CPU priority. */
const TIME_OUT_SCALE = Number(process.env.KABUTO_TEST_TIMEOUT_MS ?? 60_000) / 60_000;

/**
 * The time-out of a test that needs more than the default: `alone` is what it may take at normal
 * priority, scaled like the configured time-out when `npm test` runs the lane at idle priority
 * (scripts/test.mjs), where a test waits for the cores the journeys use.
 */
export function longTestTimeout(alone: number): number {
  return Math.round(alone * Math.max(1, TIME_OUT_SCALE));
}

/**
 * The platform and every module's port, for tests to reach into (a port set here changes it for
 * the module that uses it: ports are shared objects). Ports of modules a test leaves out are absent.
 */
export interface TestContext extends AppContext {
  market: FastifyInstance['market'];
  marketData: FastifyInstance['marketData'];
  trading: FastifyInstance['trading'];
  openPositions: FastifyInstance['openPositions'];
  files: FastifyInstance['files'];
  reviewQueue: FastifyInstance['reviewQueue'];
  jobs: FastifyInstance['jobs'];
  accounts: FastifyInstance['accounts'];
}

export interface TestApp {
  app: FastifyInstance;
  ctx: TestContext;
  clock: ManualClock;
  close(): Promise<void>;
}

let snapshotBlob: Blob | undefined;
/** The migrated embedded database made once per run (test/global-setup.ts). */
function snapshot(): Blob | undefined {
  if (TEST_DATABASE_URL) return undefined;
  const file = inject('pgliteSnapshot');
  if (!file) return undefined;
  snapshotBlob ??= new Blob([readFileSync(file)]);
  return snapshotBlob;
}

/** A Tuesday at 10:00 Tokyo: markets and fund windows open when hours are real. */
export const TEST_NOW = '2026-11-17T01:00:00.000Z';

/**
 * A fresh app on a fresh database: an in-memory PGlite in its own thread (as the server runs
 * it), or with KABUTO_TEST_DATABASE_URL a new schema on the PostgreSQL server (dropped on
 * close). The clock is frozen at TEST_NOW. `close` also removes the app's data folder (stored files).
 */
export async function createTestApp(
  options: { config?: Partial<Config>; modules?: Module[]; seed?: boolean; now?: string } = {},
): Promise<TestApp> {
  const schema = TEST_DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({
    url: TEST_DATABASE_URL,
    schema,
    poolSize: 30,
    loadDataDir: snapshot(),
    // The embedded database in its own thread, as the server runs it.
    thread: true,
  });
  const clock = new ManualClock(new Date(options.now ?? TEST_NOW));
  const config = loadConfig(
    {},
    {
      marketHours: 'always',
      fundHours: 'always',
      rateLimitPerMinute: 100_000,
      loginRateLimitPerMinute: 100_000,
      orderRateLimitPerMinute: 100_000,
      dataDir: `/tmp/kabuto-test-${randomBytes(6).toString('hex')}`,
      ...options.config,
    },
  );
  const { app, ctx } = await buildApp({
    config,
    database,
    clock,
    schema,
    serveStatic: false,
    seed: options.seed ?? false,
    background: false,
    ...(options.modules ? { modules: options.modules } : {}),
  });
  await app.ready();
  const ports: TestContext = {
    ...ctx,
    market: app.market,
    marketData: app.marketData,
    trading: app.trading,
    openPositions: app.openPositions,
    files: app.files,
    reviewQueue: app.reviewQueue,
    jobs: app.jobs,
    accounts: app.accounts,
  };
  return {
    app,
    ctx: ports,
    clock,
    async close() {
      await app.close();
      if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(ctx.db);
      await database.close();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiAnswer<T = unknown> {
  httpStatus: number;
  status: 0 | 1;
  msg: string;
  data: T;
}

/** POSTs an investor call as JSON (or form with `form: true`) and returns the envelope. */
export async function api<T = unknown>(
  app: FastifyInstance,
  path: string,
  body: Record<string, unknown> = {},
  options: { session?: Session; headers?: Record<string, string>; form?: boolean } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.session) {
    headers.token = options.session.token;
    headers.account = options.session.account;
  }
  const res = await app.inject({
    method: 'POST',
    url: `/api/vue${path}`,
    headers: {
      ...headers,
      'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    payload: options.form
      ? new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString()
      : JSON.stringify(body),
  });
  const json = res.json() as { status: 0 | 1; msg: string; data: T };
  return { httpStatus: res.statusCode, ...json };
}

export interface Session {
  token: string;
  account: string;
  userId: number;
}

let counter = 0;
/** Registers a user (and returns its session). */
export async function registerUser(
  app: FastifyInstance,
  account?: string,
  password = 'secret123',
): Promise<Session> {
  counter += 1;
  const name = account ?? `user${process.pid}${counter}${randomBytes(2).toString('hex')}`.slice(0, 20);
  const res = await api<{ token: string; account: string }>(app, '/user/register', {
    account: name,
    password,
    repassword: password,
    agree: 1,
    language: 'jp',
  });
  if (res.status !== 1) throw new Error(`register failed: ${res.msg} ${JSON.stringify(res.data)}`);
  const info = await api<{ id: number }>(
    app,
    '/user/getUserinfo',
    {},
    { session: { ...res.data, userId: 0 } },
  );
  return { token: res.data.token, account: res.data.account, userId: info.data.id };
}

/** Credits a user's available funds from the house bank account, as an approved deposit would. */
export async function fund(
  ctx: AppContext,
  userId: number,
  currency: Currency,
  amountMinor: number,
): Promise<void> {
  await inTransaction(ctx.db, (trx) =>
    postTransaction(
      trx,
      {
        kind: 'deposit',
        userId,
        memo: 'test funding',
        postings: [
          { userId: HOUSE, account: 'house:bank', currency, amountMinor: -amountMinor },
          { userId, account: 'available', currency, amountMinor },
        ],
      },
      ctx.clock.now(),
    ),
  );
}

/** Sets a fund password for a session's user. */
export async function setFundPassword(
  app: FastifyInstance,
  session: Session,
  password = 'fund1234',
): Promise<void> {
  const res = await api(app, '/user/setFundPassword', { password, repassword: password }, { session });
  if (res.status !== 1) throw new Error(`setFundPassword failed: ${res.msg}`);
}

/**
 * Sets account flags (SPEC §5: banned, frozen, trade-barred, with a reason) as the back office
 * does: the row written, then every node's cached sessions of the user dropped.
 */
export async function setAccountFlags(
  ctx: AppContext,
  userId: number,
  flags: { banned?: boolean; frozen?: boolean; trade_barred?: boolean; flag_reason?: string | null },
): Promise<void> {
  await ctx.db.updateTable('users').set(flags).where('id', '=', userId).execute();
  ctx.sessions.forgetUser(userId);
}
