import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { renderInApp } from '../../../test/render';
import { productDetail } from '../test-fixtures';
import ProductsPage from './products-page';

beforeEach(() => signedIn());

describe('copy products', () => {
  it('lists each product with its historical figures, a sparkline and the historical label', async () => {
    const { curve: _curve, recentTrades: _trades, codes: _codes, ...product } = productDetail();
    answerApi({ '/trade/productlist': { list: [product], page: 1, size: 20, total: 1 } });
    await renderInApp(<ProductsPage />);
    const card = await screen.findByTestId('copy-product-3');
    expect(within(card).getByText('Trend Follower')).toBeInTheDocument();
    expect(within(card).getByText(/Kabuto Trend · Trend following/)).toBeInTheDocument();
    expect(within(card).getByTestId('copy-total-return')).toHaveTextContent('+10.83%');
    expect(within(card).getByTestId('copy-max-drawdown')).toHaveTextContent('-6.41%');
    expect(within(card).getByTestId('copy-average-daily')).toHaveTextContent('+0.041%');
    expect(within(card).getByTestId('copy-sparkline')).toBeInTheDocument();
    expect(screen.getByTestId('copy-historical-note')).toHaveTextContent(
      /historical.*do not predict or guarantee/i,
    );
    expect(screen.getByTestId('copy-historical-note')).toHaveTextContent(/simulated history/);
  });

  it('shows the labels in Japanese and Chinese', async () => {
    const { curve: _curve, recentTrades: _trades, codes: _codes, ...product } = productDetail();
    answerApi({ '/trade/productlist': { list: [product], page: 1, size: 20, total: 1 } });
    const jp = await renderInApp(<ProductsPage />, { language: 'jp' });
    expect(await screen.findByText('過去の累計リターン')).toBeInTheDocument();
    jp.unmount();
    await renderInApp(<ProductsPage />, { language: 'cn' });
    expect(await screen.findByText('历史累计收益')).toBeInTheDocument();
  });
});
