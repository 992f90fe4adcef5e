import type { Language } from '@kabuto/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCompactMoney } from '../../../shared/format/compact';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/price';
import { formatDay } from '../../../shared/format/time';
import { renderInApp } from '../../../test/render';
import { percentOf } from '../lib/figures';
import { type CurvePoint, EquityChart } from './charts';
import { dateTicks } from './equity-plot';

/** A stand-in for KLineChart that records what the equity chart asks of it. */
const fake = vi.hoisted(() => {
  type Tick = { coord: number; value: number | string; text: string };
  type TickMaker = (params: { defaultTicks: Tick[]; bounding: { width: number; height: number } }) => Tick[];
  const state = {
    options: null as null | {
      styles: { candle: { type: string } };
      formatter: { formatDate: (params: { timestamp: number }) => string };
    },
    bars: [] as Array<{ timestamp: number; close: number; drawdown: string }>,
    xTicks: null as null | TickMaker,
    yTicks: {} as Record<string, TickMaker>,
    indicators: [] as Array<{ name: string; paneId: string }>,
    registered: [] as Array<{ name: string; calc: (list: unknown[]) => Array<{ drawdown: number }> }>,
    scroll: true,
    zoom: true,
    crosshair: null as null | ((data: { x: number }) => void),
  };
  const chart = {
    getStyles: () => ({
      xAxis: { tickText: { size: 11, family: 'sans-serif' } },
      yAxis: { tickText: { size: 11 } },
    }),
    setScrollEnabled: (value: boolean) => {
      state.scroll = value;
    },
    setZoomEnabled: (value: boolean) => {
      state.zoom = value;
    },
    overrideXAxis: ({ createTicks }: { createTicks: TickMaker }) => {
      state.xTicks = createTicks;
    },
    overrideYAxis: ({ paneId, createTicks }: { paneId: string; createTicks: TickMaker }) => {
      state.yTicks[paneId] = createTicks;
    },
    createIndicator: (value: { name: string; paneId: string }) => {
      state.indicators.push(value);
      return value.name;
    },
    setPaneOptions: vi.fn(),
    getSize: () => ({ width: 300, height: 180 }),
    setBarSpace: vi.fn(),
    setOffsetRightDistance: vi.fn(),
    subscribeAction: (_name: string, callback: (data: { x: number }) => void) => {
      state.crosshair = callback;
    },
    // One day per 100 px.
    convertFromPixel: (points: Array<{ x: number }>) => [{ dataIndex: Math.floor(points[0]!.x / 100) }],
    setSymbol: vi.fn(),
    setPeriod: vi.fn(),
    setDataLoader: (loader: {
      getBars: (params: { type: string; callback: (bars: typeof state.bars) => void }) => void;
    }) => {
      loader.getBars({
        type: 'init',
        callback: (bars) => {
          state.bars = bars;
        },
      });
    },
    resize: vi.fn(),
  };
  return { state, chart };
});

vi.mock('klinecharts', () => ({
  init: (_element: HTMLElement, options: typeof fake.state.options) => {
    fake.state.options = options;
    return fake.chart;
  },
  dispose: () => undefined,
  registerIndicator: (indicator: (typeof fake.state.registered)[number]) => {
    fake.state.registered.push(indicator);
  },
}));

const CURVE: CurvePoint[] = [
  { day: '2026-11-13', equity: '100000000', drawdown: '0.000000' },
  { day: '2026-11-16', equity: '99000000', drawdown: '-0.010000' },
  { day: '2026-11-17', equity: '110830000', drawdown: '0.000000' },
];

const LABELS: Record<Language, { equity: string; drawdown: string; worst: string }> = {
  cn: { equity: '净值曲线', drawdown: '回撤', worst: '最大' },
  us: { equity: 'Equity curve', drawdown: 'Drawdown', worst: 'worst' },
  jp: { equity: '資産曲線', drawdown: 'ドローダウン', worst: '最大' },
};

function chart(language: Language) {
  return (
    <EquityChart
      points={CURVE}
      language={language}
      formatMoney={(value) => formatMoneyWithSymbol(value, 'JPY', language)}
      formatAxisMoney={(value) => formatCompactMoney(value, 'JPY', language)}
      formatDay={(day) => formatDay(day, language)}
      formatPercent={(fraction) => formatPercent(percentOf(fraction), language)}
      labels={LABELS[language]}
    />
  );
}

const tick = (coord: number, value: number, text = '') => ({ coord, value, text });

