import { notifySettingsCall, pushKeyCall, pushSubscribeCall, pushUnsubscribeCall } from '@kabuto/contract';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import { Notifier } from './notifier';
import type { NotifyPort } from './port';
import { changeSwitches, readSwitches } from './settings';
import { deviceCount, endpointAllowed, subscribe, unsubscribe } from './subscriptions';
import { ensureVapidKeys } from './vapid';

/**
 * Notifications that reach the phone (SPEC §13.3): the investor's devices and switches, and the
 * notifier that turns every new message into a live notice on the investor's open sockets and a
 * Web Push to their devices.
 */
export const notifyModule = defineModule(
  { name: 'notify', dependencies: ['system', 'market', 'messages'] },
  async (app, ctx) => {
    const keys = await ensureVapidKeys(ctx.db, ctx.clock.now());
    const notifier = new Notifier(ctx, app.marketData.hub, keys, app.metrics);
    await notifier.init();
    app.decorate('notify', { notifier, publicKey: keys.publicKey } satisfies NotifyPort);

    route(app, ctx, pushKeyCall, async () => ({ data: { key: keys.publicKey } }));

    route(app, ctx, pushSubscribeCall, async ({ body, user, req }) => {
      const { subscription } = body;
      if (!endpointAllowed(subscription.endpoint, ctx.config.pushTestOrigin))
        throw new DomainError('bad_request', { field: 'subscription' });
      const userAgent = typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null;
      const devices = await subscribe(ctx.db, user.id, subscription, userAgent, ctx.clock.now());
      return { data: { devices } };
    });

    route(app, ctx, pushUnsubscribeCall, async ({ body, user }) => ({
      data: { devices: await unsubscribe(ctx.db, user.id, body.endpoint) },
    }));

    route(app, ctx, notifySettingsCall, async ({ body, user }) => {
      const changed = Object.values(body).some((value) => value !== undefined);
      const [switches, devices] = await Promise.all([
        changed ? changeSwitches(ctx.db, user.id, body, ctx.clock.now()) : readSwitches(ctx.db, user.id),
        deviceCount(ctx.db, user.id),
      ]);
      return { data: { switches, devices } };
    });

    ctx.lifecycle.start.push(() => notifier.start());
    ctx.onClose.push(() => notifier.stop());
  },
);
