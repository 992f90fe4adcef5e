import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * The jobs runner's record (jobs/runner.ts): the last run of each scheduled job and slot, so a job
 * runs once per slot across nodes and catches up after downtime. Idempotency keys expire: an index
 * on their age for the cleanup job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE job_runs (
      job TEXT NOT NULL,
      slot TEXT NOT NULL,
      due_at TIMESTAMPTZ NOT NULL,
      started_at TIMESTAMPTZ NOT NULL,
      finished_at TIMESTAMPTZ,
      outcome TEXT NOT NULL CHECK (outcome IN ('running', 'done', 'failed')),
      detail TEXT,
      PRIMARY KEY (job, slot)
    );
    CREATE INDEX job_runs_recent ON job_runs(job, due_at DESC);

    CREATE INDEX idempotency_keys_age ON idempotency_keys(created_at);
    `,
  );
}
