import { defineModule } from '../../module';
import { adjustmentRoutes } from './adjustments';
import { auditRoutes } from './audit-log';
import { contentRoutes } from './content';
import { dashboardRoutes, recordInvariantCheck } from './dashboard';
import { notifyRoutes } from './notify';
import { operatorRoutes } from './operators';
import { securityRoutes } from './security';
import { applyOverrides, REFRESH_MS, settingsRoutes } from './settings';
import { signInRoutes } from './sign-in';
import { userRoutes } from './users';
import './tables';

/** How often the ledger invariant check runs for the dashboard (once across the cluster). */
const INVARIANT_CHECK_MS = 60 * 60_000;

/**
 * The back office's calls beyond the review queue (SPEC §9): operator sign-in, user care, ledger
 * adjustments, news and messages, settings, the audit log, operator accounts, the dashboard and
 * alerts and notifications.
 * Every call goes through the admin port's operator guard; the dashboard and user care read the
 * review queue; the ledger check is a job.
 */
export const backofficeModule = defineModule(
  { name: 'backoffice', dependencies: ['admin', 'reviews', 'jobs'] },
  async (app, ctx) => {
    // The configuration before any operator's change: settings restore from it.
    const defaults = structuredClone(ctx.config);
    await applyOverrides(ctx.db, ctx.config, defaults);

    signInRoutes(app, ctx);
    dashboardRoutes(app, ctx);
    userRoutes(app, ctx);
    securityRoutes(app, ctx);
    adjustmentRoutes(app, ctx);
    contentRoutes(app, ctx);
    settingsRoutes(app, ctx, defaults);
    auditRoutes(app, ctx);
    operatorRoutes(app, ctx);
    notifyRoutes(app, ctx);

    app.jobs.define({
      name: 'ledger.invariant',
      schedule: { kind: 'every', ms: INVARIANT_CHECK_MS },
      scope: 'cluster',
      run: async () => ((await recordInvariantCheck(ctx)).ok ? 'balanced' : 'ledger check failed'),
    });
    ctx.lifecycle.start.push(() => {
      // Another node's change of a setting reaches this one within REFRESH_MS.
      const refresh = setInterval(() => {
        applyOverrides(ctx.db, ctx.config, defaults).catch((error) =>
          ctx.log.warn({ err: error }, 'config refresh failed'),
        );
      }, REFRESH_MS);
      ctx.onClose.push(() => clearInterval(refresh));
    });
  },
);
