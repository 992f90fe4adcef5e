import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { terminateConnections as terminatePostgresConnections } from '../../apps/server/test/postgres';
import { freePort } from '../free-port';

/** Real server processes for the fault-injection suite: started, killed, stopped, restarted. */

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const POSTGRES_URL = process.env.KABUTO_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.KABUTO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const ADMIN_PASSWORD = 'faults-admin-pass';
/** How long a node may take to answer /healthz after it is started (first start seeds the demo). */
const START_TIMEOUT_MS = 90_000;

export const workDir = mkdtempSync(path.join(os.tmpdir(), 'kabuto-faults-'));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PostgreSQL database of its own for a scenario, dropped by the returned function. */
export async function createDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Ends every connection a node holds (its connections carry the node's application_name). */
export const terminateConnections = (applicationName: string) =>
  terminatePostgresConnections(POSTGRES_URL, applicationName);

/** The application_name of the node holding the feed's advisory lock, if any. */
export async function feedLeader(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const result = await client.query<{ application_name: string }>(
      `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND a.application_name LIKE 'faults-%'`,
    );
    return result.rows[0]?.application_name ?? null;
  } finally {
    await client.end();
  }
}

export interface NodeSpec {
  /** Names the node in logs and in PostgreSQL's pg_stat_activity (application_name). */
  name: string;
  databaseUrl: string | null;
  dataDir: string;
  redisUrl?: string;
  /** Start through `npm start` (build, then the server) rather than node directly. */
  viaNpm?: boolean;
}

/** Environment of every node: hours always open, limits out of the workload's way. */
function nodeEnv(spec: NodeSpec, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: spec.dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    MARKET_HOURS: 'always',
    FUND_HOURS: 'always',
    WITHDRAW_WITH_OPEN_POSITIONS: 'true',
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.NODE_OPTIONS;
  // Vitest's own NODE_ENV=test is not the node's: through `npm start` it would build the web app
  // in development mode into apps/web/dist, where the next server would serve it.
  delete env.NODE_ENV;
  if (spec.databaseUrl) {
    const url = new URL(spec.databaseUrl);
    url.searchParams.set('application_name', spec.name);
    env.DATABASE_URL = url.toString();
  }
  if (spec.redisUrl) env.REDIS_URL = spec.redisUrl;
  return env;
}

export class ServerNode {
  private child: ChildProcess | null = null;
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;
  readonly logFile: string;
  starts = 0;

  private constructor(
    readonly spec: NodeSpec,
    readonly port: number,
  ) {
    this.logFile = path.join(workDir, `${spec.name}.log`);
  }

  static async create(spec: NodeSpec): Promise<ServerNode> {
    return new ServerNode(spec, await freePort());
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const [command, args] = this.spec.viaNpm
      ? ['npm', ['start']]
      : [process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']];
    const child = spawn(command, args, {
      cwd: ROOT,
      env: nodeEnv(this.spec, this.port),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    this.starts++;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    await this.waitHealthy(START_TIMEOUT_MS);
  }

  async waitHealthy(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.alive()) throw new Error(`${this.spec.name} exited during start:\n${this.tail()}`);
      try {
        const res = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${this.spec.name} did not become healthy:\n${this.tail()}`);
      await sleep(100);
    }
  }

  /** Every process under the started one (npm's shell and the server it started). */
  descendants(): number[] {
    const found: number[] = [];
    let parents = this.child?.pid ? [this.child.pid] : [];
    while (parents.length > 0) {
      const children: number[] = [];
      for (const parent of parents) {
        try {
          children.push(
            ...execFileSync('ps', ['-o', 'pid=', '--ppid', String(parent)], { encoding: 'utf8' })
              .split('\n')
              .map((s) => Number(s.trim()))
              .filter((n) => n > 0),
          );
        } catch {
          // no children
        }
      }
      found.push(...children);
      parents = children;
    }
    return found;
  }

  /** SIGKILL: the process ends at once, mid-request, mid-transaction. */
  async kill9(): Promise<void> {
    if (!this.child || !this.alive()) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** Sends a signal and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000) {
    if (!this.child || !this.alive()) return this.exited;
    this.child.kill(signal);
    const timeout = sleep(timeoutMs).then(() => null);
    const result = await Promise.race([this.exited, timeout]);
    if (result === null) {
      this.child.kill('SIGKILL');
      throw new Error(`${this.spec.name} did not stop within ${timeoutMs} ms after ${signal}`);
    }
    return result;
  }

  tail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

/** Whether any process still listens on a port. */
export async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
