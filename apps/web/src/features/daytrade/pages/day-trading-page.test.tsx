import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { dayInfo, dayTrade, userInfo } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import DayTradingPage from './day-trading-page';

const USER = userInfo({ jpy: '970000' });

const application = dayTrade;

const info = dayInfo;

const page = (list: unknown[] = []) => ({ list, page: 1, size: 20, total: list.length });

beforeEach(() => signedIn());

describe('/home/withinDays', () => {
  it('shows the terms and, before confirming, the capital, leverage, fees and forced-close time; then applies', async () => {
    const sent = answerApi({
      '/user/getUserinfo': USER,
      '/trade/dayInfo': info(),
      '/trade/daylist': page(),
      '/trade/dayApply': application({ state: 'pending', capitalLeft: null }),
    });
    await renderInApp(<DayTradingPage />);
    const terms = await screen.findByTestId('day-terms');
    expect(terms).toHaveTextContent('Up to 5×');
    expect(terms).toHaveTextContent('0.1% of the amount traded, at least ¥100');
    expect(within(terms).getByTestId('day-close-at')).toHaveTextContent('15:30');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const amount = await screen.findByPlaceholderText('Enter the amount');
    await user.type(amount, '50000');
    await user.type(screen.getByPlaceholderText('Enter your fund password'), 'fund1234');
    await user.click(screen.getByTestId('day-submit'));
    expect(await screen.findByText('The amount must be at least ¥100,000')).toBeInTheDocument();
    expect(sent.some((c) => c.path === '/trade/dayApply')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '200000');
    expect(screen.getByTestId('day-buying-power')).toHaveTextContent('¥1,000,000');
    await user.click(screen.getByTestId('day-submit'));
    const confirm = await screen.findByTestId('day-confirm');
    expect(confirm).toHaveTextContent('¥200,000');
    expect(confirm).toHaveTextContent('Up to 5×');
    expect(confirm).toHaveTextContent('¥1,000,000');
    expect(confirm).toHaveTextContent('0.1% of the amount traded');
    expect(confirm).toHaveTextContent('15:30');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent.find((c) => c.path === '/trade/dayApply')).toBeDefined());
    expect(sent.find((c) => c.path === '/trade/dayApply')?.body).toMatchObject({
      amount: '200000',
      fund_password: 'fund1234',
    });
    // The application waits for review: the toast says so, in the program's own words.
    expect(await screen.findByText('Application submitted, under review')).toBeInTheDocument();
  });

  it('checks the amount as it is typed, before any confirmation: text, decimals in yen, more than available', async () => {
    const sent = answerApi({
      '/user/getUserinfo': USER,
      '/trade/dayInfo': info(),
      '/trade/daylist': page(),
    });
    await renderInApp(<DayTradingPage />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const amount = await screen.findByPlaceholderText('Enter the amount');

    await user.type(amount, '12abc');
    expect(await screen.findByText('Enter a valid amount')).toBeInTheDocument();
    // Nothing is figured from an amount the form refuses: no "¥0" capital.
    expect(screen.getByTestId('day-buying-power')).toHaveTextContent('—');

    await user.clear(amount);
    await user.type(amount, '100000.5');
    expect(await screen.findByText('This currency has no decimals')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '980000');
    expect(await screen.findByText('The amount is more than your available ¥970,000')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Enter your fund password'), 'fund1234');
    await user.click(screen.getByTestId('day-submit'));
    expect(screen.queryByTestId('day-confirm')).toBeNull();
    expect(sent.some((c) => c.path === '/trade/dayApply')).toBe(false);

    // Full-width digits from a Japanese keyboard are read as the amount they are.
    await user.clear(amount);
    await user.type(amount, '３００，０００');
    await waitFor(() => expect(screen.getByTestId('day-buying-power')).toHaveTextContent('¥1,500,000'));
  });

  it("shows the day's approved application with the capital left, and every application with its state", async () => {
    answerApi({
      '/user/getUserinfo': USER,
      '/trade/dayInfo': info({ current: application(), active: application() }),
      '/trade/daylist': page([
        application(),
        application({
          id: 9,
          tradingDay: '2026-11-16',
          state: 'executed',
          pnl: '1200',
          returned: '201100',
          capitalLeft: null,
        }),
        application({
          id: 8,
          tradingDay: '2026-11-13',
          state: 'rejected',
          reason: 'incomplete',
          capitalLeft: null,
        }),
      ]),
    });
    await renderInApp(<DayTradingPage />);
    const current = await screen.findByTestId('day-current');
    expect(within(current).getByTestId('day-state')).toHaveTextContent('Approved');
    expect(within(current).getByTestId('day-capital-left')).toHaveTextContent('¥150,000');
    expect(within(current).getByTestId('day-trade-link')).toBeInTheDocument();
    expect(screen.queryByTestId('day-submit')).toBeNull();
    const list = await screen.findByTestId('day-list');
    expect(within(list).getByTestId('day-item-9')).toHaveTextContent('Settled');
    expect(within(list).getByTestId('day-item-9')).toHaveTextContent('+¥1,200');
    expect(within(list).getByTestId('day-item-8')).toHaveTextContent('Not approved');
  });

  it('asks for a fund password before the form', async () => {
    answerApi({
      '/user/getUserinfo': { ...USER, fundPasswordSet: false },
      '/trade/dayInfo': info(),
      '/trade/daylist': page(),
    });
    await renderInApp(<DayTradingPage />);
    expect(await screen.findByTestId('fund-password-prompt')).toBeInTheDocument();
    expect(screen.queryByTestId('day-submit')).toBeNull();
  });

  it('reads in Chinese', async () => {
    answerApi({ '/user/getUserinfo': USER, '/trade/dayInfo': info(), '/trade/daylist': page() });
    await renderInApp(<DayTradingPage />, { language: 'cn' });
    expect(await screen.findByTestId('day-terms')).toHaveTextContent('强制平仓时间');
    expect(await screen.findByTestId('day-submit')).toHaveTextContent('提交申请');
    // An application to the program, not an IPO subscription (申购).
    expect(screen.getByTestId('day-terms')).not.toHaveTextContent('申购');
  });

  it('words the risk honestly: the whole participation can be lost', async () => {
    answerApi({ '/user/getUserinfo': USER, '/trade/dayInfo': info(), '/trade/daylist': page() });
    await renderInApp(<DayTradingPage />);
    const intro = await screen.findByText(/You can lose up to the whole participation/);
    expect(intro).not.toHaveTextContent('never lose');
  });

  it('reads in Japanese', async () => {
    answerApi({ '/user/getUserinfo': USER, '/trade/dayInfo': info(), '/trade/daylist': page() });
    await renderInApp(<DayTradingPage />, { language: 'jp' });
    expect(await screen.findByTestId('day-terms')).toHaveTextContent('強制決済時刻');
    expect(await screen.findByTestId('day-submit')).toHaveTextContent('申し込む');
    // One name for the fund password on every screen.
    expect(screen.getByPlaceholderText('資金パスワードを入力')).toBeInTheDocument();
  });
});
