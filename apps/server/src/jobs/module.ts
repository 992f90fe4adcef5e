import { sql } from 'kysely';
import { defineModule } from '../module';
import { JobRunner } from './runner';

/** Idempotency keys are kept this long; a retry after that runs as a new request. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** Job runs are kept this long (each job's latest finished run is always kept). */
export const JOB_RUNS_KEEP_DAYS = 7;

/**
 * The jobs runner (jobs/runner.ts) as the `jobs` port: modules define their jobs when they
 * register; the runner starts with the node's background work and stops on close.
 */
export const jobsModule = defineModule({ name: 'jobs', dependencies: ['system'] }, (app, ctx) => {
  const jobs = new JobRunner(ctx, app.metrics);
  app.decorate('jobs', jobs);
  jobs.define({
    name: 'idempotency.cleanup',
    schedule: { kind: 'every', ms: 3_600_000 },
    scope: 'cluster',
    run: async () => {
      const before = new Date(ctx.clock.now().getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000);
      const { numAffectedRows } =
        await sql`DELETE FROM idempotency_keys WHERE created_at < ${before}`.execute(ctx.db);
      return `${numAffectedRows ?? 0n} keys removed`;
    },
  });
  jobs.define({
    name: 'jobs.prune',
    schedule: { kind: 'daily', at: '03:00', timeZone: 'Asia/Tokyo' },
    scope: 'cluster',
    // Runs older than a week go, except each job's latest finished one (its catch-up mark).
    run: async () => {
      const before = new Date(ctx.clock.now().getTime() - JOB_RUNS_KEEP_DAYS * 86_400_000);
      const { numAffectedRows } = await sql`DELETE FROM job_runs r WHERE r.due_at < ${before}
        AND EXISTS (SELECT 1 FROM job_runs n WHERE n.job = r.job AND n.outcome = 'done' AND n.due_at > r.due_at)`.execute(
        ctx.db,
      );
      return `${numAffectedRows ?? 0n} runs removed`;
    },
  });
  ctx.lifecycle.start.push(() => jobs.start());
  ctx.onClose.push(() => jobs.stop());
});
