import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { BlockPage } from './block-page';

const PRODUCT = {
  id: 4,
  code: '7203',
  name: 'Toyota Motor',
  market: 'jpy',
  currency: 'JPY',
  price: '3319.0',
  marketPrice: '3494.0',
  minLots: 100,
  totalLots: 10_000,
  remainingLots: 9_000,
  startsAt: '2026-11-20T00:00:00.000Z',
  endsAt: '2099-11-30T00:00:00.000Z',
  state: 'open',
  applications: { pending: 1 },
};

function backOffice(refuseEdit?: { error: string; field: string }) {
  return stubBackOffice(({ method, path }) => {
    if (method === 'GET' && path.startsWith('/block/products'))
      return { status: 200, body: { list: [PRODUCT], total: 1, page: 1, size: 20, priceBandPercent: 30 } };
    if (method === 'POST' && path === '/block/products/4')
      return refuseEdit ? { status: 400, body: refuseEdit } : { status: 200, body: PRODUCT };
    if (method === 'POST' && path === '/block/products/4/close')
      return { status: 200, body: { ...PRODUCT, state: 'closed' } };
    return undefined;
  });
}

describe('block products page', () => {
  it('states the price band in the form and shows prices formatted', async () => {
    backOffice();
    renderPage(<BlockPage />);
    expect(
      await screen.findByText('Allowed: within 30 % of the market price, either way'),
    ).toBeInTheDocument();
    const row = (await screen.findByText('Toyota Motor')).closest('tr')!;
    expect(row).toHaveTextContent('3,319 JPY');
    expect(row).toHaveTextContent('3,494');
  });

  it('changes a product with a reason, and shows a refused price at the price field', async () => {
    const sent = backOffice({ error: 'price_out_of_band', field: 'price' });
    const user = userEvent.setup();
    renderPage(<BlockPage />);
    await user.click(await screen.findByTestId('block-edit-4'));
    const price = await screen.findByTestId('block-edit-price');
    await user.clear(price);
    await user.type(price, '170.0');
    await user.click(screen.getByTestId('block-edit-ok'));
    // The reason is asked first.
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByTestId('block-edit-reason'), 'repriced');
    await user.click(screen.getByTestId('block-edit-ok'));
    await waitFor(() =>
      expect(sent.find((c) => c.method === 'POST')?.body).toMatchObject({
        price: '170.0',
        reason: 'repriced',
        totalLots: 10_000,
      }),
    );
    const form = screen.getByTestId('block-edit-form');
    expect(
      await within(form).findByText('The block price is too far from the market price (see the band above)'),
    ).toBeInTheDocument();
  });

  it('closes a product early with a reason', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<BlockPage />);
    await user.click(await screen.findByTestId('block-close-4'));
    await user.type(await screen.findByTestId('reason-input'), 'seller withdrew');
    await user.click(screen.getByTestId('reason-ok'));
    await waitFor(() =>
      expect(sent.find((c) => c.path === '/block/products/4/close')?.body).toEqual({
        reason: 'seller withdrew',
      }),
    );
    expect(
      await screen.findByText('Product closed', { selector: '.ant-message-notice-title' }),
    ).toBeInTheDocument();
  });
});
