import { LANGUAGE_LOCALE, type Language } from '@kabuto/contract';
import {
  type Chart,
  type DeepPartial,
  dispose,
  init,
  type KLineData,
  registerIndicator,
  type Styles,
} from 'klinecharts';
import { useEffect, useRef } from 'react';
import {
  axisStyles,
  chartTheme,
  measureTickText,
  onTouchedBar,
  readableValueTicks,
  spacedTicks,
} from '../../../shared/chart/axis';
import type { CurvePoint } from './curve';

const MAIN_PANE = 'candle_pane';
const DRAWDOWN_PANE = 'kb_drawdown_pane';
const DRAWDOWN = 'KB_DRAWDOWN';
const DAY_MS = 86_400_000;

/** The drawdown under the curve, in percent units, read from each day's own figure. */
registerIndicator<{ drawdown: number }>({
  name: DRAWDOWN,
  shortName: '',
  precision: 2,
  figures: [{ key: 'drawdown', title: '', type: 'line' }],
  calc: (list) => list.map((bar) => ({ drawdown: Number(bar.drawdown) * 100 })),
});

/** A curve's days as the chart's bars: one bar per day at UTC midnight, equity as every price. */
export function curveBars(points: readonly CurvePoint[]): KLineData[] {
  return points.map((p) => {
    const equity = Number(p.equity);
    return {
      timestamp: Date.parse(`${p.day}T00:00:00Z`),
      open: equity,
      high: equity,
      low: equity,
      close: equity,
      drawdown: p.drawdown,
    };
  });
}

/**
 * The dates under the plot, each at its bar's centre as fit() lays the bars out: the first and
 * the last day whose date fits inside the plot, and the one midway; a date that would run into
 * its neighbour is left out.
 */
export function dateTicks(
  texts: readonly string[],
  values: readonly number[],
  width: number,
  measure: (text: string) => number,
): Array<{ coord: number; value: number; text: string }> {
  const count = texts.length;
  const tick = (i: number) => ({ coord: ((i + 0.5) * width) / count, value: values[i]!, text: texts[i]! });
  const fits = (i: number) => {
    const { coord, text } = tick(i);
    return coord - measure(text) / 2 >= 0 && coord + measure(text) / 2 <= width;
  };
  let first = 0;
  while (first < count && !fits(first)) first++;
  let last = count - 1;
  while (last > first && !fits(last)) last--;
  if (first >= count) return [];
  return spacedTicks([...new Set([first, Math.round((first + last) / 2), last])].map(tick), measure);
}

