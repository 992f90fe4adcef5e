import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { userInfo } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import ApplicationPage from './application-page';
import ApplyPage from './apply-page';
import RulesPage from './rules-page';
import StocksPage from './stocks-page';

const PRODUCT = {
  id: 4,
  code: '7203',
  name: 'Toyota Motor',
  market: 'jpy',
  currency: 'JPY',
  price: '2700.0',
  marketPrice: '2850.0',
  minLots: 100,
  totalLots: 100_000,
  remainingLots: 90_000,
  startsAt: '2026-11-17T00:00:00.000Z',
  endsAt: '2026-12-17T00:00:00.000Z',
  state: 'open',
};

const APPLICATION = {
  id: 11,
  orderNo: 'B20261117100000000011',
  productId: 4,
  code: '7203',
  name: 'Toyota Motor',
  market: 'jpy',
  currency: 'JPY',
  lots: 100,
  price: '2700.0',
  amount: '270000',
  credit: '270000',
  status: 0,
  state: 'pending',
  reason: null,
  createdAt: '2026-11-17T01:00:00.000Z',
  reviewedAt: null,
  dueAt: '2026-11-18T01:00:00.000Z',
  positionId: null,
};

const USER = userInfo({ jpy: '1000000' });

/**
 * Answers the confirmation dialog; a click that lands while the dialog is still opening is
 * lost, so it clicks again until the dialog has closed.
 */
async function confirmShown(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('button', { name: 'Confirm' });
  await waitFor(async () => {
    const open = screen.queryAllByRole('button', { name: 'Confirm' });
    if (open.length > 0) await user.click(open.at(-1)!);
    expect(screen.queryAllByRole('button', { name: 'Confirm' })).toHaveLength(0);
  });
}

describe('the Stocks tab (/home/large)', () => {
  it('lists products with the block price, minimum and quota left, and opens the product', async () => {
    signedIn();
    answerApi({ '/trade/blocklist': [PRODUCT] });
    await renderInApp(
      <Routes>
        <Route path="/home/large" element={<StocksPage />} />
        <Route path="/home/largeInfo" element={<p>product screen</p>} />
      </Routes>,
      { path: '/home/large' },
    );
    const card = await screen.findByTestId('block-product-4');
    expect(within(card).getByTestId('block-price')).toHaveTextContent('2,700.0');
    expect(within(card).getByTestId('block-remaining')).toHaveTextContent('90,000 shares');
    expect(card).toHaveTextContent('-5.26% vs market');
    expect(screen.getByTestId('block-tab-applications')).toHaveTextContent('Application list');
    await userEvent.setup({ pointerEventsCheck: 0 }).click(card);
    expect(await screen.findByText('product screen')).toBeInTheDocument();
  });

  it('speaks Japanese and Chinese', async () => {
    signedIn();
    answerApi({ '/trade/blocklist': [PRODUCT] });
    await renderInApp(<StocksPage />, { language: 'jp' });
    expect(await screen.findByTestId('block-product-4')).toHaveTextContent('ブロック価格');
    expect(screen.getByTestId('block-tab-stocks')).toHaveTextContent('銘柄');
    await renderInApp(<RulesPage />, { language: 'cn' });
    expect(screen.getByTestId('block-rules')).toHaveTextContent('大宗价格 × 股数');
  });

  it('calls an open product open for applications in Chinese, not the IPO word 申购', async () => {
    signedIn();
    answerApi({ '/trade/blocklist': [PRODUCT] });
    await renderInApp(<StocksPage />, { language: 'cn' });
    const card = await screen.findByTestId('block-product-4');
    expect(card).toHaveTextContent('接受申请');
    expect(card).not.toHaveTextContent('申购');
  });
});

/** The lots field's input (the test id names the field's wrapper). */
const lotsInput = async () => within(await screen.findByTestId('block-lots')).getByRole('textbox');

