import { admin } from '@kabuto/contract';
import { isAdjustable } from '../../clock';
import { defineModule } from '../../module';
import { audit } from '../admin/port';
import { adminCall } from '../backoffice/port';

/**
 * Clock travel for the browser journeys (config `clockTravel`, KABUTO_CLOCK_TRAVEL=1): an admin
 * moves the node's clock forward and the jobs that became due run before the answer, so a
 * journey reaches a draw, a deadline or a session close the way production would. Without the
 * setting the call does not exist.
 */
export const clockModule = defineModule({ name: 'clock', dependencies: ['admin', 'jobs'] }, (app, ctx) => {
  const clock = ctx.clock;
  if (!ctx.config.clockTravel || !isAdjustable(clock)) return;

  adminCall(app, admin.clock.advance, async ({ body, operator }) => {
    clock.advance(body.ms);
    await audit(
      ctx.db,
      {
        operatorId: operator.id,
        action: 'clock_advance',
        targetType: 'clock',
        targetId: 'node',
        reason: null,
        details: { ms: body.ms },
      },
      clock.now(),
    );
    // A pass already under way may have read the time before the move: run a second one.
    const runs = [...(await app.jobs.runDue()), ...(await app.jobs.runDue())];
    return {
      now: clock.now().toISOString(),
      jobs: runs.filter((run) => run.outcome === 'done').map((run) => `${run.job}@${run.slot}`),
    };
  });
});
