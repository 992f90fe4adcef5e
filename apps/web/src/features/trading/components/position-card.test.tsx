import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render';
import { closedPosition } from '../test/fixtures';
import { EndedPositionCard, OpenPositionCard } from './position-card';

describe('ended position card', () => {
  it('marks a day-trading position, and only it', async () => {
    await renderInApp(
      <EndedPositionCard
        position={closedPosition({ mode: 'day', source: 'daytrade', closeReason: 'settlement' })}
        onOpen={() => undefined}
      />,
    );
    expect(screen.getByTestId('position-mode-day')).toHaveTextContent('Day');
  });

  it('shows no day mark on a normal position', async () => {
    await renderInApp(<EndedPositionCard position={closedPosition()} onOpen={() => undefined} />);
    expect(screen.queryByTestId('position-mode-day')).toBeNull();
  });

  it('shows the gross P&L, the fees paid and the net P&L', async () => {
    await renderInApp(<EndedPositionCard position={closedPosition()} onOpen={() => undefined} />);
    expect(screen.getByTestId('position-gross')).toHaveTextContent('+¥5,000');
    expect(screen.getByTestId('position-fees')).toHaveTextContent('¥1,575');
    expect(screen.getByTestId('position-pnl')).toHaveTextContent('+¥3,425');
    expect(screen.getByText('Net P&L')).toBeInTheDocument();
    expect(screen.getByText('Gross P&L')).toBeInTheDocument();
  });

  it('puts every amount on a money row of its own, whole beside a label that wraps', async () => {
    await renderInApp(<EndedPositionCard position={closedPosition()} onOpen={() => undefined} />);
    for (const id of ['position-pnl', 'position-gross', 'position-fees'])
      expect(screen.getByTestId(id).closest('.kb-money-row__amount')).not.toBeNull();
    expect(screen.getByText('Net P&L').closest('.kb-money-row__label')).not.toBeNull();
  });

  it("says when it closed in the market's own zone, labelled", async () => {
    await renderInApp(<EndedPositionCard position={closedPosition()} onOpen={() => undefined} />);
    expect(screen.getByText('11/17/2026, 10:00 GMT+9')).toBeInTheDocument();
  });

  it('shows a net loss in the loss colour when fees outweigh a small gain', async () => {
    await renderInApp(
      <EndedPositionCard position={closedPosition({ realisedPnl: '1000' })} onOpen={() => undefined} />,
    );
    const net = screen.getByTestId('position-pnl');
    expect(net).toHaveTextContent('-¥575');
    expect(net.querySelector('.kb-trend-down')).not.toBeNull();
  });

  it('marks a yuan position in Japanese with 元, never with the yen sign', async () => {
    await renderInApp(
      <EndedPositionCard
        position={closedPosition({
          market: 'cny',
          currency: 'CNY',
          openFee: '7.80',
          closeFee: '7.95',
          realisedPnl: '50.00',
        })}
        onOpen={() => undefined}
      />,
      { language: 'jp' },
    );
    expect(screen.getByTestId('position-gross')).toHaveTextContent(/元\s?50\.00/);
    expect(screen.getByTestId('position-gross')).not.toHaveTextContent('￥');
  });
});

describe('open position card', () => {
  it('marks the current price as simulated', async () => {
    const holding = closedPosition({
      state: 'holding',
      status: 0,
      closePrice: null,
      closedAt: null,
      closeFee: null,
      realisedPnl: null,
    });
    await renderInApp(
      <OpenPositionCard
        position={holding}
        livePrice="2660.0"
        onOpen={() => undefined}
        onCancel={() => undefined}
      />,
    );
    const cell = screen.getByTestId('position-price');
    expect(cell).toHaveTextContent('Simulated');
    expect(cell).toHaveTextContent('2,660.0');
  });
});
