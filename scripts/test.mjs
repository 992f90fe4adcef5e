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
// a full run gives them a lane of their own beside check, the embedded run, the component tests
// and the PostgreSQL run (each printed when its lane ends), and runs them in two shards at once,
// each against a server of its own. Those four run at idle CPU priority where the system offers
// it (chrt): the journeys wait on real time and keep the CPU they would have alone; the other
// lanes take what they leave. The fault-injection suite measures real-time lags and
// follows the journeys in their lane, at normal priority (docs/decisions.md "Tooling").
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const startedAt = Date.now();
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const only = process.argv[2] ?? 'all';
const reports = mkdtempSync(path.join(os.tmpdir(), 'kabuto-test-'));
const totals = { passed: 0, failed: 0 };
const failures = [];
/** Every failed test (suite, file, name, first line of the error), repeated at the end. */
const failedTests = [];
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
  /** What the lane wrote (once it has ended), framed, and closes it. */
  drain() {
    if (this.fd === null) return '';
    closeSync(this.fd);
    this.fd = null;
    return `\n##### lane ${this.name} #####\n${readFileSync(this.file, 'utf8')}##### end of lane ${this.name} #####\n`;
  }
  /** Prints what the lane wrote (once it has ended). */
  flush() {
    process.stdout.write(this.drain());
  }
}
const terminal = new Lane(null);

/**
 * A test's time-out at idle priority (vitest.config.ts): the lane waits for every core the journeys
 * and the fault suite use, so a test that would take 5 s alone can wait minutes for its turn.
 */
const IDLE_TEST_TIMEOUT_MS = '300000';

