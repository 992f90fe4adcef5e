import { type ChildProcess, spawn } from 'node:child_process';

export { freePort } from '../test/free-port';

export const ADMIN_PASSWORD = 'e2e-admin-pass';

/** Longest a server may take to answer /healthz after it is started (a fresh one makes its market's history). */
const START_TIMEOUT_MS = 150_000;

export interface ServerProcess {
  /** The address the journeys open, by the name passkeys are made for. */
  url: string;
  /** Stops the process as an operator would (SIGTERM, a graceful shutdown) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts the real server (embedded database in `dataDir`, simulated market) as `npm start` would,
 * on `port`, and waits until it answers. The same `dataDir` and `port` start it again after a stop.
 */
export async function startServer({
  port,
  dataDir,
  pushPort,
}: {
  port: number;
  dataDir: string;
  /** A loopback port whose push endpoints the server accepts (the alerts journey's push service). */
  pushPort?: number;
}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Journeys reach draws, deadlines and session closes by moving the server's clock.
      KABUTO_CLOCK_TRAVEL: '1',
      // Every journey comes from one address: per-address limits are tested in the API suite.
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      // Passkeys (SPEC §13.1) are made for this origin; its host name is the RP ID. WebAuthn takes
      // "localhost" (a secure context over plain HTTP), never an IP address.
      WEBAUTHN_ORIGIN: `http://localhost:${port}`,
      ...(pushPort ? { KABUTO_PUSH_TEST_ORIGIN: `http://127.0.0.1:${pushPort}` } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The server listens on 127.0.0.1; the journeys reach it by the name passkeys are made for.
  const probeUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${probeUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not start in time');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
