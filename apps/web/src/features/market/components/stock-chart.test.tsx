import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../test/api';
import { renderInApp } from '../../../test/render';

/** A stand-in for KLineChart that records what the component asks of it. */
const fake = vi.hoisted(() => {
  type Bar = { timestamp: number; open: number; high: number; low: number; close: number; volume: number };
  type Indicator = {
    name: string;
    paneId: string;
    precision?: number;
    figures: { key: string; title: string }[];
    result: Record<string, number>[];
  };
  const FIGURES: Record<string, { key: string; title: string }[]> = {
    MA: [
      { key: 'ma1', title: 'MA5: ' },
      { key: 'ma2', title: 'MA10: ' },
    ],
    VOL: [
      { key: 'ma1', title: 'MA5: ' },
      { key: 'volume', title: 'VOLUME: ' },
    ],
    MACD: [{ key: 'dif', title: 'DIF: ' }],
  };
  const state = {
    options: null as null | {
      styles: { candle: { tooltip: { showRule: string } }; indicator: { tooltip: { showRule: string } } };
      formatter: { formatBigNumber: (value: number) => string };
    },
    indicators: [] as Indicator[],
    created: [] as { name: string; paneId: string; precision?: number }[],
    data: [] as Bar[],
  };
  const chart = {
    getStyles: () => ({
      xAxis: { tickText: { size: 12, family: 'sans-serif' } },
      yAxis: { tickText: { size: 12 } },
    }),
    overrideXAxis: vi.fn(),
    overrideYAxis: vi.fn(),
    subscribeAction: vi.fn(),
    setSymbol: vi.fn(),
    setPeriod: vi.fn(),
    setStyles: vi.fn(),
    resetData: vi.fn(),
    resize: vi.fn(),
    setPaneOptions: vi.fn(),
    convertFromPixel: vi.fn(() => [{ dataIndex: 0 }]),
    getDataList: () => state.data,
    setDataLoader: (loader: {
      getBars: (params: { type: string; timestamp: null; callback: (bars: Bar[]) => void }) => void;
    }) => {
      loader.getBars({
        type: 'init',
        timestamp: null,
        callback: (bars: Bar[]) => {
          state.data = bars;
        },
      });
    },
    createIndicator: (value: { name: string; paneId: string; precision?: number }) => {
      state.created.push(value);
      state.indicators.push({ ...value, figures: FIGURES[value.name] ?? [], result: [] });
      return value.name;
    },
    removeIndicator: ({ paneId }: { paneId: string }) => {
      state.indicators = state.indicators.filter((i) => i.paneId !== paneId);
    },
    // Computed over the bars the chart holds, as the library does when data arrives.
    getIndicators: ({ paneId }: { paneId: string }) =>
      state.indicators
        .filter((i) => i.paneId === paneId)
        .map((i) => ({
          ...i,
          result: state.data.map((bar) =>
            Object.fromEntries(
              i.figures.map((f) => [f.key, f.key === 'volume' ? bar.volume : bar.close + 0.123456]),
            ),
          ),
        })),
  };
  return { state, chart };
});

vi.mock('klinecharts', () => ({
  init: (_element: HTMLElement, options: Record<string, unknown>) => {
    fake.state.options = options as typeof fake.state.options;
    return fake.chart;
  },
  dispose: () => undefined,
  registerLocale: () => undefined,
}));

import StockChart, { type StockChartProps } from './stock-chart';

const LABELS = {
  failed: 'failed',
  empty: 'empty',
  retry: 'retry',
  open: 'O',
  high: 'H',
  low: 'L',
  close: 'C',
  volume: 'Volume',
};

const BAR = {
  time: '2026-11-20T06:30:00.000Z',
  open: '23510.0',
  high: '23587.7',
  low: '23443.2',
  close: '23487.0',
  volume: 3_590_000,
  turnover: '0',
};

const kline = (body: Record<string, unknown>) => ({
  code: '8035',
  market: 'jpy',
  period: body.period,
  adjust: body.adjust,
  day: null,
  bars: [BAR],
  more: false,
  liveFactor: '1',
  simulated: true,
});

