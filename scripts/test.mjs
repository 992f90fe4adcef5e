#!/usr/bin/env node
// Runs every suite (README "Test"): check, unit + property + integration on the embedded
// database, the integration suite again on PostgreSQL, the fault-injection suite (real server
// processes on PostgreSQL, a Patroni cluster and Redis, docs/reliability.md), and the browser
// journeys in Chromium. Installs what it needs (Chromium, PostgreSQL, the cluster, Redis) when
// missing; never skips a suite silently.
// `node scripts/test.mjs e2e` runs the browser journeys only; `pg` the PostgreSQL run only;
// `faults` the fault-injection suite only.
//
// The browser journeys spend most of their time waiting on the browser and leave a core idle, so
// a full run gives them a lane of their own beside check, the embedded run and the PostgreSQL run
// (their output is printed when the lane ends). Those three run at idle CPU priority where the
// system offers it (chrt): the journeys wait on real time and keep the CPU they would have alone;
// the other lane takes what they leave. The fault-injection suite measures real-time lags and runs
// after both lanes, alone (docs/decisions.md "Tooling").
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const startedAt = Date.now();
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const only = process.argv[2] ?? 'all';
const reports = mkdtempSync(path.join(os.tmpdir(), 'kabuto-test-'));
const totals = { passed: 0, failed: 0 };
const failures = [];
/** Every stage's outcome line, repeated at the end. */
const stages = [];

/** Where a lane writes: the terminal, or a log file printed when the lane ends. */
class Lane {
  /** `idle`: its commands run at idle CPU priority (SCHED_IDLE) when chrt is there. */
  constructor(name, { idle = false } = {}) {
    this.name = name;
    this.idle = idle && spawnSync('chrt', ['--idle', '0', 'true']).status === 0;
    this.file = name ? path.join(reports, `lane-${name.replace(/\W+/g, '-')}.log`) : null;
    this.fd = this.file ? openSync(this.file, 'w') : null;
  }
  write(text) {
    if (this.fd === null) process.stdout.write(text);
    else writeSync(this.fd, text);
  }
  stdio() {
    return this.fd === null ? 'inherit' : ['ignore', this.fd, this.fd];
  }
  /** Prints what the lane wrote (once it has ended). */
  flush() {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    process.stdout.write(
      `\n##### lane ${this.name} #####\n${readFileSync(this.file, 'utf8')}##### end of lane ${this.name} #####\n`,
    );
  }
}
const terminal = new Lane(null);

function run(name, command, args, env = {}, lane = terminal) {
  lane.write(`\n=== ${name}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const [file, argv] = lane.idle ? ['chrt', ['--idle', '0', command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(file, argv, { cwd: root, stdio: lane.stdio(), env: { ...process.env, ...env } });
    child.on('error', (error) => lane.write(`${error.stack ?? error}\n`));
    child.on('close', (status, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = status === 0;
      const line = `=== ${name}: ${ok ? 'ok' : `FAILED (exit ${status ?? signal})`} in ${seconds}s`;
      lane.write(`${line}\n`);
      stages.push(line);
      if (!ok) failures.push(name);
      resolve(ok);
    });
  });
}

/** Runs vitest with a JSON report so the totals of every suite add up at the end. */
async function vitest(name, args, env = {}, lane = terminal) {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const ok = await run(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
    lane,
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

// The project runs on the Node it installs (README "Quick start"): npm puts node_modules/.bin first
// on the scripts' PATH, so `npm test` runs here on that Node. An older one means the pinned `node`
// package did not install; every suite would then test a runtime the project does not run on.
const nodeMajor = Number(process.versions.node.split('.')[0]);
process.stdout.write(`Node ${process.version}\n`);
if (nodeMajor < 24) {
  failures.push(`Node ${process.version} (the project runs on Node 24: run it through npm, after npm ci)`);
}

const postgresUrl = process.env.KABUTO_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const wants = (suite) => only === 'all' || only === suite;

// What the suites need, installed one after another first (the installers share apt's lock).
// The scale-out and cross-node tests and the fault-injection suite reach Redis.
const redisReady =
  wants('pg') || wants('faults') ? await run('Redis available', 'bash', ['scripts/ensure-redis.sh']) : false;
const postgresReady =
  wants('pg') || wants('faults')
    ? await run('PostgreSQL available', 'bash', ['scripts/ensure-postgres.sh'])
    : false;
// The fault suite's failover scenario: a Patroni cluster (primary, synchronous standby, HAProxy)
// on ports of its own beside the PostgreSQL above; left running, like it, for the next run.
if (wants('faults'))
  await run('PostgreSQL cluster available (Patroni, etcd, HAProxy)', 'bash', [
    'scripts/ensure-pg-cluster.sh',
  ]);
const chromiumReady = wants('e2e')
  ? await run('Chromium available', 'bash', ['scripts/ensure-chromium.sh'])
  : false;

/** Check, the embedded run and the PostgreSQL run, one after another. */
async function serverLane(lane) {
  if (only === 'all') {
    await run('check (lint + typecheck)', 'npm', ['run', 'check'], {}, lane);
    await vitest('unit, property and integration (embedded database)', [], {}, lane);
  }
  if (wants('pg') && postgresReady) {
    await vitest(
      'integration (PostgreSQL)',
      ['apps/server'],
      { KABUTO_TEST_DATABASE_URL: postgresUrl },
      lane,
    );
  }
}

/** The web build, then the browser journeys. */
async function browserLane(lane) {
  if (chromiumReady && (await run('build web', 'npm', ['run', 'build'], {}, lane))) {
    await vitest('browser journeys (Chromium)', ['--config', 'e2e/vitest.config.ts'], {}, lane);
  }
}

if (only === 'all') {
  const browser = new Lane('browser journeys');
  process.stdout.write(
    '\nThe browser journeys run in a lane of their own; their output follows when it ends.\n',
  );
  const ended = browserLane(browser).then(() => browser.flush());
  await serverLane(new Lane(null, { idle: true }));
  await ended;
} else {
  await serverLane(terminal);
  if (wants('e2e')) await browserLane(terminal);
}
if (wants('faults') && postgresReady && redisReady) {
  await vitest(
    'fault injection (PostgreSQL, Redis, real processes)',
    ['--config', 'test/faults/vitest.config.ts'],
    {
      KABUTO_PG_URL: postgresUrl,
      // The failover scenario fails (it is not skipped) when the cluster did not come up.
      KABUTO_PG_CLUSTER_URL: process.env.KABUTO_PG_CLUSTER_URL ?? 'postgres://postgres@127.0.0.1:5440/test',
    },
  );
}

rmSync(reports, { recursive: true, force: true });
process.stdout.write(
  `\n${stages.join('\n')}\n=== whole run: ${((Date.now() - startedAt) / 1000).toFixed(1)}s\n`,
);
process.stdout.write(`\n${failures.length ? `Failed: ${failures.join('; ')}\n` : ''}`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(failures.length || totals.failed ? 1 : 0);
