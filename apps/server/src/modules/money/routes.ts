import { API } from '@kabuto/contract';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import type { MoneyContext } from './common';
import { depositChannels, depositFundRecords, depositReview, listDeposits, requestDeposit } from './deposit';
import { exchange, listExchanges, rates } from './exchange';
import { listWithdrawals, requestWithdrawal, withdrawalFundRecords, withdrawalReview } from './withdraw';
import './tables';

/**
 * Deposits, withdrawals and currency exchange (SPEC §6.4): receipts through identity's files, FX
 * rates from the market, reviews on the review queue, the fund-record tabs in the users module,
 * and the open-position count from trading (withdrawals are refused while positions are open).
 */
export const moneyModule = defineModule(
  { name: 'money', dependencies: ['market', 'users', 'reviews', 'identity', 'trading'] },
  (app, platform) => {
    const ctx: MoneyContext = {
      ...platform,
      market: app.market,
      files: app.files,
      reviewQueue: app.reviewQueue,
      openPositions: app.openPositions,
    };
    app.reviewQueue.register(depositReview);
    app.reviewQueue.register(withdrawalReview);
    app.accounts.addFundRecordSource('deposits', depositFundRecords);
    app.accounts.addFundRecordSource('withdrawals', withdrawalFundRecords);
    route(app, ctx, API.depositChannelsCall, async ({ body }) => ({ data: depositChannels(ctx, body) }));
    route(
      app,
      ctx,
      API.depositCall,
      async ({ user, body }) => ({ msg: 'recharge', data: await requestDeposit(ctx, user, body) }),
      {
        guard: 'money',
      },
    );
    route(app, ctx, API.depositListCall, async ({ user, body }) => ({
      data: await listDeposits(ctx, user.id, body),
    }));
    route(
      app,
      ctx,
      API.withdrawCall,
      async ({ user, body }) => ({ msg: 'withdraw', data: await requestWithdrawal(ctx, user, body) }),
      // SPEC §13.1: money leaving asks for a fresh second-factor proof.
      { guard: 'money', stepUp: 'money' },
    );
    route(app, ctx, API.withdrawalListCall, async ({ user, body }) => ({
      data: await listWithdrawals(ctx, user.id, body),
    }));
    route(app, ctx, API.ratesCall, async ({ body }) => ({ data: rates(ctx, body) }));
    route(
      app,
      ctx,
      API.exchangeCall,
      async ({ user, body }) => ({ msg: 'exchange', data: await exchange(ctx, user, body) }),
      {
        guard: 'money',
      },
    );
    route(app, ctx, API.exchangeListCall, async ({ user, body }) => ({
      data: await listExchanges(ctx, user.id, body),
    }));
  },
);