/** A bar's timestamp back to the trading day it stands for. */
export function dayOf(timestamp: number): string {
  return new Date(Math.floor(timestamp / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

export interface EquityPlotProps {
  points: readonly CurvePoint[];
  language: Language;
  /** Equity on the value axis, short ("¥110.83M"). */
  formatAxisMoney: (value: number) => string;
  /** Drawdown in percent units (-1.5 → "-1.50%"). */
  formatPercentUnits: (value: number) => string;
  formatDay: (day: string) => string;
  /** The day the reader touches (its index), or null when the finger or mouse leaves. */
  onPoint: (index: number | null) => void;
}

function plotStyles(): DeepPartial<Styles> {
  const theme = chartTheme();
  const { family, grid, primary, danger } = theme;
  return {
    grid: { horizontal: { color: grid }, vertical: { show: false } },
    candle: {
      type: 'area',
      area: {
        lineColor: primary,
        lineSize: 1.5,
        backgroundColor: [
          { offset: 0, color: `color-mix(in srgb, ${primary} 4%, transparent)` },
          { offset: 1, color: `color-mix(in srgb, ${primary} 24%, transparent)` },
        ],
      },
      priceMark: { show: false },
      tooltip: { showRule: 'none' },
    },
    indicator: {
      lines: [{ color: danger, size: 1.5 }],
      lastValueMark: { show: false },
      tooltip: { showRule: 'none' },
    },
    ...axisStyles(theme),
    crosshair: {
      horizontal: { show: false },
      vertical: { text: { family } },
    },
    separator: { color: grid },
  };
}

/**
 * The equity curve (an area) over its drawdown (a line in a pane below), drawn with the same
 * chart library as the stock chart: a dated time axis, money and percent value axes in the
 * reader's language, and the touched day reported for the legend above. Every day of the curve is
 * in view; the plot neither scrolls nor zooms. Loaded as its own chunk with the library.
 */
export default function EquityPlot(props: EquityPlotProps) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const { points, language } = props;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const instance: Chart | null = init(element, {
      locale: LANGUAGE_LOCALE[language],
      timezone: 'UTC',
      styles: plotStyles(),
      formatter: { formatDate: ({ timestamp }) => latest.current.formatDay(dayOf(timestamp)) },
      layout: { barSpaceLimit: { min: 0.5, max: 2000 } },
    });
    if (!instance) return;
    for (const node of element.querySelectorAll<HTMLElement>('[tabindex]'))
      if (node.tabIndex > 0) node.tabIndex = 0;
    instance.setScrollEnabled(false);
    instance.setZoomEnabled(false);
    const bars = curveBars(points);
    const tickStyle = instance.getStyles().xAxis.tickText;
    const measure = measureTickText(tickStyle.size, tickStyle.family);
    const textHeight = instance.getStyles().yAxis.tickText.size;
    instance.overrideXAxis({
      createTicks: ({ bounding }) =>
        dateTicks(
          bars.map((bar) => latest.current.formatDay(dayOf(bar.timestamp))),
          bars.map((bar) => bar.timestamp),
          bounding.width,
          measure,
        ),
    });
    instance.overrideYAxis({
      paneId: MAIN_PANE,
      createTicks: ({ defaultTicks, bounding }) =>
        readableValueTicks(
          defaultTicks.map((tick) => ({ ...tick, text: latest.current.formatAxisMoney(Number(tick.value)) })),
          bounding.height,
          textHeight,
        ),
    });
    instance.createIndicator({ name: DRAWDOWN, paneId: DRAWDOWN_PANE });
    instance.setPaneOptions({ id: DRAWDOWN_PANE, height: 64 });
    instance.overrideYAxis({
      paneId: DRAWDOWN_PANE,
      createTicks: ({ defaultTicks, bounding }) =>
        readableValueTicks(
          defaultTicks.map((tick) => ({
            ...tick,
            text: latest.current.formatPercentUnits(Number(tick.value)),
          })),
          bounding.height,
          textHeight,
        ),
    });
    /** Every day in view: the bars share the plot's width, half a bar spare at the right. */
    const fit = () => {
      const width = instance.getSize(MAIN_PANE, 'main')?.width ?? element.clientWidth;
      const space = width / Math.max(bars.length, 1);
      instance.setBarSpace(space);
      instance.setOffsetRightDistance(space / 2);
    };
    onTouchedBar(instance, MAIN_PANE, (index) =>
      latest.current.onPoint(index === null ? null : Math.min(Math.max(index, 0), bars.length - 1)),
    );
    const release = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') latest.current.onPoint(null);
    };
    element.addEventListener('pointerleave', release);
    instance.setSymbol({ ticker: 'equity', pricePrecision: 2, volumePrecision: 0 });
    instance.setPeriod({ span: 1, type: 'day' });
    instance.setDataLoader({
      getBars: ({ type, callback }) => {
        callback(type === 'init' ? bars : [], { forward: false, backward: false });
        if (type === 'init') fit();
      },
    });
    const observer = new ResizeObserver(() => {
      instance.resize();
      fit();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      element.removeEventListener('pointerleave', release);
      dispose(element);
    };
  }, [points, language]);

  return <div ref={host} className="kb-copy-chart__canvas" data-testid="copy-equity-plot" />;
}
