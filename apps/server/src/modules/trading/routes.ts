import { API, minorToDecimal } from '@kabuto/contract';
import { orderSentence } from '@kabuto/domain';
import { afterCommit } from '../../db/ambient';
import type { Executor } from '../../db/schema';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { userBalances } from '../../ledger/ledger';
import { defineModule } from '../../module';
import { pickLanguage } from '../messages/port';
import type { OrderRequest, TradingContext, TradingParts } from './context';
import { ENGINE_EXPIRY_SWEEP_MS, ENGINE_REFRESH_MS, MatchingEngine } from './engine';
import { cancelOrder, placeOrder } from './orders';
import { orderExpiry, planOrder } from './plan';
import { closePosition, openPositionCount } from './positions';
import './tables';
import { modifyOrder, setTpSl } from './triggers';
import {
  endedPositions,
  findOwnPosition,
  openPositions,
  positionDetail,
  positionView,
  valuation,
} from './views';

/** How many positions a user has open, for the money module (SPEC §6.4 "refused while positions are held"). */
export interface OpenPositionsPort {
  /** Positions pending, holding or closing. */
  count(db: Executor, userId: number): Promise<number>;
}

/** The trading module's port: the matching engine, and the day-trading program's gate. */
export interface TradingPort extends TradingParts {
  engine: MatchingEngine;
}

function orderRequest(body: {
  code: string;
  direction: OrderRequest['direction'];
  order_type: OrderRequest['orderType'];
  price?: string | undefined;
  quantity: string;
  leverage: string;
  mode?: OrderRequest['mode'];
  trigger_price?: string | undefined;
  trail_amount?: string | undefined;
  trail_percent?: string | undefined;
  validity?: OrderRequest['validity'];
  take_profit?: string | undefined;
  stop_loss?: string | undefined;
}): OrderRequest {
  return {
    code: body.code,
    direction: body.direction,
    orderType: body.order_type,
    price: body.price,
    quantity: body.quantity,
    leverage: body.leverage,
    mode: body.mode ?? 'normal',
    triggerPrice: body.trigger_price,
    trailAmount: body.trail_amount,
    trailPercent: body.trail_percent,
    validity: body.validity ?? 'day',
    takeProfit: body.take_profit,
    stopLoss: body.stop_loss,
  };
}

