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
  sector: 'services',
  price: '1000.000000',
  provisionalPrice: '950–1000',
  pe: null,
  leadUnderwriter: 'Kabuto Securities',
  leadUnderwriterNames: { cn: 'Kabuto 证券', us: 'Kabuto Securities', jp: 'Kabuto 証券' },
  issueMarket: 'NASDAQ',
  issueMarketNames: null,
  offeredQuantity: 10_000,
  minQuantity: 100,
  maxQuantity: 1_000,
  sharesOutstanding: 1_000_000,
  opensAt: '2099-01-10T01:00:00.000Z',
  closesAt: '2099-01-14T06:00:00.000Z',
  lotteryAt: '2099-01-15T01:00:00.000Z',
  payUntil: '2099-01-17T01:00:00.000Z',
  listsAt: '2099-01-19T01:00:00.000Z',
  firstPrice: null,
  applications: 0,
  appliedQuantity: 0,
};

function backOffice(refuse?: { status: number; body: unknown }) {
  return stubBackOffice(({ method, path, body }) => {
    if (method === 'GET' && path.startsWith('/newshares?'))
      return { status: 200, body: { list: [SHARE], total: 1, page: 1, size: 10 } };
    if (method === 'POST' && path === '/newshares/9/withdraw') return { status: 200, body: { ok: true } };
    if (method === 'POST' && path === '/newshares/9')
      return refuse ?? { status: 200, body: { ...SHARE, ...(body as object) } };
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
    for (const field of ['name', 'issueMarket', 'leadUnderwriter'])
      for (const language of ['cn', 'us'])
        fireEvent.change(screen.getByTestId(`${field}-${language}`), {
          target: { value: `${field} ${language}` },
        });
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

  it("labels a listed share's opening once, with its market's zone", async () => {
    backOffice();
    renderPage(<NewSharesPage />);
    const row = (await screen.findByText('Withdrawal test')).closest('tr')!;
    expect(row).toHaveTextContent(/10:00(:00)? GMT\+9|10:00(:00)? JST/);
    expect(row).not.toHaveTextContent('Tokyo time');
  });

  it('asks the issue market and lead underwriter in each language', async () => {
    backOffice();
    renderPage(<NewSharesPage />);
    await screen.findByText('Withdrawal test');
    for (const language of ['cn', 'us', 'jp']) {
      expect(screen.getByTestId(`issueMarket-${language}`)).toBeInTheDocument();
      expect(screen.getByTestId(`leadUnderwriter-${language}`)).toBeInTheDocument();
    }
  });

  it('changes a share before it opens: the form takes its values, the code stays, a reason is asked and sent', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<NewSharesPage />);
    await user.click(await screen.findByTestId('newshare-edit-W123'));
    expect(screen.getByTestId('newshare-card')).toHaveTextContent('Change W123');
    expect(screen.getByTestId('newshare-code')).toHaveValue('W123');
    expect(screen.getByTestId('newshare-code')).toBeDisabled();
    expect(screen.getByTestId('leadUnderwriter-jp')).toHaveValue('Kabuto 証券');
    // A name kept once for every language fills each language.
    expect(screen.getByTestId('issueMarket-cn')).toHaveValue('NASDAQ');
    // The moments read in Tokyo time: 01:00 UTC is 10:00 there.
    const opens = screen.getByTestId('newshare-opensAt');
    expect(opens.querySelector('input') ?? opens).toHaveValue('2099-01-10 10:00:00');
    fireEvent.change(screen.getByTestId('newshare-price'), { target: { value: '1200' } });
    await user.click(screen.getByTestId('newshare-submit'));
    expect(await screen.findByTestId('newshare-problems')).toHaveTextContent('Reason: Please give a reason');
    await user.type(screen.getByTestId('newshare-reason'), 'price range revised');
    await user.click(screen.getByTestId('newshare-submit'));
    await user.click(await screen.findByTestId('newshare-confirm'));
    await waitFor(() => expect(sent.some((c) => c.path === '/newshares/9')).toBe(true));
    const change = sent.find((c) => c.path === '/newshares/9')!.body as Record<string, unknown>;
    expect(change).toMatchObject({
      price: '1200',
      reason: 'price range revised',
      opensAt: '2099-01-10T01:00:00.000Z',
      leadUnderwriter: { cn: 'Kabuto 证券', us: 'Kabuto Securities', jp: 'Kabuto 証券' },
    });
    expect(change).not.toHaveProperty('code');
    expect(change).not.toHaveProperty('market');
    expect(await screen.findByText('New share changed')).toBeInTheDocument();
    expect(screen.getByTestId('newshare-card')).toHaveTextContent('List a new share');
  });

  it('names the refusal when the subscription opened meanwhile and leaves the change', async () => {
    backOffice({ status: 409, body: { error: 'not_upcoming', field: 'id' } });
    const user = userEvent.setup();
    renderPage(<NewSharesPage />);
    await user.click(await screen.findByTestId('newshare-edit-W123'));
    await user.type(screen.getByTestId('newshare-reason'), 'late');
    await user.click(screen.getByTestId('newshare-submit'));
    await user.click(await screen.findByTestId('newshare-confirm'));
    expect(await screen.findByText(/Subscription has already opened/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('newshare-card')).toHaveTextContent('List a new share'));
  });
});
