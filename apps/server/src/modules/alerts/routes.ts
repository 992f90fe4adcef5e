import { ALERT_LIMIT, alertAddCall, alertDeleteCall, alertEditCall, alertListCall } from '@kabuto/contract';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import { pickLanguage } from '../messages/port';
import { alertStore, alertView } from './store';
import { ALERT_WATCH_LIMITS, AlertWatcher } from './watcher';

/** The alerts module's port: the watcher of this node. */
export interface AlertsPort {
  watcher: AlertWatcher;
}

/** Price alerts (SPEC §13.3): the investor's list, and the watcher that fires them on ticks. */
export const alertsModule = defineModule(
  { name: 'alerts', dependencies: ['market', 'messages', 'jobs'] },
  async (app, platform) => {
    const ctx = { ...platform, market: app.market };
    const watcher = new AlertWatcher(ctx);
    app.decorate('alerts', { watcher } satisfies AlertsPort);
    ctx.onClose.push(() => watcher.stop());
    await watcher.attach();
    // Alerts changed on one node reach every node's watcher at once, over the bus the market
    // module starts first; the poll below is the backstop.
    platform.lifecycle.start.push(async () => {
      if (app.marketData.bus) watcher.connect(app.marketData.bus);
    });
    app.jobs.define({
      name: 'alerts.poll',
      schedule: { kind: 'every', ms: ALERT_WATCH_LIMITS.pollMs },
      scope: 'node',
      run: async () => `${await watcher.poll()} read`,
    });

    route(app, ctx, alertListCall, async ({ body, user, req }) => {
      const language = pickLanguage(req.headers.language, user.language);
      const rows = await alertStore.list(ctx.db, user.id, body.code);
      return { data: { list: rows.map((row) => alertView(ctx.market, row, language)), limit: ALERT_LIMIT } };
    });

    route(app, ctx, alertAddCall, async ({ body, user, req }) => {
      const row = await alertStore.add(
        ctx.db,
        ctx.market,
        user.id,
        body.code,
        { kind: body.kind, value: body.value, repeat: body.repeat },
        ctx.clock.now(),
      );
      watcher.track(row);
      return { data: alertView(ctx.market, row, pickLanguage(req.headers.language, user.language)) };
    });

    route(app, ctx, alertEditCall, async ({ body, user, req }) => {
      const row = await alertStore.edit(
        ctx.db,
        ctx.market,
        user.id,
        body.id,
        { kind: body.kind, value: body.value, repeat: body.repeat },
        ctx.clock.now(),
      );
      watcher.track(row);
      return { data: alertView(ctx.market, row, pickLanguage(req.headers.language, user.language)) };
    });

    route(app, ctx, alertDeleteCall, async ({ body, user }) => {
      await alertStore.remove(ctx.db, user.id, body.id);
      watcher.untrack(body.id);
      return { data: {} };
    });
  },
);
