import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfigStore } from '../../../shared/config/config-store';
import { answerApi, signedIn } from '../../../test/api';
import { userInfo } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import { holding, productDetail } from '../test-fixtures';
import ProductPage from './product-page';

// The chart library draws on a canvas, which the test document has not: the plot is a stand-in.
vi.mock('../components/equity-plot', () => ({
  default: ({ points }: { points: readonly unknown[] }) => (
    <div data-testid="copy-equity-plot" data-days={points.length} />
  ),
}));

beforeEach(() => signedIn());
// A confirmation is shown outside the rendered tree (a portal on the body) and may still be
// closing when a test ends: each test starts on an empty page.
afterEach(() => {
  document.body.innerHTML = '';
});

const USER = userInfo();

function App() {
  return (
    <Routes>
      <Route path="/home/follow" element={<ProductPage />} />
      <Route path="/mine/followOrder" element={<p>my holdings</p>} />
    </Routes>
  );
}

describe('copy product page', () => {
  it('shows the equity curve with its drawdown, the rules and the leader’s trades marked simulated or live', async () => {
    answerApi({ '/trade/productinfo': productDetail(), '/user/getUserinfo': USER });
    await renderInApp(<App />, { path: '/home/follow?id=3' });
    expect(await screen.findByTestId('copy-equity-chart')).toBeInTheDocument();
    // A legend naming each line with the latest day's value and the worst drawdown, over the plot.
    const legend = screen.getByTestId('copy-chart-legend');
    expect(legend).toHaveTextContent('11/17/2026');
    expect(legend).toHaveTextContent('Equity curve ¥110,830,000');
    expect(legend).toHaveTextContent('(worst -1.00%)');
    expect(await screen.findByTestId('copy-equity-plot')).toHaveAttribute('data-days', '3');
    const rules = screen.getByTestId('copy-rules');
    expect(rules).toHaveTextContent('¥100,000');
    expect(rules).toHaveTextContent('7 days');
    const trades = screen.getByTestId('copy-trades');
    expect(within(trades).getByText(/Buy Toyota Motor/)).toBeInTheDocument();
    expect(within(trades).getByText(/Live/)).toBeInTheDocument();
    expect(within(trades).getByText(/Simulated history/)).toBeInTheDocument();
  });

  it('follows with the amount and fund password after confirming, then opens my holdings', async () => {
    const sent = answerApi({
      '/trade/productinfo': productDetail(),
      '/user/getUserinfo': USER,
      '/trade/productBuy': holding(),
    });
    await renderInApp(<App />, { path: '/home/follow?id=3' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await screen.findByPlaceholderText('At least the minimum'), '1000000');
    await user.type(screen.getByPlaceholderText('Fund password'), 'fund1234');
    await user.click(screen.getByTestId('copy-follow-submit'));
    expect(await screen.findByText(/¥1,000,000 will be frozen for 7 days/)).toBeInTheDocument();
    await user.click(screen.getAllByText('Follow').at(-1)!);
    expect(await screen.findByText('my holdings')).toBeInTheDocument();
    expect(sent.find((c) => c.path === '/trade/productBuy')?.body).toMatchObject({
      id: 3,
      amount: '1000000',
      fund_password: 'fund1234',
    });
  });

  it.each([
    ['12abc', 'Enter a valid amount'],
    ['100000.5', 'This currency has no decimals'],
    ['5000', 'The amount must be at least ¥100,000'],
    ['2500000', 'The amount is more than your available ¥2,000,000'],
  ])('refuses %s at the field, before any confirmation', async (typed, refusal) => {
    const sent = answerApi({ '/trade/productinfo': productDetail(), '/user/getUserinfo': USER });
    await renderInApp(<App />, { path: '/home/follow?id=3' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await screen.findByPlaceholderText('At least the minimum'), typed);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Fund password'), 'fund1234');
    await user.click(screen.getByTestId('copy-follow-submit'));
    await waitFor(() => expect(screen.getByText(refusal)).toBeInTheDocument());
    expect(screen.queryByText(/will be frozen/)).toBeNull();
    expect(sent.some((c) => c.path === '/trade/productBuy')).toBe(false);
  });

  it('shows a refusal the server still gives at the amount', async () => {
    answerApi({
      '/trade/productinfo': productDetail(),
      '/user/getUserinfo': USER,
      '/trade/productBuy': { refuse: 'amount_below_min' },
    });
    await renderInApp(<App />, { path: '/home/follow?id=3' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await screen.findByPlaceholderText('At least the minimum'), '100000');
    await user.type(screen.getByPlaceholderText('Fund password'), 'fund1234');
    await user.click(screen.getByTestId('copy-follow-submit'));
    expect(await screen.findByText(/¥100,000 will be frozen/)).toBeInTheDocument();
    await user.click(screen.getAllByText('Follow').at(-1)!);
    await waitFor(() => expect(screen.getByText('The amount is below the minimum')).toBeInTheDocument());
  });

  it('lists the leader’s fills newest first with formatted quantities and prices', async () => {
    const base = productDetail();
    answerApi({
      '/trade/productinfo': productDetail({
        recentTrades: [
          {
            ...base.recentTrades[1]!,
            id: 8,
            side: 'close',
            price: '14422.8',
            time: '2026-11-10T05:50:00.000Z',
          },
          {
            ...base.recentTrades[1]!,
            id: 8,
            side: 'open',
            price: '13900.0',
            time: '2026-09-01T05:50:00.000Z',
          },
          { ...base.recentTrades[0]!, id: 9, side: 'open', time: '2026-11-17T01:00:00.000Z' },
        ],
      }),
      '/user/getUserinfo': USER,
    });
    await renderInApp(<App />, { path: '/home/follow?id=3' });
    const fills = (await screen.findAllByTestId('copy-trade-fill')).map((el) => el.textContent);
    expect(fills).toEqual([
      '3,000 shares × ¥3,000.0',
      '1,200 shares × ¥14,422.8',
      '1,200 shares × ¥13,900.0',
    ]);
  });

  it('discloses the fee of each mirrored fill before following, and formats the volatility', async () => {
    useConfigStore.getState().load([
      { name: 'feeRateBps', value: '10' },
      { name: 'minFeeMinor', value: '{"jpy":100,"usd":100,"cny":500}' },
    ]);
    answerApi({
      '/trade/productinfo': productDetail({
        figures: { ...productDetail().figures, volatility: '0.140137' },
      }),
      '/user/getUserinfo': USER,
    });
    await renderInApp(<App />, { path: '/home/follow?id=3' });
    expect(await screen.findByTestId('copy-fee')).toHaveTextContent('0.1 %, at least ¥100');
    expect(screen.getByTestId('copy-fee-note')).toHaveTextContent(
      'charged 0.1 % of its value, at least ¥100 per fill',
    );
    expect(screen.getByTestId('copy-volatility')).toHaveTextContent('14.01%');
  });

  it('says a product past its cutoff cannot be followed', async () => {
    answerApi({ '/trade/productinfo': productDetail({ open: false }), '/user/getUserinfo': USER });
    await renderInApp(<App />, { path: '/home/follow?id=3' });
    expect(await screen.findByTestId('copy-closed')).toBeInTheDocument();
    expect(screen.queryByTestId('copy-follow-submit')).toBeNull();
  });
});
