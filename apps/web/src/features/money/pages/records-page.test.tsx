import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { wallet } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import { BalanceCard } from './records-page';

const funds = (market: string, currency: string, totalAssets: string, available: string, frozen = '0') =>
  wallet(market, currency, { totalAssets, available, frozen });

const JPY = funds('jpy', 'JPY', '1000000', '900000', '100000');
const USD = funds('usd', 'USD', '100.50', '100.50');
const CNY = funds('cny', 'CNY', '10.00', '10.00');

function server() {
  return answerApi({
    '/user/summary': { account: 'reader1', markets: [JPY, USD, CNY], current: JPY },
    '/user/rates': {
      spreadBps: 50,
      list: [
        { from: 'USD', to: 'JPY', mid: '150', rate: '149.25' },
        { from: 'CNY', to: 'JPY', mid: '20.5', rate: '20.4' },
      ],
    },
  });
}

describe('Funds balance', () => {
  it('shows every wallet, each in its own currency', async () => {
    signedIn();
    server();
    await renderInApp(<BalanceCard filter={null} />);
    const wallets = await screen.findByRole('table', { name: 'Wallets' });
    expect(await within(wallets).findByTestId('wallet-JPY')).toHaveTextContent('¥900,000');
    expect(within(wallets).getByTestId('wallet-JPY')).toHaveTextContent('¥100,000');
    expect(within(wallets).getByTestId('wallet-USD')).toHaveTextContent('$100.50');
    expect(within(wallets).getByTestId('wallet-CNY')).toHaveTextContent('CN¥10.00');
  });

  it('adds all wallets up in the display currency at mid rates, and says so', async () => {
    signedIn();
    server();
    await renderInApp(<BalanceCard filter={null} />);
    expect(await screen.findByText('¥1,015,280')).toBeInTheDocument();
    expect(screen.getByText('All wallets in ¥')).toBeInTheDocument();
    expect(screen.getByText('Converted at current mid rates, for reference')).toBeInTheDocument();
  });

  it('narrows to one wallet with the currency filter', async () => {
    signedIn();
    server();
    await renderInApp(<BalanceCard filter="USD" />);
    expect(await screen.findByTestId('wallet-USD')).toBeInTheDocument();
    expect(screen.queryByTestId('wallet-JPY')).toBeNull();
  });

  it('never draws the yen and yuan wallets with the same marker, in Chinese either', async () => {
    signedIn();
    server();
    await renderInApp(<BalanceCard filter={null} />, { language: 'cn' });
    expect(await screen.findByTestId('wallet-JPY')).toHaveTextContent('JP¥900,000');
    expect(screen.getByTestId('wallet-CNY')).toHaveTextContent('¥10.00');
    expect(screen.getByTestId('wallet-CNY')).not.toHaveTextContent('JP¥');
  });
});