function run(name, command, args, env = {}, lane = terminal) {
  lane.write(`\n=== ${name}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  if (lane.idle) env = { KABUTO_TEST_TIMEOUT_MS: IDLE_TEST_TIMEOUT_MS, ...env };
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
    for (const file of json.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        // The first line that says something (a time-out's stack starts with a placeholder).
        const error =
          String(test.failureMessages?.[0] ?? '')
            .split('\n')
            .find((line) => line.trim() && !line.includes('STACK_TRACE_ERROR')) ?? '';
        failedTests.push(`${name}: ${path.relative(root, file.name)} > ${test.fullName}\n    ${error}`);
      }
      // A file that failed outside its tests (an import, a hook) has no failed test to name.
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failedTests.push(
          `${name}: ${path.relative(root, file.name)}\n    ${String(file.message ?? '').split('\n')[0]}`,
        );
      }
    }
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
const chromiumReady = wants('e2e')
  ? await run('Chromium available', 'bash', ['scripts/ensure-chromium.sh'])
  : false;
// The fault suite's failover scenario: a Patroni cluster (primary, synchronous standby, HAProxy)
// on ports of its own beside the PostgreSQL above; left running, like it, for the next run. It
// starts while the other suites run (the last of the installers, so apt's lock is free), in a
// lane of its own printed before the fault suite, which waits for it.
const clusterLane = only === 'all' ? new Lane('PostgreSQL cluster') : terminal;
const clusterReady = wants('faults')
  ? run(
      'PostgreSQL cluster available (Patroni, etcd, HAProxy)',
      'bash',
      ['scripts/ensure-pg-cluster.sh'],
      {},
      clusterLane,
    )
  : Promise.resolve(false);

/** The PostgreSQL database the embedded run's multi-node tests use (apps/server/test/postgres-url.ts). */
const embeddedRunPostgresUrl = postgresUrl.replace(/\/[^/?]*(\?.*)?$/, '/kabuto_embedded_run$1');

/** Biome and every workspace's typecheck. */
async function checkLane(lane) {
  await run('check (lint + typecheck)', 'npm', ['run', 'check'], {}, lane);
}

/** The embedded run of everything but the component tests: unit, property, integration. */
async function embeddedLane(lane) {
  const env = {};
  if (postgresReady) {
    const created = await run(
      'PostgreSQL database of the embedded run',
      'bash',
      [
        '-c',
        'psql "$1" -tAc "SELECT 1 FROM pg_database WHERE datname = \'kabuto_embedded_run\'" | grep -q 1 || psql "$1" -c "CREATE DATABASE kabuto_embedded_run"',
        'create',
        postgresUrl,
      ],
      {},
      lane,
    );
    if (created) env.KABUTO_TEST_PG_URL = embeddedRunPostgresUrl;
  }
  await vitest(
    'unit, property and integration (embedded database)',
    ['--project', '!*components*'],
    env,
    lane,
  );
}

/** The component tests of both front ends (jsdom): every project the embedded run leaves out. */
async function componentsLane(lane) {
  await vitest('components (jsdom)', ['--project', '*components*'], {}, lane);
}

/** The integration suite again, on PostgreSQL. */
async function postgresLane(lane) {
  if (wants('pg') && postgresReady) {
    await vitest(
      'integration (PostgreSQL)',
      ['apps/server'],
      { KABUTO_TEST_DATABASE_URL: postgresUrl },
      lane,
    );
  }
}

/**
 * The web build, then the browser journeys in two shards at once, each with a server of its own
 * (e2e/global-setup.ts): a journey spends most of its time waiting on the browser and the server,
 * and a shard's journeys run one after another, so a journey that moves its server's clock still
 * meets only the journeys of its own shard (docs/decisions.md "Tooling"). The shards are balanced
 * by each journey's last measured share of the run (seconds, a busy machine: only the ratios
 * matter); a journey not in the table counts as a middling one.
 */
const JOURNEY_WEIGHTS = {
  'layout.e2e.ts': 288,
  'admin.e2e.ts': 228,
  'protective-orders.e2e.ts': 199,
  'market.e2e.ts': 177,
  'backoffice.e2e.ts': 153,
  'trading.e2e.ts': 149,
  'foundation.e2e.ts': 146,
  'money.e2e.ts': 142,
  'block.e2e.ts': 122,
  'copy.e2e.ts': 119,
  'daytrade.e2e.ts': 100,
  'ipo.e2e.ts': 91,
  'passkeys.e2e.ts': 86,
  'gtc-restart.e2e.ts': 70,
  'loans.e2e.ts': 62,
  'security.e2e.ts': 31,
  'delivery.e2e.ts': 29,
};
function journeyShards(count) {
  const files = readdirSync(path.join(root, 'e2e')).filter((file) => file.endsWith('.e2e.ts'));
  const weight = (file) => JOURNEY_WEIGHTS[file] ?? 150;
  const shards = Array.from({ length: count }, () => ({ files: [], total: 0 }));
  for (const file of files.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((a, b) => (b.total < a.total ? b : a));
    lightest.files.push(`e2e/${file}`);
    lightest.total += weight(file);
  }
  return shards.map((shard) => shard.files).filter((list) => list.length > 0);
}
async function browserLane(lane) {
  if (!chromiumReady || !(await run('build web', 'npm', ['run', 'build'], {}, lane))) return;
  const shards = journeyShards(2);
  const logs = shards.map((_, i) => new Lane(`journeys ${i + 1}`));
  await Promise.all(
    shards.map((files, i) =>
      vitest(
        `browser journeys (Chromium), shard ${i + 1} of ${shards.length}`,
        ['--config', 'e2e/vitest.config.ts', ...files],
        {},
        logs[i],
      ),
    ),
  );
  for (const log of logs) lane.write(log.drain());
}

/** The fault-injection suite: real server processes on PostgreSQL, the Patroni cluster and Redis. */
async function faultsSuite(lane) {
  if (!wants('faults')) return;
  await clusterReady;
  lane.write(clusterLane.drain());
  if (!postgresReady || !redisReady) return;
  await vitest(
    'fault injection (PostgreSQL, Redis, real processes)',
    ['--config', 'test/faults/vitest.config.ts'],
    {
      KABUTO_PG_URL: postgresUrl,
      // The failover scenario fails (it is not skipped) when the cluster did not come up.
      KABUTO_PG_CLUSTER_URL: process.env.KABUTO_PG_CLUSTER_URL ?? 'postgres://postgres@127.0.0.1:5440/test',
    },
    lane,
  );
}

if (only === 'all') {
  const browser = new Lane('browser journeys');
  process.stdout.write(
    '\nThe browser journeys, then the fault-injection suite, run in a lane of their own; their output follows when each ends.\n',
  );
  // The fault-injection suite measures real-time lags: it follows the journeys in their lane, at
  // normal priority, while the other lanes (idle priority) take only what it leaves. Its servers
  // use databases of their own, and end only their own connections.
  const faults = new Lane('fault injection');
  const ended = browserLane(browser)
    .then(() => browser.flush())
    .then(() => faultsSuite(faults))
    .then(() => faults.flush());
  // Check, the embedded run, the component tests and the PostgreSQL run side by side, at idle
  // priority: each Vitest run keeps one worker (Vitest's default on two cores), so one alone
  // leaves a core idle, as check alone leaves it between its steps. The embedded run's multi-node
  // tests use a database of their own (embeddedLane); the other three touch no shared database.
  const others = [
    [checkLane, new Lane('check', { idle: true })],
    [componentsLane, new Lane('components', { idle: true })],
    [postgresLane, new Lane('PostgreSQL', { idle: true })],
  ].map(([suite, lane]) => suite(lane).then(() => lane.flush()));
  await embeddedLane(new Lane(null, { idle: true }));
  await Promise.all(others);
  await ended;
} else {
  await postgresLane(terminal);
  if (wants('e2e')) await browserLane(terminal);
  await faultsSuite(terminal);
}

rmSync(reports, { recursive: true, force: true });
process.stdout.write(
  `\n${stages.join('\n')}\n=== whole run: ${((Date.now() - startedAt) / 1000).toFixed(1)}s\n`,
);
if (failedTests.length)
  process.stdout.write(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}\n`);
process.stdout.write(`\n${failures.length ? `Failed: ${failures.join('; ')}\n` : ''}`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(failures.length || totals.failed ? 1 : 0);
