import { dueSlots, type Schedule, type Slot } from '@kabuto/domain';
import { sql } from 'kysely';
import client from 'prom-client';
import type { AppContext } from '../context';

/** How often a node looks for due jobs (each runs within this of its time). */
export const JOBS_TICK_MS = 1_000;

export interface JobDefinition {
  /** Unique, stable: runs are recorded under it. */
  name: string;
  schedule: Schedule;
  /**
   * `cluster`: once per slot across every node, under a PostgreSQL advisory lock, recorded in
   * `job_runs` (and caught up after downtime). `node`: on every node for its own memory (the
   * matching engine's index), not recorded.
   */
  scope: 'cluster' | 'node';
  /**
   * Does the work of one slot. Must be idempotent: a run that crashed half-way is run again for
   * the same slot, so each step checks its own state (a row's state, a hold still held).
   * Returns a short description of what it did, kept with the run.
   */
  run(slot: Slot): Promise<string | undefined>;
}

export interface JobRunRecord {
  job: string;
  slot: string;
  outcome: 'done' | 'failed' | 'skipped';
  detail: string | null;
}

/**
 * 64-bit advisory lock key of a job in one schema (stable across nodes and versions). Advisory
 * locks are database-wide: the schema keeps deployments, or test runs, that share a database
 * in schemas of their own from skipping each other's jobs.
 */
function lockKey(job: string, schema: string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(`kabuto-job:${schema}:${job}`)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return BigInt.asIntN(64, hash);
}

/**
 * The jobs runner (ARCHITECTURE "jobs/"): named jobs with a schedule in market time, each run once
 * across nodes under an advisory lock, idempotent, caught up after downtime, on the injected clock
 * (tests move the clock and call `runDue`). Every run is logged and counted in /metrics.
 */
export class JobRunner {
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly lastNodeSlot = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<JobRunRecord[]> | null = null;
  private readonly runs: client.Counter<'job' | 'outcome'>;
  private readonly seconds: client.Histogram<'job'>;

  constructor(
    private readonly ctx: AppContext,
    metrics: client.Registry,
  ) {
    this.runs = new client.Counter({
      name: 'kabuto_job_runs_total',
      help: 'Job runs by job and outcome',
      labelNames: ['job', 'outcome'],
      registers: [metrics],
    });
    this.seconds = new client.Histogram({
      name: 'kabuto_job_run_seconds',
      help: 'Job run duration',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.25, 1, 5, 30],
      registers: [metrics],
    });
  }

  define(job: JobDefinition): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
    this.jobs.set(job.name, job);
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Runs every job that is due now (and what cluster jobs missed), one job at a time. */
  runDue(): Promise<JobRunRecord[]> {
    // One pass at a time per node: a slow pass is not overlapped by the next tick.
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error) => this.ctx.log.error({ err: error }, 'jobs pass failed'));
    }, JOBS_TICK_MS);
    this.timer.unref();
    // Catch-up at start: what was missed while no node ran is due now.
    void this.runDue().catch((error) => this.ctx.log.error({ err: error }, 'jobs pass failed'));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<JobRunRecord[]> {
    const records: JobRunRecord[] = [];
    for (const job of this.jobs.values()) {
      if (job.scope === 'node') records.push(...(await this.runNodeJob(job)));
      else records.push(...(await this.runClusterJob(job)));
    }
    return records;
  }

  private async runNodeJob(job: JobDefinition): Promise<JobRunRecord[]> {
    const [slot] = dueSlots(job.schedule, this.ctx.clock.now(), null);
    if (!slot || this.lastNodeSlot.get(job.name) === slot.key) return [];
    this.lastNodeSlot.set(job.name, slot.key);
    return [await this.execute(job, slot, false)];
  }

  private async runClusterJob(job: JobDefinition): Promise<JobRunRecord[]> {
    const { db } = this.ctx;
    const run = async (): Promise<JobRunRecord[]> => {
      const last = await db
        .selectFrom('job_runs')
        .select('due_at')
        .where('job', '=', job.name)
        .where('outcome', '=', 'done')
        .orderBy('due_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const records: JobRunRecord[] = [];
      for (const slot of dueSlots(job.schedule, this.ctx.clock.now(), last?.due_at ?? null)) {
        const record = await this.execute(job, slot, true);
        records.push(record);
        // Slots run in order: a failed one is retried on the next pass before any later one.
        if (record.outcome === 'failed') break;
      }
      return records;
    };
    if (this.ctx.database.kind !== 'postgres') return run();
    // One node at a time: the lock is held on a connection of its own for the whole run, and
    // is released by the database if this node dies (another node then re-runs the slot).
    return db.connection().execute(async (connection) => {
      const { rows: where } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(
        connection,
      );
      const key = lockKey(job.name, where[0]?.schema ?? 'public').toString();
      const { rows } = await sql<{
        locked: boolean;
      }>`SELECT pg_try_advisory_lock(${key}::int8) AS locked`.execute(connection);
      if (!rows[0]?.locked) return [];
      try {
        return await run();
      } finally {
        await sql`SELECT pg_advisory_unlock(${key}::int8)`.execute(connection);
      }
    });
  }

  private async execute(job: JobDefinition, slot: Slot, recorded: boolean): Promise<JobRunRecord> {
    const { db, clock, log } = this.ctx;
    if (recorded) {
      await db
        .insertInto('job_runs')
        .values({
          job: job.name,
          slot: slot.key,
          due_at: slot.dueAt,
          started_at: clock.now(),
          finished_at: null,
          outcome: 'running',
          detail: null,
        })
        .onConflict((oc) =>
          oc
            .columns(['job', 'slot'])
            .doUpdateSet({ started_at: clock.now(), outcome: 'running', detail: null }),
        )
        .execute();
    }
    const stopTimer = this.seconds.startTimer({ job: job.name });
    let record: JobRunRecord;
    try {
      const detail = (await job.run(slot)) ?? null;
      record = { job: job.name, slot: slot.key, outcome: 'done', detail };
      // Frequent jobs log at debug level: their runs are in job_runs and /metrics either way.
      const frequent = job.schedule.kind === 'every' && job.schedule.ms < 60_000;
      log[frequent ? 'debug' : 'info']({ job: job.name, slot: slot.key, detail }, 'job done');
    } catch (error) {
      record = { job: job.name, slot: slot.key, outcome: 'failed', detail: String(error) };
      log.error({ err: error, job: job.name, slot: slot.key }, 'job failed');
    } finally {
      stopTimer();
    }
    this.runs.inc({ job: job.name, outcome: record.outcome });
    if (recorded) {
      await db
        .updateTable('job_runs')
        .set({
          outcome: record.outcome === 'done' ? 'done' : 'failed',
          finished_at: clock.now(),
          detail: record.detail,
        })
        .where('job', '=', job.name)
        .where('slot', '=', slot.key)
        .execute();
    }
    return record;
  }
}
