import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../src/db/database';

/**
 * Creating an embedded database runs initdb (seconds); loading a data directory does not.
 * Each test file still gets its own fresh database: one migrated once here, loaded from this
 * snapshot. Unused on the PostgreSQL run, where each file gets its own schema.
 */
export default async function setup(project: TestProject) {
  if (process.env.KABUTO_TEST_DATABASE_URL) return;
  const database = await openDatabase({});
  const file = path.join(os.tmpdir(), `kabuto-pglite-${process.pid}.tar`);
  try {
    await migrate(database.db);
    const pglite = database.pglite!;
    const dump = await pglite.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}
