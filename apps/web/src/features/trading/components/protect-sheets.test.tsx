import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { toyotaQuote } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import type { Position } from '../lib/types';
import { openPosition } from '../test/fixtures';
import { ModifySheet } from './modify-sheet';
import { OpenPositionCard } from './position-card';
import { TpSlSheet } from './tpsl-sheet';

const QUOTE = toyotaQuote;

/** A long Toyota position at 5× leverage, holding at ¥2,600.0. */
const holding = (overrides: Partial<Position> = {}): Position =>
  openPosition({ leverage: 5, currentPrice: '2600.0', ...overrides });

/** A pending short stop-limit: sell 100 at ¥2,440.0 or higher once the price falls to ¥2,450.0. */
const pendingStopLimit = (overrides: Partial<Position> = {}): Position =>
  openPosition({
    state: 'pending',
    direction: 'short',
    orderType: 'stop_limit',
    openPrice: null,
    openedAt: null,
    limitPrice: '2440.0',
    triggerPrice: '2450.0',
    validity: 'gtc',
    expiresAt: '2026-12-17T01:00:00.000Z',
    ...overrides,
  });

function setup(answers: Record<string, unknown>) {
  signedIn();
  const sent = answerApi({ '/market/quote': QUOTE, ...answers });
  return { sent, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

async function retype(user: ReturnType<typeof userEvent.setup>, testId: string, text: string) {
  const input = await screen.findByTestId(testId);
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('take-profit and stop-loss sheet', () => {
  it('names a stop-loss above the live price of a long before anything is sent', async () => {
    const { sent, user } = setup({ '/trade/setTpSl': holding() });
    await renderInApp(<TpSlSheet position={holding()} onClose={vi.fn()} />);
    await screen.findByText('Now ¥2,600.0');
    await retype(user, 'tpsl-stop-loss', '2650.0');
    expect(screen.getByText('Stop-loss must be below ¥2,600.0')).toBeInTheDocument();
    await user.click(screen.getByTestId('tpsl-save'));
    expect(sent.some((c) => c.path === '/trade/setTpSl')).toBe(false);
  });

  it('sets a take-profit and a fixed stop-loss through /trade/setTpSl and closes', async () => {
    const onClose = vi.fn();
    const { sent, user } = setup({
      '/trade/setTpSl': holding({ takeProfit: '2800.0', stopLoss: '2500.0' }),
    });
    await renderInApp(<TpSlSheet position={holding()} onClose={onClose} />);
    await retype(user, 'tpsl-take-profit', '2800.0');
    await retype(user, 'tpsl-stop-loss', '2500.0');
    await user.click(screen.getByTestId('tpsl-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((c) => c.path === '/trade/setTpSl')?.body).toMatchObject({
      id: 41,
      take_profit: '2800.0',
      stop_loss: '2500.0',
    });
  });

  it('makes the stop-loss trail by a percentage', async () => {
    const onClose = vi.fn();
    const { sent, user } = setup({
      '/trade/setTpSl': holding({ stopLoss: '2548.0', stopLossTrailPercent: '2' }),
    });
    await renderInApp(<TpSlSheet position={holding()} onClose={onClose} />);
    await user.click(await screen.findByTestId('tpsl-kind-percent'));
    await retype(user, 'tpsl-trail', '2');
    await user.click(screen.getByTestId('tpsl-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((c) => c.path === '/trade/setTpSl')?.body).toMatchObject({ trail_percent: '2' });
  });

  it('removes both with one tap, sending no prices', async () => {
    const onClose = vi.fn();
    const { sent, user } = setup({ '/trade/setTpSl': holding() });
    await renderInApp(
      <TpSlSheet position={holding({ takeProfit: '2800.0', stopLoss: '2500.0' })} onClose={onClose} />,
    );
    expect(screen.getByTestId('tpsl-take-profit')).toHaveValue('2800.0');
    await user.click(screen.getByTestId('tpsl-remove'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((c) => c.path === '/trade/setTpSl')?.body).toEqual({ id: 41, type: 'jpy' });
  });

  it("shows the server's refusal under the field it names", async () => {
    const { user } = setup({ '/trade/setTpSl': { refuse: 'trigger_invalid', field: 'take_profit' } });
    await renderInApp(<TpSlSheet position={holding()} onClose={vi.fn()} />);
    await retype(user, 'tpsl-take-profit', '2800.0');
    await user.click(screen.getByTestId('tpsl-save'));
    await waitFor(() =>
      expect(screen.getByTestId('tpsl-take-profit')).toHaveAttribute('aria-invalid', 'true'),
    );
  });
});

describe('modify sheet', () => {
  it('refuses a quantity up, as typed', async () => {
    const { sent, user } = setup({ '/trade/modify': pendingStopLimit() });
    await renderInApp(<ModifySheet position={pendingStopLimit()} onClose={vi.fn()} />);
    await retype(user, 'modify-quantity', '150');
    expect(screen.getByText('The quantity can only go down: at most 100')).toBeInTheDocument();
    await user.click(screen.getByTestId('modify-save'));
    expect(sent.some((c) => c.path === '/trade/modify')).toBe(false);
  });

  it('sends only what changed: a lower trigger and fewer shares', async () => {
    const onClose = vi.fn();
    const { sent, user } = setup({
      '/trade/modify': pendingStopLimit({ triggerPrice: '2400.0', quantity: 60 }),
    });
    await renderInApp(<ModifySheet position={pendingStopLimit()} onClose={onClose} />);
    await retype(user, 'modify-trigger', '2400.0');
    await retype(user, 'modify-quantity', '60');
    await user.click(screen.getByTestId('modify-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((c) => c.path === '/trade/modify')?.body).toEqual({
      id: 41,
      trigger_price: '2400.0',
      quantity: '60',
      type: 'jpy',
    });
  });

  it('names a sell trigger above the live price at the trigger field', async () => {
    const { user } = setup({ '/trade/modify': pendingStopLimit() });
    await renderInApp(<ModifySheet position={pendingStopLimit()} onClose={vi.fn()} />);
    await screen.findByText(/Now ¥2,600.0/);
    await retype(user, 'modify-trigger', '2650.0');
    expect(screen.getByText('Trigger price must be below ¥2,600.0')).toBeInTheDocument();
  });

  it('says an order that filled meanwhile can no longer be modified, above the button', async () => {
    const onClose = vi.fn();
    const { user } = setup({ '/trade/modify': { refuse: 'order_not_modifiable', field: 'id' } });
    await renderInApp(<ModifySheet position={pendingStopLimit()} onClose={onClose} />);
    await retype(user, 'modify-price', '2430.0');
    await user.click(screen.getByTestId('modify-save'));
    expect(await screen.findByTestId('modify-sheet-notice')).toBeInTheDocument();
    expect(screen.getByTestId('modify-price')).toHaveAttribute('aria-invalid', 'false');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends a limit refused at the day limit back to the price field', async () => {
    const { user } = setup({ '/trade/modify': { refuse: 'price_limit', field: 'price' } });
    await renderInApp(<ModifySheet position={pendingStopLimit()} onClose={vi.fn()} />);
    await retype(user, 'modify-price', '2000.0');
    await user.click(screen.getByTestId('modify-save'));
    await waitFor(() => expect(screen.getByTestId('modify-price')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByTestId('modify-sheet-notice')).toBeNull();
  });
});

describe('protective terms on the position row', () => {
  it('shows a pending order its type, trigger and GTC expiry, with modify and cancel', async () => {
    setup({});
    await renderInApp(
      <OpenPositionCard
        position={pendingStopLimit()}
        livePrice={undefined}
        onOpen={vi.fn()}
        onCancel={vi.fn()}
        onModify={vi.fn()}
        onTpSl={vi.fn()}
      />,
    );
    expect(screen.getByTestId('position-type')).toHaveTextContent('Stop limit');
    expect(screen.getByTestId('position-trigger')).toHaveTextContent('¥2,450.0');
    expect(screen.getByTestId('position-expires')).toHaveTextContent('12/17/2026, 10:00 GMT+9');
    expect(screen.getByTestId('position-modify')).toBeInTheDocument();
    expect(screen.getByTestId('position-cancel')).toBeInTheDocument();
  });

  it('shows a trailing stop-loss where it stands now and by how much it trails', async () => {
    setup({});
    await renderInApp(
      <OpenPositionCard
        position={holding({ takeProfit: '2800.0', stopLoss: '2548.0', stopLossTrailPercent: '2' })}
        livePrice="2600.0"
        onOpen={vi.fn()}
        onTpSl={vi.fn()}
      />,
    );
    expect(screen.getByTestId('position-tpsl')).toHaveTextContent('¥2,800.0 / ¥2,548.0 (Trailing stop 2%)');
    expect(screen.queryByTestId('position-modify')).toBeNull();
    expect(screen.getByTestId('position-tpsl-edit')).toBeInTheDocument();
  });
});
