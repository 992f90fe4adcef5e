import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { closedPosition } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import DayTradeDetailPage from './day-trade-detail-page';

beforeEach(() => signedIn());

/** A day order of Keyence bought and sold at the same price: no price P&L, ¥344 of fees. */
const closedDayOrder = closedPosition({
  id: 7,
  code: '6861',
  name: 'Keyence',
  mode: 'day',
  quantity: 3,
  source: 'daytrade',
  openPrice: '57033.7',
  closePrice: '57033.7',
  openFee: '172',
  closeFee: '172',
  realisedPnl: '0',
  pnl: '0',
});

const application = {
  id: 11,
  orderNo: 'T2026112800000000000011',
  market: 'jpy',
  currency: 'JPY',
  tradingDay: '2026-11-30',
  amount: '1000000',
  leverage: 5,
  buyingPower: '5000000',
  state: 'trading',
  reason: null,
  reasonMessage: null,
  createdAt: '2026-11-27T16:04:00.000Z',
  reviewedAt: '2026-11-27T16:05:00.000Z',
  closeAt: '2026-11-30T06:30:00.000Z',
  settledAt: null,
  returned: null,
  pnl: null,
  fees: null,
  capitalLeft: '999656',
  status: 1,
  money: '1000000',
};

describe('/home/withinDaysInfo', () => {
  it('shows what a closed day order left after its fees, not a "¥0" price P&L', async () => {
    answerApi({ '/trade/dayDetail': { application, positions: [closedDayOrder], records: [] } });
    await renderInApp(<DayTradeDetailPage />, { path: '/home/withinDaysInfo?id=11' });
    const order = await screen.findByTestId('day-position');
    expect(order).toHaveTextContent('-¥344');
    expect(order.textContent).not.toMatch(/[¥￥]0(?!\d)/);
  });

  it.each([
    ['jp', '大引け（2026/11/30 15:30 JST）までに審査が完了しませんでした'],
    ['cn', '在收盘（2026/11/30 15:30 GMT+9）前未完成审核'],
    ['us', 'not reviewed before the session close (11/30/2026, 15:30 GMT+9)'],
  ] as const)(
    'in %s, says in the reader’s language why the server failed an application',
    async (language, said) => {
      const failed = {
        ...application,
        state: 'failed',
        capitalLeft: null,
        reason: 'not reviewed before the session close (2026-11-30T06:30:00.000Z)',
        reasonMessage: {
          key: 'daytrade_not_reviewed',
          params: { close: { date: '2026-11-30T06:30:00.000Z', market: 'jpy' } },
        },
      };
      answerApi({ '/trade/dayDetail': { application: failed, positions: [], records: [] } });
      await renderInApp(<DayTradeDetailPage />, { path: '/home/withinDaysInfo?id=11', language });
      expect(await screen.findByTestId('day-reason')).toHaveTextContent(said);
    },
  );

  it('shows an operator’s reason as typed, in every language', async () => {
    const rejected = { ...application, state: 'rejected', capitalLeft: null, reason: '書類不備' };
    answerApi({ '/trade/dayDetail': { application: rejected, positions: [], records: [] } });
    await renderInApp(<DayTradeDetailPage />, { path: '/home/withinDaysInfo?id=11', language: 'cn' });
    expect(await screen.findByTestId('day-reason')).toHaveTextContent('書類不備');
  });
});
