import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useConfigStore } from '../../../shared/config/config-store';
import { answerApi, signedIn } from '../../../test/api';
import { userInfo, wallet } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import WithdrawPage from './withdraw-page';

const USER = userInfo({ jpy: '970000' });

const CARD = {
  id: 3,
  holder: 'Yamada Taro',
  cardNumber: '**** **** **** 7890',
  cardType: 'savings',
  institution: 'MUFG Bank',
  branch: 'Tokyo',
  branchCode: '001',
  createdAt: '2026-11-01T00:00:00.000Z',
};

function server(jpy: Record<string, unknown> = {}) {
  const current = wallet('jpy', 'JPY', { available: '970000', totalAssets: '970000', ...jpy });
  answerApi({
    '/user/getUserinfo': USER,
    '/user/bankList': [CARD],
    '/user/withdrawallist': [],
    '/user/summary': {
      account: 'reader1',
      markets: [current, wallet('usd', 'USD'), wallet('cny', 'CNY')],
      current,
    },
  });
}

beforeEach(() => {
  signedIn();
  useConfigStore.getState().load([
    { name: 'withdrawMinMinor', value: JSON.stringify({ JPY: 1000, USD: 1000, CNY: 1000 }) },
    { name: 'withdrawMaxMinor', value: JSON.stringify({ JPY: 50_000_000 }) },
    { name: 'withdrawWithOpenPositions', value: 'false' },
  ]);
});
afterEach(() => useConfigStore.setState({ values: {}, loaded: false }));

describe('withdraw form', () => {
  it('shows the available balance and the minimum before anything is typed', async () => {
    server();
    await renderInApp(<WithdrawPage />);
    const rules = await screen.findByTestId('withdraw-rules');
    expect(rules).toHaveTextContent('¥970,000');
    expect(within(rules).getByTestId('withdraw-min')).toHaveTextContent('¥1,000');
    expect(screen.getByTestId('withdraw-submit')).toBeEnabled();
    expect(screen.queryByTestId('withdraw-blocked')).toBeNull();
  });

  it('says before the form is filled that open positions must be closed first, and will not submit', async () => {
    server({ positionValue: '266500' });
    await renderInApp(<WithdrawPage />);
    const blocked = await screen.findByTestId('withdraw-blocked');
    expect(within(blocked).getByTestId('withdraw-blocked-close_positions_first')).toBeInTheDocument();
    expect(within(blocked).getByRole('button', { name: 'See positions' })).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-submit')).toBeDisabled();
  });

  it('says a withdrawal under review and a loan not repaid block it too', async () => {
    server({ frozenByPurpose: { withdrawal: '30000' }, debt: '100000' });
    await renderInApp(<WithdrawPage />);
    const blocked = await screen.findByTestId('withdraw-blocked');
    expect(within(blocked).getByTestId('withdraw-blocked-pending_review')).toBeInTheDocument();
    expect(within(blocked).getByTestId('withdraw-blocked-loan_unpaid')).toBeInTheDocument();
    expect(within(blocked).getByRole('button', { name: 'Repay the loan' })).toBeInTheDocument();
  });
});
