import type { Language } from '@kabuto/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, signedIn } from '../../../../test/api';
import { orderPreview, toyotaQuote } from '../../../../test/fixtures';
import { renderInApp } from '../../../../test/render';
import { OrderFormView } from './order-sheet';

const TOYOTA = toyotaQuote;

/** /trade/preview as the server answers a waiting order: margin and fee frozen, the expiry stated. */
const preview = (body: Record<string, unknown>) =>
  orderPreview({
    price: String(body.trigger_price ?? body.price ?? '2600.0'),
    quantity: Number(body.quantity ?? 1),
    leverage: Number(body.leverage ?? 1),
    notional: '250000',
    margin: '125000',
    fee: '750',
    total: '125750',
    expiresAt:
      body.order_type === 'market'
        ? null
        : body.validity === 'gtc'
          ? '2026-12-17T01:00:00.000Z'
          : '2026-11-17T06:30:00.000Z',
  });

async function openForm(
  direction: 'long' | 'short',
  language: Language = 'us',
  order: unknown = { refuse: 'market_closed' },
) {
  signedIn();
  const sent = answerApi({ '/trade/preview': preview, '/trade/order': order });
  await renderInApp(<OrderFormView quote={TOYOTA} initialDirection={direction} onDone={vi.fn()} />, {
    language,
  });
  return { sent, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

async function typeInto(user: ReturnType<typeof userEvent.setup>, testId: string, text: string) {
  const input = screen.getByTestId(testId);
  await user.clear(input);
  await user.type(input, text);
}

describe('order types that protect the investor', () => {
  it('offers market, limit, stop, stop-limit and trailing stop, with the fields each needs', async () => {
    const { user } = await openForm('long');
    for (const kind of ['market', 'limit', 'stop', 'stop_limit', 'trailing_stop'])
      expect(screen.getByTestId(`order-type-${kind}`)).toBeInTheDocument();
    expect(screen.queryByTestId('order-trigger')).toBeNull();
    await user.click(screen.getByTestId('order-type-stop'));
    expect(screen.getByTestId('order-trigger')).toBeInTheDocument();
    expect(screen.queryByTestId('order-price')).toBeNull();
    await user.click(screen.getByTestId('order-type-stop_limit'));
    expect(screen.getByTestId('order-trigger')).toBeInTheDocument();
    expect(screen.getByTestId('order-price')).toBeInTheDocument();
    await user.click(screen.getByTestId('order-type-trailing_stop'));
    expect(screen.queryByTestId('order-trigger')).toBeNull();
    expect(screen.getByTestId('order-trail')).toBeInTheDocument();
    expect(screen.getByTestId('order-trail-percent')).toBeInTheDocument();
  });

  it('names a buy stop under the live price at the trigger field, and will not confirm it', async () => {
    const { user, sent } = await openForm('long');
    await user.click(screen.getByTestId('order-type-stop'));
    await typeInto(user, 'order-trigger', '2500.0');
    expect(screen.getByText('Trigger price must be above ¥2,600.0')).toBeInTheDocument();
    await user.click(screen.getByTestId('order-submit'));
    expect(screen.queryByTestId('order-confirm')).toBeNull();
    expect(sent.some((c) => c.path === '/trade/preview' && c.body.order_type === 'stop')).toBe(false);
  });

  it('says a sell stop in words with its GTC expiry, and previews margin and fee frozen', async () => {
    const { user, sent } = await openForm('short');
    await user.click(screen.getByTestId('order-type-stop'));
    await typeInto(user, 'order-trigger', '2450.0');
    await typeInto(user, 'order-quantity', '100');
    await user.click(screen.getByTestId('order-validity-gtc'));
    await waitFor(() =>
      expect(screen.getByTestId('order-sentence')).toHaveTextContent(
        'If Toyota Motor falls to ¥2,450.0, sell 100 at market; expires 12/17/2026, 10:00 GMT+9.',
      ),
    );
    expect(screen.getByTestId('order-expiry')).toHaveTextContent('Expires 12/17/2026, 10:00 GMT+9');
    expect(screen.getByTestId('order-summary')).toHaveTextContent('¥125,000');
    expect(screen.getByTestId('order-summary')).toHaveTextContent('¥750');
    const asked = sent.filter((c) => c.path === '/trade/preview').at(-1)!.body;
    expect(asked).toMatchObject({
      order_type: 'stop',
      trigger_price: '2450.0',
      validity: 'gtc',
      quantity: '100',
    });
  });

  it('keeps the order in words beside the submit button and atop the confirmation', async () => {
    const { user } = await openForm('short');
    await user.click(screen.getByTestId('order-type-stop'));
    await typeInto(user, 'order-trigger', '2450.0');
    await typeInto(user, 'order-quantity', '100');
    const words = 'If Toyota Motor falls to ¥2,450.0, sell 100 at market';
    await waitFor(() => expect(screen.getByTestId('order-sentence')).toHaveTextContent(words));
    const sentence = screen.getByTestId('order-sentence');
    const submit = screen.getByTestId('order-submit');
    // In the sheet's sticky foot with the button, before it: however far the fields are scrolled,
    // the words are on screen when the button is pressed.
    expect(sentence.parentElement).toBe(submit.parentElement);
    expect(sentence.parentElement).toHaveClass('kb-order-sheet__footer');
    expect(sentence.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await screen.findByText('¥125,750');
    await user.click(submit);
    const confirm = await screen.findByTestId('order-confirm');
    const said = screen.getByTestId('order-confirm-sentence');
    expect(said).toHaveTextContent(words);
    // The dialog opens on its first line: the words, then the details.
    expect(confirm.firstElementChild).toBe(said);
  });

  it('says the same order in Chinese and in Japanese', async () => {
    for (const [language, words] of [
      ['cn', '如果 Toyota Motor 跌到 JP¥2,450.0，以市价卖出 100 股'],
      ['jp', 'Toyota Motorが￥2,450.0まで下がったら、成行で100株売る'],
    ] as const) {
      const { user } = await openForm('short', language);
      await user.click(screen.getByTestId('order-type-stop'));
      await typeInto(user, 'order-trigger', '2450.0');
      await typeInto(user, 'order-quantity', '100');
      await waitFor(() => expect(screen.getByTestId('order-sentence')).toHaveTextContent(words));
      document.body.innerHTML = '';
    }
  });

  it('trails a sell by a percentage: where the trigger starts, the sentence, and the trail sent', async () => {
    const { user, sent } = await openForm('short');
    await user.click(screen.getByTestId('order-type-trailing_stop'));
    await user.click(screen.getByTestId('order-trail-percent'));
    await typeInto(user, 'order-trail', '60');
    expect(screen.getByText('The trail can be at most 50% of the price')).toBeInTheDocument();
    await typeInto(user, 'order-trail', '2');
    // 2600.0 × 0.98 = 2548.0
    await waitFor(() =>
      expect(screen.getByTestId('order-sentence')).toHaveTextContent(
        'If Toyota Motor falls 2% from its highest price after placing (trigger now ¥2,548.0), sell 1 at market',
      ),
    );
    await waitFor(() =>
      expect(sent.filter((c) => c.path === '/trade/preview').at(-1)?.body).toMatchObject({
        order_type: 'trailing_stop',
        trail_percent: '2',
      }),
    );
  });

  it('attaches a take-profit and stop-loss, each checked on its side of the opening price', async () => {
    const { user, sent } = await openForm('long');
    await user.click(screen.getByTestId('order-attach-switch'));
    await typeInto(user, 'order-take-profit', '2500.0');
    expect(screen.getByText('Take-profit must be above ¥2,600.0')).toBeInTheDocument();
    await typeInto(user, 'order-take-profit', '2800.0');
    await typeInto(user, 'order-stop-loss', '2450.0');
    await waitFor(() =>
      expect(screen.getByTestId('order-sentence')).toHaveTextContent(
        'Buy 1 Toyota Motor now at market; once filled, it closes at ¥2,800.0 to take profit or at ¥2,450.0 to stop the loss, whichever comes first.',
      ),
    );
    await waitFor(() =>
      expect(sent.filter((c) => c.path === '/trade/preview').at(-1)?.body).toMatchObject({
        take_profit: '2800.0',
        stop_loss: '2450.0',
      }),
    );
  });

  it("shows the server's trigger refusal under the trigger field", async () => {
    const { user } = await openForm('long', 'us', { refuse: 'trigger_invalid', field: 'trigger_price' });
    await user.click(screen.getByTestId('order-type-stop'));
    await typeInto(user, 'order-trigger', '2700.0');
    await screen.findByText('¥125,750');
    await user.click(screen.getByTestId('order-submit'));
    expect(await screen.findByTestId('order-confirm-sentence')).toHaveTextContent(
      'If Toyota Motor rises to ¥2,700.0, buy 1 at market',
    );
    await user.click(await screen.findByText('Place order'));
    const trigger = screen.getByTestId('order-trigger');
    await waitFor(() => expect(trigger).toHaveAttribute('aria-invalid', 'true'));
  });
});
