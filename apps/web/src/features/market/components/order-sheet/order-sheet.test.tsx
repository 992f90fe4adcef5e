import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { translateErrorKey } from '../../../../shared/i18n/setup';
import { answerApi, signedIn } from '../../../../test/api';
import { dayInfo, dayTrade, orderPreview, toyotaQuote } from '../../../../test/fixtures';
import { renderInApp } from '../../../../test/render';
import { OrderFormView } from './order-sheet';

const TOYOTA = toyotaQuote;

function preview(enough: boolean) {
  return (body: Record<string, unknown>) =>
    orderPreview({
      price: String(body.price ?? '2600.0'),
      quantity: Number(body.quantity ?? 1),
      available: enough ? '1000000' : '5000',
      enough,
      sentence: {
        when: 'now',
        trigger: null,
        trail: null,
        action: 'buy',
        quantity: Number(body.quantity ?? 1),
        at: body.price ? 'limit' : 'market',
        limit: body.price ? String(body.price) : null,
      },
    });
}

async function openForm(enough: boolean, extra: Record<string, unknown> = {}) {
  signedIn();
  const sent = answerApi({
    '/trade/preview': preview(enough),
    '/trade/order': { refuse: 'price_limit' },
    ...extra,
  });
  const done = vi.fn();
  await renderInApp(<OrderFormView quote={TOYOTA} initialDirection="long" onDone={done} />);
  // antd-mobile's dialogs animate in with pointer-events off for a moment.
  return { sent, done, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

describe('order sheet', () => {
  it('shows margin, fee and total from the live preview', async () => {
    await openForm(true);
    const summary = screen.getByTestId('order-summary');
    expect(await within(summary).findByText('¥260,780')).toBeInTheDocument();
    expect(within(summary).getByText('¥780')).toBeInTheDocument();
  });

  it('says the balance is short right above the submit button, and will not submit', async () => {
    const { user } = await openForm(false);
    const notice = await screen.findByTestId('order-insufficient');
    const submit = screen.getByTestId('order-submit');
    // Both in the sticky foot, notice first: the notice can never scroll under the button.
    expect(notice.parentElement).toBe(submit.parentElement);
    expect(notice.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(submit).toBeDisabled();
    await user.click(submit);
    expect(screen.queryByTestId('order-confirm')).toBeNull();
  });

  it('names a wrong quantity under the field as it is typed', async () => {
    const { user } = await openForm(true);
    const quantity = screen.getByTestId('order-quantity');
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity.getAttribute('aria-describedby')).toBeTruthy();
  });

  it("states a limit order's validity before it is confirmed", async () => {
    const { user } = await openForm(true);
    await user.click(screen.getByTestId('order-type-limit'));
    await screen.findByText('¥260,780');
    await user.click(screen.getByTestId('order-submit'));
    const validity = await screen.findByTestId('order-validity');
    expect(validity).toHaveTextContent('expires if not filled by the close of the trading day (GMT+9)');
  });

  it('shows no validity for a market order, which fills at once', async () => {
    const { user } = await openForm(true);
    await screen.findByText('¥260,780');
    await user.click(screen.getByTestId('order-submit'));
    expect(await screen.findByTestId('order-confirm')).toBeInTheDocument();
    expect(screen.queryByTestId('order-validity')).toBeNull();
  });

  it('puts a refusal of the order on screen and keeps the sheet open', async () => {
    const { user, sent, done } = await openForm(true);
    await screen.findByText('¥260,780');
    await user.click(screen.getByTestId('order-submit'));
    await user.click(await screen.findByText('Place order'));
    await waitFor(() => expect(sent.some((c) => c.path === '/trade/order')).toBe(true));
    expect(await screen.findByText(translateErrorKey('price_limit'))).toBeInTheDocument();
    expect(done).not.toHaveBeenCalled();
  });

  it('offers day mode only with an approved day-trading application, and sends it', async () => {
    const active = dayTrade({ orderNo: 'T1', reviewedAt: null, capitalLeft: '200000' });

    const { user, sent } = await openForm(true, {
      '/trade/dayInfo': dayInfo({ available: '770000', current: active, active }),
      '/trade/order': { refuse: 'market_closed' },
    });
    await user.click(await screen.findByTestId('order-mode-day'));
    expect(screen.getByTestId('order-mode-hint')).toHaveTextContent('5×');
    expect(screen.getByTestId('order-summary')).toHaveTextContent('Day capital left');
    await waitFor(() =>
      expect(sent.some((c) => c.path === '/trade/preview' && c.body.mode === 'day')).toBe(true),
    );
    await screen.findByText('¥260,780');
    await user.click(screen.getByTestId('order-submit'));
    await user.click(await screen.findByText('Place order'));
    await waitFor(() => expect(sent.find((c) => c.path === '/trade/order')?.body.mode).toBe('day'));
  });

  it('offers no mode without an approved application', async () => {
    await openForm(true);
    await screen.findByText('¥260,780');
    expect(screen.queryByTestId('order-mode')).toBeNull();
  });
});
