import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { DayTradesPage } from './daytrades-page';

const PENDING = {
  id: 1,
  userId: 7,
  account: 'alice',
  orderNo: 'DT0001',
  market: 'jpy',
  currency: 'JPY',
  tradingDay: '2026-11-27',
  amount: '1000000',
  leverage: 5,
  buyingPower: '5000000',
  state: 'pending',
  reason: null,
  reasonMessage: null,
  createdAt: '2026-11-27T00:10:00.000Z',
  reviewedAt: null,
  closeAt: '2026-11-27T06:25:00.000Z',
  settledAt: null,
  returned: null,
  pnl: null,
  fees: null,
  capitalLeft: null,
  status: 0,
  money: '1000000',
};
const SETTLED = {
  ...PENDING,
  id: 2,
  orderNo: 'DT0002',
  state: 'executed',
  returned: '1012000',
  pnl: '15000',
  fees: '3000',
  status: 2,
};

function backOffice() {
  return stubBackOffice(({ method, path }) => {
    if (method !== 'GET' || !path.startsWith('/daytrades?')) return undefined;
    const list = path.includes('state=executed') ? [SETTLED] : [PENDING, SETTLED];
    return { status: 200, body: { list, total: list.length, page: 1, size: 20 } };
  });
}

describe('day-trading applications', () => {
  it('lists every application with its applicant, amount, leverage, state and settled result', async () => {
    backOffice();
    renderPage(<DayTradesPage />);
    const pending = (await screen.findByText('DT0001')).closest('tr')!;
    expect(pending).toHaveTextContent('alice');
    expect(pending).toHaveTextContent('JPY');
    expect(pending).toHaveTextContent('1,000,000 JPY');
    expect(pending).toHaveTextContent('5×');
    expect(pending).toHaveTextContent('Under review');
    const settled = screen.getByText('DT0002').closest('tr')!;
    expect(settled).toHaveTextContent('Settled');
    expect(settled).toHaveTextContent('15,000 JPY');
    expect(settled).toHaveTextContent('1,012,000 JPY');
  });

  it('asks the server for one state when the operator picks it', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<DayTradesPage />);
    await screen.findByText('DT0001');
    await user.click(screen.getByText('Settled', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.queryByText('DT0001')).not.toBeInTheDocument());
    expect(sent.at(-1)?.path).toBe('/daytrades?state=executed&page=1&size=20');
    expect(screen.getByText('DT0002')).toBeInTheDocument();
  });
});
