import { drawLottery, lotterySeed } from '@kabuto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { subscription, userInfo } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import LotteryPage from './lottery-page';
import NewShareInfoPage from './new-share-info-page';
import NewShareOrderPage, { timeLeft } from './new-share-order-page';
import NewSharePage from './new-share-page';

const SHARE = {
  id: 4,
  code: '5591',
  name: 'Fuji Cloud Services (sample)',
  market: 'jpy',
  currency: 'JPY',
  timeZone: 'Asia/Tokyo',
  state: 'subscribing',
  price: '2200',
  provisionalPrice: '2100–2200',
  marketPrice: null,
  priceDifference: null,
  premiumPercent: null,
  pe: '31.2',
  leadUnderwriter: 'Kabuto Securities (sample)',
  issueMarket: 'TSE Growth',
  offeredQuantity: 80000,
  minQuantity: 100,
  maxQuantity: 3000,
  appliedQuantity: null,
  winningRatePercent: null,
  opensAt: '2026-11-16T01:00:00.000Z',
  closesAt: '2026-11-20T06:00:00.000Z',
  lotteryAt: '2026-11-21T06:00:00.000Z',
  payUntil: '2026-11-24T06:00:00.000Z',
  listsAt: '2026-11-26T00:00:00.000Z',
  drawn: false,
  mine: null,
};

function sub(extra: Record<string, unknown> = {}) {
  return subscription({
    lotteryAt: SHARE.lotteryAt,
    payUntil: '2099-01-01T00:00:00.000Z',
    listsAt: SHARE.listsAt,
    ...extra,
  });
}

const paged = (list: unknown[], extra: Record<string, unknown> = {}) => ({
  list,
  page: 1,
  size: 20,
  total: list.length,
  ...extra,
});

/** /user/getUserinfo with `jpy` yen available. */
const userWith = (jpy: string) => userInfo({ jpy });

beforeEach(() => signedIn());

describe('new shares list', () => {
  it('shows the in-progress list with the deadline in the market time and asks the server by state', async () => {
    const sent = answerApi({ '/trade/newstocklist': paged([SHARE]) });
    await renderInApp(<NewSharePage />, { path: '/home/newShare' });
    const card = await screen.findByTestId('share-5591');
    expect(card).toHaveTextContent('Fuji Cloud Services (sample)');
    expect(card).toHaveTextContent('¥2,200');
    expect(card).toHaveTextContent('11/20/2026, 15:00');
    expect(sent.find((c) => c.path === '/trade/newstocklist')?.body).toMatchObject({ state: 'subscribing' });
  });
});

describe('new share detail', () => {
  it('shows every field, the frozen amount for the chosen quantity, and subscribes after confirming', async () => {
    const sent = answerApi({
      '/trade/newstockinfo': SHARE,
      '/trade/subscribe': sub(),
    });
    await renderInApp(<NewShareInfoPage />, { path: '/home/newShareInfo?id=4' });
    const fields = await screen.findByTestId('share-fields');
    for (const text of ['Lead underwriter', 'P/E', 'Payment deadline', '11/24/2026, 15:00', '80,000 shares'])
      expect(fields).toHaveTextContent(text);
    expect(screen.getByTestId('subscribe-amount')).toHaveTextContent('¥220,000');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const input = within(screen.getByTestId('subscribe-form')).getByRole('spinbutton');
    await user.clear(input);
    await user.type(input, '300');
    await user.tab();
    expect(screen.getByTestId('subscribe-amount')).toHaveTextContent('¥660,000');
    await user.click(screen.getByTestId('subscribe-submit'));
    expect(await screen.findByText(/¥660,000 will be frozen/)).toBeInTheDocument();
    await user.click(screen.getAllByText('Subscribe').at(-1)!);
    await waitFor(() =>
      expect(sent.find((c) => c.path === '/trade/subscribe')?.body).toMatchObject({ id: 4, quantity: '300' }),
    );
  });

  it('says why a quantity that is not a whole number of lots is refused, before any confirmation', async () => {
    answerApi({ '/trade/newstockinfo': SHARE, '/user/getUserinfo': userWith('2000000') });
    await renderInApp(<NewShareInfoPage />, { path: '/home/newShareInfo?id=4' });
    const form = await screen.findByTestId('subscribe-form');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const input = within(form).getByRole('spinbutton');
    await user.clear(input);
    await user.type(input, '150');
    expect(await screen.findByTestId('subscribe-refusal')).toHaveTextContent(
      'The quantity must be a multiple of 100 shares',
    );
    expect(screen.getByTestId('subscribe-submit')).toBeDisabled();
    await user.clear(input);
    await user.type(input, '200');
    await waitFor(() => expect(screen.queryByTestId('subscribe-refusal')).toBeNull());
  });

  it('shows the available balance and refuses a quantity costing more than it', async () => {
    answerApi({ '/trade/newstockinfo': SHARE, '/user/getUserinfo': userWith('500000') });
    await renderInApp(<NewShareInfoPage />, { path: '/home/newShareInfo?id=4' });
    const available = await screen.findByTestId('subscribe-available');
    await waitFor(() => expect(available).toHaveTextContent('¥500,000'));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const input = within(screen.getByTestId('subscribe-form')).getByRole('spinbutton');
    await user.clear(input);
    await user.type(input, '300');
    expect(await screen.findByTestId('subscribe-refusal')).toHaveTextContent(
      'It needs ¥660,000, more than your available ¥500,000',
    );
    expect(screen.getByTestId('subscribe-submit')).toBeDisabled();
  });

  it('says "no applications yet" instead of a winning rate when nobody applied, and names the market time in words', async () => {
    answerApi({
      '/trade/newstockinfo': {
        ...SHARE,
        state: 'closed',
        drawn: true,
        appliedQuantity: 0,
        winningRatePercent: null,
      },
    });
    await renderInApp(<NewShareInfoPage />, { path: '/home/newShareInfo?id=4' });
    const fields = await screen.findByTestId('share-fields');
    expect(fields).toHaveTextContent('No applications yet');
    expect(fields).not.toHaveTextContent('100.00');
    expect(screen.getByTestId('market-time-note')).toHaveTextContent(/Japan market time/);
    expect(screen.getByTestId('market-time-note')).not.toHaveTextContent('Asia/Tokyo');
  });

  it('says why a paid subscription stays frozen until listing', async () => {
    answerApi({
      '/trade/newstockinfo': {
        ...SHARE,
        state: 'closed',
        drawn: true,
        mine: sub({ state: 'paid', wonQuantity: 300, rjmoney: '660000' }),
      },
    });
    await renderInApp(<NewShareInfoPage />, { path: '/home/newShareInfo?id=4' });
    expect(await screen.findByTestId('share-frozen-why')).toHaveTextContent('stays frozen until listing day');
  });

  it('shows my subscription and its frozen funds instead of the form', async () => {
    answerApi({ '/trade/newstockinfo': { ...SHARE, mine: sub() } });
    await renderInApp(<NewShareInfoPage />, { path: '/home/newShareInfo?id=4' });
    expect(await screen.findByTestId('share-mine-state')).toHaveTextContent('Applied (funds frozen)');
    expect(screen.getByTestId('share-mine-frozen')).toHaveTextContent('¥660,000');
    expect(screen.queryByTestId('subscribe-form')).toBeNull();
  });
});

