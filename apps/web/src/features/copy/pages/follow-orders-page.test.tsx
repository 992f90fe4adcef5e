import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { renderInApp } from '../../../test/render';
import { holding } from '../test-fixtures';
import FollowOrdersPage from './follow-orders-page';

beforeEach(() => signedIn());

const MIRRORED = {
  id: 77,
  orderNo: '2026111701000000000077',
  code: '7203',
  name: 'Toyota Motor',
  market: 'jpy',
  currency: 'JPY',
  direction: 'long',
  orderType: 'market',
  mode: 'normal',
  leverage: 1,
  quantity: 300,
  state: 'holding',
  closeReason: null,
  source: 'copy',
  limitPrice: null,
  openPrice: '3000.0',
  openedAt: '2026-11-17T01:00:00.000Z',
  openedTradingDay: '2026-11-17',
  expiresAt: null,
  validity: 'day',
  triggerPrice: null,
  trailAmount: null,
  trailPercent: null,
  triggeredAt: null,
  takeProfit: null,
  stopLoss: null,
  stopLossTrailAmount: null,
  stopLossTrailPercent: null,
  currentPrice: '3100.0',
  margin: '900000',
  openFee: '900',
  frozen: '900000',
  marketValue: '930000',
  pnl: '30000',
  closePrice: null,
  closedAt: null,
  closeFee: null,
  realisedPnl: null,
  houseAbsorbed: null,
  createdAt: '2026-11-17T01:00:00.000Z',
  updatedAt: '2026-11-17T01:00:00.000Z',
  status: 0,
  nowprice: '3100.0',
  stock_num: 300,
  buy_price: '3000.0',
  yingkui: '30000',
  money: '900000',
  holdingId: 5,
  leaderQuantity: 3000,
  leaderEquity: '10000000',
};

describe('copy-trading orders', () => {
  it('shows each holding with its daily and total profit and its mirrored positions', async () => {
    answerApi({
      '/trade/userproductlist': { list: [holding()], page: 1, size: 20, total: 1 },
      '/trade/followOrders': { list: [MIRRORED], page: 1, size: 100, total: 1 },
    });
    await renderInApp(<FollowOrdersPage />);
    const card = await screen.findByTestId('copy-holding-5');
    expect(within(card).getByTestId('copy-holding-state')).toHaveTextContent('Following');
    expect(within(card).getByTestId('copy-holding-daily')).toHaveTextContent('+¥29,100');
    expect(within(card).getByTestId('copy-holding-total')).toHaveTextContent('+¥29,100');
    expect(within(card).getByTestId('copy-holding-value')).toHaveTextContent('¥1,029,100');
    expect(await within(card).findByTestId('copy-mirrored-quantity')).toHaveTextContent('300');
  });

  it('shows an ended holding with what returned to available funds', async () => {
    answerApi({
      '/trade/userproductlist': {
        list: [
          holding({ state: 'ended', status: 1, returned: '848350', totalProfit: '-151650', money: '0' }),
        ],
        page: 1,
        size: 20,
        total: 1,
      },
      '/trade/followOrders': { list: [], page: 1, size: 100, total: 0 },
    });
    await renderInApp(<FollowOrdersPage />, { language: 'jp' });
    const card = await screen.findByTestId('copy-holding-5');
    expect(within(card).getByTestId('copy-holding-state')).toHaveTextContent('終了');
    expect(within(card).getByTestId('copy-holding-value')).toHaveTextContent('848,350');
  });
});
