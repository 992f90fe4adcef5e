import { API, type Market, minorToDecimal } from '@kabuto/contract';
import type { Feature } from '../../context';
import type { Executor } from '../../db/schema';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { userBalances } from '../../ledger/ledger';
import { pickLanguage } from '../messages/service';
import { MatchingEngine } from './engine';
import {
  cancelOrder,
  closePosition,
  type OrderRequest,
  openPositionCount,
  placeOrder,
  planOrder,
} from './service';
import './tables';
import {
  endedPositions,
  findOwnPosition,
  openPositions,
  positionDetail,
  positionView,
  valuation,
} from './views';

export interface TradingService {
  engine: MatchingEngine;
}

declare module '../../context' {
  interface AppContext {
    trading: TradingService;
    /**
     * Set by the day-trading program (SPEC §6.5): whether the user may trade in day mode in this
     * market now. Without it, day-mode orders are refused.
     */
    dayTradeGate?: (db: Executor, userId: number, market: Market, now: Date) => Promise<boolean>;
  }
}

function orderRequest(body: {
  code: string;
  direction: OrderRequest['direction'];
  order_type: OrderRequest['orderType'];
  price?: string | undefined;
  quantity: string;
  leverage: string;
  mode?: OrderRequest['mode'];
}): OrderRequest {
  return {
    code: body.code,
    direction: body.direction,
    orderType: body.order_type,
    price: body.price,
    quantity: body.quantity,
    leverage: body.leverage,
    mode: body.mode ?? 'normal',
  };
}

/** Orders, positions and the matching engine (SPEC §4, §5, §6.2–§6.3, §8 trading calls). */
export const tradingFeature: Feature = {
  name: 'trading',
  async init(ctx) {
    const engine = new MatchingEngine(ctx);
    ctx.trading = { engine };
    // Positions pending, holding or closing (money refuses withdrawals while any are open, SPEC §6.4).
    ctx.openPositionCount = (userId, db) => openPositionCount(db, userId);
    ctx.valuations.push((userId) => valuation(ctx, userId));
    ctx.onClose.push(() => engine.stop());
  },
  async routes(app, ctx) {
    // Here rather than in init: every feature's init has run, so the market exists whatever the
    // order of the features. Without a market the engine has nothing to listen to.
    if (ctx.market) await ctx.trading.engine.attach();
    const limit = { perMinute: ctx.config.orderRateLimitPerMinute };
    const language = (header: unknown, fallback: string) => pickLanguage(header, fallback);

    route(app, ctx, API.previewCall, async ({ body, user }) => {
      const plan = planOrder(ctx, orderRequest(body), ctx.clock.now(), { forPreview: true });
      const available = (await userBalances(ctx.db, user.id))[plan.currency].available;
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
        },
      };
    });

    route(
      app,
      ctx,
      API.orderCall,
      async ({ body, user, req }) => {
        const row = await placeOrder(ctx, user.id, orderRequest(body));
        ctx.trading.engine.track(row);
        return { msg: 'place', data: positionView(ctx, row, language(req.headers.language, user.language)) };
      },
      { guard: 'trade', ...limit },
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
  start(ctx) {
    ctx.trading.engine.startTimers();
  },
};