describe('the apply form (/home/large2)', () => {
  const renderApply = () =>
    renderInApp(
      <Routes>
        <Route path="/home/large2" element={<ApplyPage />} />
        <Route path="/home/large3" element={<p>application screen</p>} />
      </Routes>,
      { path: '/home/large2?id=4' },
    );

  /** Applies for 100 lots with the fund password and confirms; the server answers the application with `answer`. */
  async function applyFor100(answer: unknown) {
    signedIn();
    const sent = answerApi({
      '/trade/blockinfo': { product: PRODUCT, applications: [] },
      '/user/getUserinfo': USER,
      '/trade/blockApply': answer,
    });
    await renderApply();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await lotsInput(), '100');
    await user.type(screen.getByPlaceholderText('Enter your fund password'), 'fund1234');
    await user.click(screen.getByTestId('block-submit'));
    await confirmShown(user);
    return sent;
  }

  it('refuses below the minimum before sending anything, shows the amount to be frozen', async () => {
    signedIn();
    const sent = answerApi({
      '/trade/blockinfo': { product: PRODUCT, applications: [] },
      '/user/getUserinfo': USER,
    });
    await renderApply();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await lotsInput(), '99');
    await waitFor(() => expect(screen.getByTestId('block-amount')).toHaveTextContent('¥267,300'));
    await user.type(screen.getByPlaceholderText('Enter your fund password'), 'fund1234');
    await user.click(screen.getByTestId('block-submit'));
    expect(await screen.findByText('The quantity must be at least 100 shares')).toBeInTheDocument();
    expect(sent.some((c) => c.path === '/trade/blockApply')).toBe(false);
  });

  it('sends the product, the lots and the fund password once confirmed, then opens the application', async () => {
    const sent = await applyFor100(APPLICATION);
    expect(await screen.findByText('application screen')).toBeInTheDocument();
    // Under review, not bought: the toast says what happened.
    expect(await screen.findByText('Application submitted, under review')).toBeInTheDocument();
    expect(screen.queryByText('Purchased')).toBeNull();
    const call = sent.find((c) => c.path === '/trade/blockApply');
    expect(call?.body).toMatchObject({ id: 4, lots: '100', fund_password: 'fund1234' });
  });

  it('puts a refusal on its field (insufficient grab quota)', async () => {
    await applyFor100({ refuse: 'quota_insufficient' });
    expect(await screen.findByText('Insufficient grab quota')).toBeInTheDocument();
  });

  it('asks for a fund password first when none is set', async () => {
    signedIn();
    answerApi({
      '/trade/blockinfo': { product: PRODUCT, applications: [] },
      '/user/getUserinfo': { ...USER, fundPasswordSet: false },
    });
    await renderApply();
    expect(await screen.findByTestId('block-fund-password')).toHaveTextContent('Set a fund password first');
    expect(screen.queryByTestId('block-submit')).toBeNull();
  });

  it('refuses more than the available cash as the shares are typed, before any confirmation', async () => {
    signedIn();
    const sent = answerApi({
      '/trade/blockinfo': { product: PRODUCT, applications: [] },
      '/user/getUserinfo': { ...USER, jpy: '100000' },
    });
    await renderApply();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await lotsInput(), '100');
    expect(
      await screen.findByText('It needs ¥270,000, more than your available ¥100,000'),
    ).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Enter your fund password'), 'fund1234');
    await user.click(screen.getByTestId('block-submit'));
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(sent.some((c) => c.path === '/trade/blockApply')).toBe(false);
  });

  it('refuses more shares than the quota left, and reads full-width digits', async () => {
    signedIn();
    answerApi({
      '/trade/blockinfo': { product: PRODUCT, applications: [] },
      '/user/getUserinfo': { ...USER, jpy: '1000000000' },
    });
    await renderApply();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await lotsInput(), '90001');
    expect(await screen.findByText('The quantity must be at most 90,000 shares')).toBeInTheDocument();
    await user.clear(await lotsInput());
    await user.type(await lotsInput(), '１００');
    await waitFor(() => expect(screen.getByTestId('block-amount')).toHaveTextContent('¥270,000'));
  });
});

describe('the application detail (/home/large3)', () => {
  it('shows an approval with its position, and a rejection with its reason', async () => {
    signedIn();
    answerApi({
      '/trade/blockApplyInfo': {
        ...APPLICATION,
        state: 'approved',
        status: 1,
        positionId: 900,
        reviewedAt: '2026-11-17T02:00:00.000Z',
      },
    });
    const first = await renderInApp(<ApplicationPage />, { path: '/home/large3?id=11' });
    expect(await screen.findByTestId('block-application-state')).toHaveTextContent('Approved');
    expect(screen.getByTestId('block-application-price')).toHaveTextContent('2,700.0');
    expect(screen.getByTestId('block-position')).toBeInTheDocument();
    first.unmount();

    answerApi({
      '/trade/blockApplyInfo': { ...APPLICATION, state: 'rejected', status: 2, reason: 'allocation full' },
    });
    await renderInApp(<ApplicationPage />, { path: '/home/large3?id=11', language: 'jp' });
    expect(await screen.findByTestId('block-application-state')).toHaveTextContent('否認');
    expect(screen.getByTestId('block-application-reason')).toHaveTextContent('allocation full');
    expect(screen.queryByTestId('block-position')).toBeNull();
  });
});