/** Orders, positions and the matching engine (SPEC §4, §5, §6.2–§6.3, §8 trading calls). */
export const tradingModule = defineModule(
  { name: 'trading', dependencies: ['market', 'users', 'jobs'] },
  async (app, platform) => {
    const base = { ...platform, market: app.market };
    const engine = new MatchingEngine(base);
    const trading: TradingPort = { engine, dayTradeGate: null };
    const ctx: TradingContext = { ...base, trading };
    app.decorate('trading', trading);
    // Positions pending, holding or closing (money refuses withdrawals while any are open, SPEC §6.4).
    app.decorate('openPositions', { count: (db, userId) => openPositionCount(db, userId) });
    app.accounts.addValuation((userId) => valuation(ctx, userId));
    ctx.onClose.push(() => engine.stop());
    await engine.attach();
    // Orders placed on one node reach every node's matching at once (ARCHITECTURE "Scale-out"):
    // the engines share position news over the bus, which the market module starts first.
    platform.lifecycle.start.push(async () => {
      if (app.marketData.bus) engine.connect(app.marketData.bus);
    });
    // An acknowledged order is news on the bus before its answer leaves: a node killed right after
    // answering cannot leave the other nodes waiting for their periodic re-read to fill it.
    app.addHook('onSend', async (_request, _reply, payload) => {
      await engine.announced();
      return payload;
    });
    app.jobs.define({
      name: 'orders.expire',
      schedule: { kind: 'every', ms: ENGINE_EXPIRY_SWEEP_MS },
      scope: 'cluster',
      // SPEC §6.3: unfilled limit orders expire at their session's close.
      run: async () => `${await engine.expireDue()} expired`,
    });
    app.jobs.define({
      name: 'orders.refresh',
      schedule: { kind: 'every', ms: ENGINE_REFRESH_MS },
      scope: 'node',
      // Each node's engine re-reads orders placed or changed on other nodes.
      run: async () => {
        await engine.refresh();
        return undefined;
      },
    });
    const limit = { perMinute: ctx.config.orderRateLimitPerMinute };
    const language = (header: unknown, fallback: string) => pickLanguage(header, fallback);

    route(app, ctx, API.previewCall, async ({ body, user }) => {
      const now = ctx.clock.now();
      const plan = planOrder(ctx, orderRequest(body), now, { forPreview: true });
      // Day mode trades against the participation left, not the available funds (SPEC §6.5).
      const available =
        plan.mode === 'day'
          ? ((await ctx.trading.dayTradeGate?.capitalLeft(ctx.db, user.id, plan.market, ctx.clock.now())) ??
            0)
          : (await userBalances(ctx.db, user.id))[plan.currency].available;
      const total = plan.marginMinor + plan.feeMinor;
      const money = (minor: number) => minorToDecimal(minor, plan.currency);
      return {
        data: {
          code: plan.instrument.code,
          market: plan.market,
          currency: plan.currency,
          price: plan.price,
          quantity: plan.quantity,
          leverage: plan.leverage,
          notional: money(plan.notionalMinor),
          margin: money(plan.marginMinor),
          fee: money(plan.feeMinor),
          total: money(total),
          available: money(available),
          enough: available >= total,
          limitUp: plan.band?.limitUp ?? null,
          limitDown: plan.band?.limitDown ?? null,
          marketOpen: plan.marketOpen,
          sentence: orderSentence({
            direction: plan.direction,
            orderType: plan.orderType,
            quantity: plan.quantity,
            price: plan.limitPrice,
            trigger: plan.triggerPrice,
            trail: plan.trail,
          }),
          expiresAt: plan.fillsNow ? null : orderExpiry(ctx, plan.market, plan.validity, now).toISOString(),
        },
      };
    });

    route(
      app,
      ctx,
      API.orderCall,
      async ({ body, user, req }) => {
        const row = await placeOrder(ctx, user.id, orderRequest(body));
        // The engine learns of the order once it is committed (an idempotent call commits later).
        afterCommit(() => engine.track(row));
        return { msg: 'place', data: positionView(ctx, row, language(req.headers.language, user.language)) };
      },
      { guard: 'trade', ...limit },
    );

    // Changing a pending order may raise its risk (a higher quantity is refused, but a limit may move),
    // so it is a trade call; take-profit and stop-loss only ever close, so a barred account may set them.
    route(
      app,
      ctx,
      API.modifyOrderCall,
      async ({ body, user, req }) => {
        const row = await modifyOrder(ctx, user.id, {
          id: body.id,
          price: body.price,
          triggerPrice: body.trigger_price,
          quantity: body.quantity,
        });
        return { msg: 'modify', data: positionView(ctx, row, language(req.headers.language, user.language)) };
      },
      { guard: 'trade', ...limit },
    );

    route(
      app,
      ctx,
      API.setTpSlCall,
      async ({ body, user, req }) => {
        const row = await setTpSl(ctx, user.id, {
          id: body.id,
          takeProfit: body.take_profit,
          stopLoss: body.stop_loss,
          trailAmount: body.trail_amount,
          trailPercent: body.trail_percent,
        });
        return { msg: 'modify', data: positionView(ctx, row, language(req.headers.language, user.language)) };
      },
      limit,
    );

    // Cancelling and closing reduce risk, so a trade-barred account may still do them (SPEC §5).
    route(
      app,
      ctx,
      API.cancelOrderCall,
      async ({ body, user, req }) => {
        const row = await cancelOrder(ctx, user.id, body.id);
        return { msg: 'cancel', data: positionView(ctx, row, language(req.headers.language, user.language)) };
      },
      limit,
    );

    route(
      app,
      ctx,
      API.closePositionCall,
      async ({ body, user, req }) => {
        const row = await closePosition(ctx, user.id, body.id);
        return { msg: 'close', data: positionView(ctx, row, language(req.headers.language, user.language)) };
      },
      limit,
    );

    route(app, ctx, API.positionInfoCall, async ({ body, user, req }) => {
      const row = await findOwnPosition(ctx.db, user.id, body.id);
      if (!row) throw new DomainError('not_found', { field: 'id' });
      return { data: positionDetail(ctx, row, language(req.headers.language, user.language)) };
    });

    route(app, ctx, API.userStockListCall, async ({ body, user, req }) => ({
      data: await openPositions(
        ctx,
        user.id,
        body.type,
        language(req.headers.language, user.language),
        body.page,
        body.size,
      ),
    }));

    route(app, ctx, API.userStockListsCall, async ({ body, user, req }) => ({
      data: await endedPositions(
        ctx,
        user.id,
        body.type,
        language(req.headers.language, user.language),
        body.page,
        body.size,
      ),
    }));
  },
);
