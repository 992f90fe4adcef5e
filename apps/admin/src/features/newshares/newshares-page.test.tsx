import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { marketMoment, NewSharesPage } from './newshares-page';

const SHARE = {
  id: 9,
  code: 'W123',
  market: 'jpy',
  currency: 'JPY',
  name: { cn: '撤回测试', us: 'Withdrawal test', jp: '取り下げテスト' },
  state: 'upcoming',
  price: '1000.000000',
  offeredQuantity: 10_000,
  minQuantity: 100,
  maxQuantity: 1_000,
  opensAt: '2099-01-10T01:00:00.000Z',
  closesAt: '2099-01-14T06:00:00.000Z',
  lotteryAt: '2099-01-15T01:00:00.000Z',
  payUntil: '2099-01-17T01:00:00.000Z',
  listsAt: '2099-01-19T01:00:00.000Z',
  firstPrice: null,
  applications: 0,
  appliedQuantity: 0,
};

function backOffice() {
  return stubBackOffice(({ method, path }) => {
    if (method === 'GET' && path.startsWith('/newshares?'))
      return { status: 200, body: { list: [SHARE], total: 1, page: 1, size: 10 } };
    if (method === 'POST' && path === '/newshares/9/withdraw') return { status: 200, body: { ok: true } };
    return undefined;
  });
}

describe('new shares page', () => {
  it('reads a typed moment as the market’s own time, whatever the browser’s zone', () => {
    const typed = dayjs('2099-01-10T10:00:00');
    expect(marketMoment(typed, 'jpy')).toBe('2099-01-10T01:00:00.000Z');
    expect(marketMoment(typed, 'usd')).toBe('2099-01-10T15:00:00.000Z');
  });

  it('labels the moments with the market’s time and shows the price and sector options labelled', async () => {
    backOffice();
    renderPage(<NewSharesPage />);
    expect(await screen.findByText('Subscription opens (Tokyo time)')).toBeInTheDocument();
    const row = (await screen.findByText('Withdrawal test')).closest('tr')!;
    expect(row).toHaveTextContent('1,000 JPY');
    expect(row).not.toHaveTextContent('1000.000000');
  });

  it('never publishes on Enter in a date field, and a missing language opens its tab and is named', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<NewSharesPage />);
    await screen.findByText('Withdrawal test');
    const opens =
      screen.getByTestId('newshare-opensAt').querySelector('input') ?? screen.getByTestId('newshare-opensAt');
    fireEvent.keyDown(opens, { key: 'Enter', code: 'Enter' });
    await user.type(screen.getByTestId('name-cn'), '新股');
    await user.type(screen.getByTestId('name-us'), 'New share');
    await user.click(screen.getByTestId('newshare-submit'));
    const problems = await screen.findByTestId('newshare-problems');
    expect(problems).toHaveTextContent('Required in 日本語');
    const form = screen.getByTestId('newshare-form');
    await waitFor(() =>
      expect(within(form).getByRole('tab', { selected: true })).toHaveTextContent('日本語'),
    );
    expect(sent.some((c) => c.method === 'POST')).toBe(false);
  });

  it('withdraws a share before its subscription opens, with a reason', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<NewSharesPage />);
    await user.click(await screen.findByTestId('newshare-withdraw-W123'));
    await user.type(await screen.findByTestId('reason-input'), 'issuer postponed');
    await user.click(screen.getByTestId('reason-ok'));
    await waitFor(() =>
      expect(sent.find((c) => c.path === '/newshares/9/withdraw')?.body).toEqual({
        reason: 'issuer postponed',
      }),
    );
  });
});