beforeEach(() => {
  fake.state.bars = [];
  fake.state.indicators = [];
  fake.state.yTicks = {};
  fake.state.scroll = true;
  fake.state.zoom = true;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

describe('copy equity chart', () => {
  it.each([
    ['us', '11/17/2026', 'Equity curve ¥110,830,000', 'Drawdown 0.00% (worst -1.00%)'],
    ['cn', '2026/11/17', '净值曲线 JP¥110,830,000', '回撤 0.00% (最大 -1.00%)'],
    ['jp', '2026/11/17', '資産曲線 ￥110,830,000', 'ドローダウン 0.00% (最大 -1.00%)'],
  ] as const)(
    'in %s, names each line in a legend with the latest day’s values and the worst drawdown',
    async (language, day, equity, drawdown) => {
      await renderInApp(chart(language), { language });
      const legend = screen.getByTestId('copy-chart-legend');
      expect(screen.getByTestId('copy-chart-day')).toHaveTextContent(day);
      expect(legend).toHaveTextContent(equity);
      expect(legend).toHaveTextContent(drawdown);
    },
  );

  it('draws the curve as an area of one bar per day, with its drawdown in a pane below, all days in view', async () => {
    await renderInApp(chart('us'));
    await waitFor(() => expect(fake.state.bars).toHaveLength(3));
    expect(fake.state.options!.styles.candle.type).toBe('area');
    expect(fake.state.bars.map((b) => [new Date(b.timestamp).toISOString().slice(0, 10), b.close])).toEqual([
      ['2026-11-13', 100_000_000],
      ['2026-11-16', 99_000_000],
      ['2026-11-17', 110_830_000],
    ]);
    const drawdown = fake.state.registered.find((i) => i.name === 'KB_DRAWDOWN')!;
    expect(drawdown.calc(fake.state.bars).map((r) => r.drawdown)).toEqual([0, -1, 0]);
    expect(fake.state.indicators).toEqual([{ name: 'KB_DRAWDOWN', paneId: 'kb_drawdown_pane' }]);
    expect(fake.state.scroll).toBe(false);
    expect(fake.state.zoom).toBe(false);
    // 300 px shared by three days.
    expect(fake.chart.setBarSpace).toHaveBeenLastCalledWith(100);
  });

  it.each([
    ['us', '11/16/2026', '¥110.83M', '-1.00%'],
    ['cn', '2026/11/16', 'JP¥1.11亿', '-1.00%'],
    ['jp', '2026/11/16', '￥1.11億', '-1.00%'],
  ] as const)(
    'in %s, dates the time axis and formats the value axes',
    async (language, date, money, percent) => {
      await renderInApp(chart(language), { language });
      await waitFor(() => expect(fake.state.xTicks).not.toBeNull());
      expect(fake.state.options!.formatter.formatDate({ timestamp: Date.UTC(2026, 10, 16) })).toBe(date);
      const bounding = { width: 300, height: 180 };
      const equityAxis = fake.state.yTicks.candle_pane!({ defaultTicks: [tick(90, 110_830_000)], bounding });
      expect(equityAxis.map((t) => t.text)).toEqual([money]);
      const drawdownAxis = fake.state.yTicks.kb_drawdown_pane!({
        defaultTicks: [tick(30, -1)],
        bounding: { width: 300, height: 64 },
      });
      expect(drawdownAxis.map((t) => t.text)).toEqual([percent]);
    },
  );

  it('dates the curve under its first and last days that fit and the one midway', async () => {
    await renderInApp(chart('us'));
    await waitFor(() => expect(fake.state.xTicks).not.toBeNull());
    // Three days over 300 px: centres at 50, 150 and 250 px.
    const wide = fake.state.xTicks!({ defaultTicks: [], bounding: { width: 300, height: 20 } });
    expect(wide.map((t) => [t.coord, t.text])).toEqual([
      [50, '11/13/2026'],
      [150, '11/16/2026'],
      [250, '11/17/2026'],
    ]);
    // At 120 px the first and last dates would run past the edges: only the middle one is kept.
    const narrow = fake.state.xTicks!({ defaultTicks: [], bounding: { width: 120, height: 20 } });
    expect(narrow.map((t) => t.text)).toEqual(['11/16/2026']);
  });

  it('moves the outer dates inwards to the first and last days whose date fits', () => {
    // 100 days over 300 px (3 px each); a date is 60 px wide, so its centre must be 30 px in.
    const texts = Array.from({ length: 100 }, (_, i) => `day ${String(i).padStart(6, '0')}`);
    const ticks = dateTicks(
      texts,
      texts.map((_, i) => i),
      300,
      (text) => text.length * 6,
    );
    expect(ticks.map((t) => t.value)).toEqual([10, 50, 89]);
  });

  it('describes the day the reader touches in the legend', async () => {
    await renderInApp(chart('us'));
    await waitFor(() => expect(fake.state.crosshair).not.toBeNull());
    act(() => fake.state.crosshair!({ x: 150 }));
    expect(screen.getByTestId('copy-chart-day')).toHaveTextContent('11/16/2026');
    expect(screen.getByTestId('copy-chart-legend')).toHaveTextContent('Equity curve ¥99,000,000');
    expect(screen.getByTestId('copy-chart-legend')).toHaveTextContent('Drawdown -1.00%');
  });
});