function props(overrides: Partial<StockChartProps> = {}): StockChartProps {
  return {
    code: '8035',
    market: 'jpy',
    period: 'day',
    adjust: 'forward',
    main: 'MA',
    sub: 'VOL',
    language: 'us',
    labels: LABELS,
    ...overrides,
  };
}

beforeEach(() => {
  fake.state.indicators = [];
  fake.state.created = [];
  fake.state.data = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

async function ready() {
  await waitFor(() => expect(screen.getByTestId('stock-chart')).toHaveAttribute('data-state', 'ready'));
  await waitFor(() => expect(screen.getByTestId('chart-legend-sub').textContent).not.toBe(''));
}

describe('StockChart', () => {
  it('draws no text over the candles: the readout and indicator values are a legend above the plot', async () => {
    answerApi({ '/market/kline': kline });
    await renderInApp(<StockChart {...props()} />);
    await ready();
    const styles = fake.state.options!.styles;
    expect(styles.candle.tooltip.showRule).toBe('none');
    expect(styles.indicator.tooltip.showRule).toBe('none');
    const legend = screen.getByTestId('chart-legend');
    expect(legend.compareDocumentPosition(legend.parentElement!.querySelector('.kb-mk-chart__canvas')!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(legend.textContent).toContain('O 23,510.0');
    expect(legend.textContent).toContain('C 23,487.0');
  });

  it('shows indicator values at the price decimals, asking the chart for them too', async () => {
    answerApi({ '/market/kline': kline });
    await renderInApp(<StockChart {...props({ sub: 'MACD' })} />);
    await ready();
    expect(screen.getByTestId('chart-legend-main').textContent).toBe('MA5 23,487.1MA10 23,487.1');
    expect(screen.getByTestId('chart-legend-sub').textContent).toBe('DIF 23,487.1');
    expect(fake.state.created).toContainEqual({ name: 'MA', paneId: 'candle_pane', precision: 1 });
    expect(fake.state.created).toContainEqual({ name: 'MACD', paneId: 'kb_sub_pane', precision: 1 });
  });

  it('puts no moving average on the intraday line', async () => {
    answerApi({ '/market/kline': kline });
    await renderInApp(<StockChart {...props({ period: 'time' })} />);
    await ready();
    expect(fake.state.created.filter((c) => c.paneId === 'candle_pane')).toEqual([]);
    expect(screen.getByTestId('chart-legend-main').textContent).toBe('');
  });

  it.each([
    ['cn', '359万'],
    ['jp', '359万'],
    ['us', '3.59M'],
  ] as const)(
    'writes volume in %s as the rest of the app does (%s), on the axis and in the legend',
    async (language, text) => {
      answerApi({ '/market/kline': kline });
      await renderInApp(<StockChart {...props({ language })} />, { language });
      await ready();
      expect(fake.state.options?.formatter.formatBigNumber(3_590_000)).toBe(text);
      expect(screen.getByTestId('chart-legend-sub').textContent).toContain(`Volume ${text}`);
    },
  );

  it('keeps time labels to the bars there are and value labels inside their pane', async () => {
    answerApi({ '/market/kline': kline });
    await renderInApp(<StockChart {...props()} />);
    await ready();
    const { createTicks } = fake.chart.overrideXAxis.mock.calls[0]![0];
    const last = Date.parse(BAR.time);
    const ticks = createTicks({
      bounding: { width: 300 },
      defaultTicks: [
        { coord: 150, value: last, text: '11-20' },
        { coord: 250, value: last + 86_400_000, text: '11-21' },
        { coord: 2, value: last - 86_400_000, text: '11-19' },
      ],
    });
    expect(ticks.map((t: { text: string }) => t.text)).toEqual(['11-20']);
    const panes = fake.chart.overrideYAxis.mock.calls.map((c) => c[0].paneId);
    expect(panes).toEqual(expect.arrayContaining(['candle_pane', 'kb_sub_pane']));
    const y = fake.chart.overrideYAxis.mock.calls[0]![0].createTicks({
      bounding: { height: 200 },
      defaultTicks: [
        { coord: 2, value: 24800, text: '24,800.0' },
        { coord: 100, value: 23000, text: '23,000.0' },
      ],
    });
    expect(y.map((t: { text: string }) => t.text)).toEqual(['23,000.0']);
  });
});