describe('subscription records', () => {
  it('pays a win with the fund password, showing a wrong password beside the field', async () => {
    const won = sub({
      state: 'won',
      wonQuantity: 200,
      wonAmount: '440000',
      rjmoney: '440000',
      drawnAt: SHARE.lotteryAt,
    });
    let attempts = 0;
    const sent = answerApi({
      '/trade/usernewstocklist': paged([won], { frozen: '440000' }),
      '/trade/newstockPay': () => {
        attempts += 1;
        return attempts === 1 ? { refuse: 'fund_password_wrong' } : { ...won, state: 'paid' };
      },
    });
    await renderInApp(<NewShareOrderPage />, { path: '/mine/newShareOrder?tab=winning' });
    const panel = await screen.findByTestId('pay-panel-31');
    expect(within(panel).getByTestId('pay-countdown')).toHaveTextContent('left to pay');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(within(panel).getByTestId('pay-open'));
    await user.type(panel.querySelector('input')!, 'wrong999');
    await user.click(screen.getByTestId('pay-confirm'));
    expect(await screen.findByTestId('pay-error')).toHaveTextContent(/fund password/i);
    await user.click(screen.getByTestId('pay-confirm'));
    await waitFor(() => expect(attempts).toBe(2));
    expect(sent.filter((c) => c.path === '/trade/newstockPay').at(-1)?.body).toMatchObject({
      id: 31,
      fund_password: 'wrong999',
    });
  });

  it('lists every subscription with its state and frozen amount', async () => {
    answerApi({
      '/trade/usernewstocklist': paged([sub(), sub({ id: 32, state: 'not_won', status: 0, rjmoney: '-' })], {
        frozen: '660000',
      }),
    });
    await renderInApp(<NewShareOrderPage />, { path: '/mine/newShareOrder' });
    const first = await screen.findByTestId('subscription-31');
    expect(within(first).getByTestId('subscription-frozen')).toHaveTextContent('¥660,000');
    expect(within(screen.getByTestId('subscription-32')).getByTestId('subscription-state')).toHaveTextContent(
      'Not won',
    );
  });

  it('counts down to the payment deadline', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(timeLeft('2026-11-23T01:02:03Z', now)).toBe('1d 01:02:03');
    expect(timeLeft('2026-11-21T00:00:00Z', now)).toBeNull();
  });
});

describe('lottery proof', () => {
  it('shows the seed, digest and winners and re-runs the draw to the same winners', async () => {
    const applications = [
      { id: 31, quantity: 300 },
      { id: 40, quantity: 1000 },
      { id: 52, quantity: 500 },
    ];
    const seed = lotterySeed(
      4,
      applications.map((a) => a.id),
    );
    const result = drawLottery({ seed, offeredShares: 900, lotSize: 1, applications });
    answerApi({
      '/trade/newstockinfo': { ...SHARE, state: 'closed', drawn: true },
      '/trade/newstockLottery': {
        shareId: 4,
        code: '5591',
        drawn: true,
        seed,
        seedRule: 'sha256(…)',
        inputsDigest: result.inputsDigest,
        algorithm: 'kabuto-lottery/1',
        offeredShares: 900,
        lotSize: 1,
        applications,
        winners: result.winners,
        myApplicationId: 31,
        drawnAt: SHARE.lotteryAt,
      },
    });
    await renderInApp(<LotteryPage />, { path: '/home/newShareLottery?id=4' });
    expect(await screen.findByTestId('lottery-seed')).toHaveTextContent(seed);
    expect(screen.getByTestId('lottery-digest')).toHaveTextContent(result.inputsDigest);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByTestId('lottery-rerun'));
    expect(screen.getByTestId('lottery-rerun-result')).toHaveTextContent('The re-run gives the same winners');
    // How to verify, in words and a link, never a shell command.
    expect(screen.getByTestId('lottery-verify-link')).toHaveAttribute('href', '#verify');
    expect(screen.getByTestId('lottery-verify')).toHaveTextContent('inputs digest is the SHA-256');
    expect(document.body).not.toHaveTextContent('node --import');
  });
});
