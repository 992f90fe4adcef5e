import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ADMIN_PASSWORD, freePort, startServer } from './server';

/** Starts the real server (embedded database, simulated market) as `npm start` would, on a free port. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kabuto-e2e-'));
  const pushPort = await freePort();
  const server = await startServer({ port: await freePort(), dataDir, pushPort });
  project.provide('baseUrl', server.url);
  project.provide('pushPort', pushPort);
  project.provide('adminPassword', ADMIN_PASSWORD);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    /** Where the alerts journey listens as a push service (the server accepts its endpoints). */
    pushPort: number;
  }
}
