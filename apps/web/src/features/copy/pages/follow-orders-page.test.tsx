import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { closedPosition } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import { holding } from '../test-fixtures';
import FollowOrdersPage from './follow-orders-page';

beforeEach(() => signedIn());

const MIRRORED = {
  ...closedPosition({
    id: 77,
    orderNo: '2026111701000000000077',
    quantity: 300,
    state: 'holding',
    closeReason: null,
    source: 'copy',
    openPrice: '3000.0',
    currentPrice: '3100.0',
    pnl: '30000',
    closePrice: null,
    closedAt: null,
    closeFee: null,
    realisedPnl: null,
    status: 0,
  }),
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
