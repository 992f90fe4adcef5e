import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { renderInApp } from '../../../test/render';
import { holding, productDetail } from '../test-fixtures';
import ProductPage from './product-page';

beforeEach(() => signedIn());

const USER = {
  id: 7,
  account: 'reader1',
  status: 1,
  inviteCode: 'K7',
  kyc: 'verified',
  realName: 'Yamada Taro',
  creditScore: 80,
  fundPasswordSet: true,
  riskAccepted: true,
  flags: { banned: false, frozen: false, tradeBarred: false, reason: null },
  createdAt: '2026-11-01T00:00:00.000Z',
  jpy: '2000000',
  jpyyjed: '0',
  usd: '0.00',
  usdyjed: '0.00',
  cny: '0.00',
  cnyyjed: '0.00',
};

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

  it('shows a refusal below the minimum at the amount', async () => {
    answerApi({
      '/trade/productinfo': productDetail(),
      '/user/getUserinfo': USER,
      '/trade/productBuy': { refuse: 'amount_below_min' },
    });
    await renderInApp(<App />, { path: '/home/follow?id=3' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await screen.findByPlaceholderText('At least the minimum'), '5000');
    await user.type(screen.getByPlaceholderText('Fund password'), 'fund1234');
    await user.click(screen.getByTestId('copy-follow-submit'));
    expect(await screen.findByText(/¥5,000 will be frozen/)).toBeInTheDocument();
    await user.click(screen.getAllByText('Follow').at(-1)!);
    await waitFor(() => expect(screen.getByText('The amount is below the minimum')).toBeInTheDocument());
  });

  it('says a product past its cutoff cannot be followed', async () => {
    answerApi({ '/trade/productinfo': productDetail({ open: false }), '/user/getUserinfo': USER });
    await renderInApp(<App />, { path: '/home/follow?id=3' });
    expect(await screen.findByTestId('copy-closed')).toBeInTheDocument();
    expect(screen.queryByTestId('copy-follow-submit')).toBeNull();
  });
});
