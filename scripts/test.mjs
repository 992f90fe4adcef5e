#!/usr/bin/env node
// Runs every suite (README "Test"): check, unit + property + integration on the embedded
// database, the integration suite again on PostgreSQL, the fault-injection suite (real server
// processes on PostgreSQL and Redis, docs/reliability.md), and the browser journeys in Chromium.
// Installs what it needs (Chromium, PostgreSQL, Redis) when missing; never skips a suite silently.
// `node scripts/test.mjs e2e` runs the browser journeys only; `pg` the PostgreSQL run only;
// `faults` the fault-injection suite only.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const only = process.argv[2] ?? 'all';
const reports = mkdtempSync(path.join(os.tmpdir(), 'kabuto-test-'));
const totals = { passed: 0, failed: 0 };
const failures = [];

function run(name, command, args, env = {}) {
  process.stdout.write(`\n=== ${name}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  process.stdout.write(
    `=== ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds}s\n`,
  );
  if (!ok) failures.push(name);
  return ok;
}

/** Runs vitest with a JSON report so the totals of every suite add up at the end. */
function vitest(name, args, env = {}) {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const ok = run(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    if (json.numTotalTests === 0) {
      failures.push(`${name} (ran no test)`);
    }
  } catch {
    if (ok) failures.push(`${name} (no report)`);
    totals.failed += 1;
  }
  return ok;
}

const postgresUrl = process.env.KABUTO_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// The scale-out and cross-node tests and the fault-injection suite reach Redis; checked once.
let redisReady = null;
const ensureRedis = () => (redisReady ??= run('Redis available', 'bash', ['scripts/ensure-redis.sh']));

if (only === 'all') {
  run('check (lint + typecheck)', 'npm', ['run', 'check']);
  ensureRedis();
  vitest('unit, property and integration (embedded database)', []);
}
if (only === 'all' || only === 'pg') {
  ensureRedis();
  if (run('PostgreSQL available', 'bash', ['scripts/ensure-postgres.sh'])) {
    vitest('integration (PostgreSQL)', ['apps/server'], { KABUTO_TEST_DATABASE_URL: postgresUrl });
  }
}
if (only === 'all' || only === 'faults') {
  if (run('PostgreSQL available', 'bash', ['scripts/ensure-postgres.sh']) && ensureRedis()) {
    vitest(
      'fault injection (PostgreSQL, Redis, real processes)',
      ['--config', 'test/faults/vitest.config.ts'],
      {
        KABUTO_PG_URL: postgresUrl,
      },
    );
  }
}
if (only === 'all' || only === 'e2e') {
  if (
    run('Chromium available', 'bash', ['scripts/ensure-chromium.sh']) &&
    run('build web', 'npm', ['run', 'build'])
  ) {
    vitest('browser journeys (Chromium)', ['--config', 'e2e/vitest.config.ts']);
  }
}

rmSync(reports, { recursive: true, force: true });
process.stdout.write(`\n${failures.length ? `Failed: ${failures.join('; ')}\n` : ''}`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(failures.length || totals.failed ? 1 : 0);
