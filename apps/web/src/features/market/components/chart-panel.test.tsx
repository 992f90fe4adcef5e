import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../test/api';
import { renderInApp } from '../../../test/render';

// The chart itself is drawn by its own chunk; here it shows what it was asked to draw.
vi.mock('./stock-chart', () => ({
  default: (props: { period: string; adjust: string }) => (
    <div data-testid="stock-chart" data-period={props.period} data-adjust={props.adjust} />
  ),
}));

import { ChartPanel } from './chart-panel';

const yearBars =
  (count: number, more = false) =>
  (body: Record<string, unknown>) => ({
    code: '8035',
    market: 'jpy',
    period: body.period,
    adjust: body.adjust,
    day: null,
    bars: Array.from({ length: count }, (_, i) => ({
      time: new Date(Date.UTC(2026 - count + 1 + i, 0, 5)).toISOString(),
      open: '1.0',
      high: '1.0',
      low: '1.0',
      close: '1.0',
      volume: 1,
      turnover: '1',
    })),
    more,
    liveFactor: '1',
    simulated: true,
  });

const periodButtons = () =>
  Array.from(screen.getByTestId('chart-period').querySelectorAll('button')).map((b) => b.dataset.value);

describe('ChartPanel', () => {
  it('adjusts forward by default, so a split does not look like a crash', async () => {
    answerApi({ '/market/kline': yearBars(3) });
    await renderInApp(<ChartPanel code="8035" market="jpy" />);
    expect(await screen.findByTestId('stock-chart')).toHaveAttribute('data-adjust', 'forward');
    expect(screen.getByTestId('chart-adjust').querySelector('[aria-pressed="true"]')).toHaveAttribute(
      'data-value',
      'forward',
    );
  });

  it('hides the year period while the history holds fewer than ten years', async () => {
    const sent = answerApi({ '/market/kline': yearBars(3) });
    await renderInApp(<ChartPanel code="8035" market="jpy" />);
    await waitFor(() => expect(sent.some((c) => c.body.period === 'year')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(periodButtons()).toEqual(['time', '5m', '15m', '30m', '60m', 'day', 'week', 'month']);
  });

  it('offers the year period once ten years are there', async () => {
    answerApi({ '/market/kline': yearBars(10) });
    await renderInApp(<ChartPanel code="8035" market="jpy" />);
    await waitFor(() => expect(periodButtons()).toContain('year'));
  });

  it('offers no overlay choice on the intraday line', async () => {
    answerApi({ '/market/kline': yearBars(3) });
    await renderInApp(<ChartPanel code="8035" market="jpy" />);
    expect(screen.getByTestId('chart-main')).toBeInTheDocument();
    await screen.findByTestId('stock-chart');
    await userEvent.click(screen.getByRole('button', { name: 'Intraday' }));
    expect(screen.getByTestId('stock-chart')).toHaveAttribute('data-period', 'time');
    expect(screen.queryByTestId('chart-main')).toBeNull();
  });
});
