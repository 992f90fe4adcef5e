import { API } from '@kabuto/contract';
import type { Feature } from '../../context';
import { route } from '../../http/route';
import {
  depositChannels,
  depositFundRecords,
  depositReviewKind,
  listDeposits,
  requestDeposit,
} from './deposit';
import { exchange, listExchanges, rates } from './exchange';
import { listWithdrawals, requestWithdrawal, withdrawalFundRecords, withdrawalReviewKind } from './withdraw';
import './tables';

/**
 * Deposits, withdrawals and currency exchange (SPEC §6.4). Needs identity (cards, files), the
 * admin review registry and the users module's fund-record hooks; FX rates come from ctx.market.
 */
export const moneyFeature: Feature = {
  name: 'money',
  init(ctx) {
    ctx.reviewKinds.deposit = depositReviewKind;
    ctx.reviewKinds.withdrawal = withdrawalReviewKind;
    ctx.fundRecordSources.deposits = depositFundRecords;
    ctx.fundRecordSources.withdrawals = withdrawalFundRecords;
  },
  routes(app, ctx) {
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
      {
        guard: 'money',
      },
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
};
