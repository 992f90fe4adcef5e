import {
  type AdjustMode,
  API,
  type KlinePeriod,
  LANGUAGE_LOCALE,
  type Language,
  MARKET_TIMEZONE,
  type Market,
  PRICE_DECIMALS,
} from '@kabuto/contract';
import {
  type Chart,
  type DataLoader,
  type DataLoaderSubscribeBarParams,
  type DeepPartial,
  dispose,
  init,
  type KLineData,
  registerLocale,
  type Styles,
} from 'klinecharts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '../../../shared/api';
import {
  axisStyles,
  chartTheme,
  measureTickText,
  onTouchedBar,
  readableTimeTicks,
  readableValueTicks,
} from '../../../shared/chart/axis';
import { formatWhen } from '../../../shared/format/time';
import { applyTick, CHART_PERIOD, type ChartTick, intradaySpanMs, toChartBars } from '../lib/chart-data';
import {
  chartBigNumber,
  formatFixed,
  type IndicatorLike,
  indicatorLegend,
  indicatorPrecision,
  type LegendItem,
  type MainIndicator,
  mainOverlays,
  type SubIndicator,
} from '../lib/chart-options';

// klinecharts ships Chinese and English only.
registerLocale('ja-JP', {
  time: '時間：',
  open: '始：',
  high: '高：',
  low: '安：',
  close: '終：',
  volume: '出来高：',
  turnover: '売買代金：',
  change: '騰落率：',
  second: '秒',
  minute: '分',
  hour: '時間',
  day: '日',
  week: '週',
  month: '月',
  year: '年',
});

const MAIN_PANE = 'candle_pane';
const SUB_PANE = 'kb_sub_pane';
const PAGE_SIZE = 300;

export type ChartState = 'loading' | 'ready' | 'empty' | 'error';

export interface StockChartProps {
  code: string;
  market: Market;
  period: KlinePeriod;
  adjust: AdjustMode;
  main: MainIndicator;
  sub: SubIndicator;
  language: Language;
  /** The live price, laid on the last bar. */
  tick?: ChartTick | null;
  labels: {
    failed: string;
    empty: string;
    retry: string;
    open: string;
    high: string;
    low: string;
    close: string;
    volume: string;
  };
}

interface Params {
  code: string;
  period: KlinePeriod;
  adjust: AdjustMode;
}

/**
 * Colours from the app's theme and the reader's up/down convention (SPEC §12), and the app's own
 * fonts: the library's default (Helvetica Neue) is on few phones, and the browser looked for it
 * and its fallbacks the first time the chart measured a label (a third of the chart's first task).
 */
export function themeStyles(period: KlinePeriod): DeepPartial<Styles> {
  const theme = chartTheme();
  const { family, up, down, text, grid, primary } = theme;
  return {
    grid: { horizontal: { color: grid }, vertical: { color: grid } },
    candle: {
      type: period === 'time' ? 'area' : 'candle_solid',
      bar: {
        upColor: up,
        downColor: down,
        noChangeColor: text,
        upBorderColor: up,
        downBorderColor: down,
        noChangeBorderColor: text,
        upWickColor: up,
        downWickColor: down,
        noChangeWickColor: text,
      },
      area: { lineColor: primary },
      priceMark: {
        high: { color: text, textFamily: family },
        low: { color: text, textFamily: family },
        last: { upColor: up, downColor: down, noChangeColor: text, text: { family } },
      },
      // The readout of the touched bar and the indicator values are the legend above the chart,
      // never text drawn over the candles.
      tooltip: { showRule: 'none' },
    },
    indicator: {
      tooltip: { showRule: 'none' },
      bars: [{ upColor: up, downColor: down, noChangeColor: text }],
      lastValueMark: { text: { family } },
    },
    ...axisStyles(theme),
    crosshair: { horizontal: { text: { family } }, vertical: { text: { family } } },
    overlay: { text: { family } },
    separator: { color: grid },
  };
}

async function fetchBars(params: Params, before: string | undefined) {
  const answer = await callApi(
    API.klineCall,
    { code: params.code, period: params.period, adjust: params.adjust, before, size: PAGE_SIZE },
    { loading: false, silent: 'all' },
  );
  return { bars: toChartBars(answer.bars), more: answer.more, liveFactor: answer.liveFactor };
}

/** A pane's value labels that its top or bottom edge would cut are left out. */
function keepValueTicksInside(instance: Chart, paneId: string): void {
  const textHeight = instance.getStyles().yAxis.tickText.size;
  instance.overrideYAxis({
    paneId,
    createTicks: ({ defaultTicks, bounding }) =>
      readableValueTicks(defaultTicks, bounding.height, textHeight),
  });
}

interface Legend {
  time: string;
  bar: LegendItem[];
  main: LegendItem[];
  sub: LegendItem[];
}

/**
 * The KLineChart of a stock (SPEC §6.2): nine periods, adjustment modes, a main and a sub
 * indicator, older bars loaded when the reader scrolls to the left edge, the live price on the
 * last bar. The values of the touched bar (or the newest) show in a legend above the plot, so no
 * text covers the candles. Loaded as its own chunk so the app starts without the chart library.
 */
export default function StockChart(props: StockChartProps) {
  const { code, market, period, adjust, main, sub, language, tick, labels } = props;
  const host = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Chart | null>(null);
  const params = useRef<Params>({ code, period, adjust });
  const generation = useRef(0);
  /** The newest day's adjustment in the loaded bars' mode: live prices are drawn times it. */
  const liveFactor = useRef('1');
  const barCallback = useRef<DataLoaderSubscribeBarParams['callback'] | null>(null);
  const [state, setState] = useState<ChartState>('loading');
  const [bars, setBars] = useState(0);
  const [legend, setLegend] = useState<Legend | null>(null);
  /** Bar the legend describes: the touched one, or null for the newest. */
  const pointed = useRef<number | null>(null);
  const labelsRef = useRef(labels);
  labelsRef.current = labels;

  const decimals = PRICE_DECIMALS[market];

  const describe = useCallback(
    (instance: Chart) => {
      const list: KLineData[] = instance.getDataList();
      if (list.length === 0) {
        setLegend(null);
        return;
      }
      const index = Math.min(pointed.current ?? list.length - 1, list.length - 1);
      const bar = list[index]!;
      const l = labelsRef.current;
      const price = (v: number | undefined) => formatFixed(v, decimals, language);
      const intraday = intradaySpanMs(params.current.period) !== null;
      // The market's clock, labelled, for a bar with a time of day; its date alone otherwise.
      const time = formatWhen(new Date(bar.timestamp), language, market, intraday ? 'dateTime' : 'date');
      const items = (paneId: string) =>
        (instance.getIndicators({ paneId }) as unknown as IndicatorLike[]).flatMap((indicator) => {
          const digits = indicator.name === 'VOL' ? 0 : decimals;
          const big = chartBigNumber(language);
          return indicatorLegend(
            indicator,
            index,
            (v) =>
              indicator.name === 'VOL' ? (v === undefined ? '—' : big(v)) : formatFixed(v, digits, language),
            { volume: l.volume },
          );
        });
      setLegend({
        time,
        bar:
          params.current.period === 'time'
            ? [{ label: l.close, text: price(bar.close) }]
            : [
                { label: l.open, text: price(bar.open) },
                { label: l.high, text: price(bar.high) },
                { label: l.low, text: price(bar.low) },
                { label: l.close, text: price(bar.close) },
              ],
        main: items(MAIN_PANE),
        sub: items(SUB_PANE),
      });
    },
    [decimals, language, market],
  );
  const describeRef = useRef(describe);
  describeRef.current = describe;
  const live = useRef<Chart | null>(null);
  /** Indicators compute asynchronously: the legend is read once they have. */
  const describeSoon = useCallback((instance: Chart) => {
    setTimeout(() => {
      if (live.current === instance) describeRef.current(instance);
    }, 0);
  }, []);

  // One chart per mount; data follows the parameters through the data loader.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const instance = init(element, {
      locale: LANGUAGE_LOCALE[language],
      timezone: MARKET_TIMEZONE[market],
      styles: themeStyles(params.current.period),
      formatter: { formatBigNumber: chartBigNumber(language) },
    });
    if (!instance) return;
    // The library makes its plot focusable with tabindex 1, which would put the chart ahead of
    // every other control in keyboard order: it keeps its place in the page's order instead.
    for (const node of element.querySelectorAll<HTMLElement>('[tabindex]'))
      if (node.tabIndex > 0) node.tabIndex = 0;
    const tickStyle = instance.getStyles().xAxis.tickText;
    const measure = measureTickText(tickStyle.size, tickStyle.family);
    instance.overrideXAxis({
      createTicks: ({ defaultTicks, bounding }) => {
        const list = instance.getDataList();
        const last = list[list.length - 1];
        return readableTimeTicks(defaultTicks, last ? last.timestamp : null, bounding.width, measure);
      },
    });
    keepValueTicksInside(instance, MAIN_PANE);
    const refresh = () => describeSoon(instance);
    const loader: DataLoader = {
      getBars: async ({ type, timestamp, callback }) => {
        const current = params.current;
        if (type === 'backward') {
          // The last bar is the newest there is; live prices arrive through subscribeBar.
          callback([], { backward: false });
          return;
        }
        const mine = type === 'init' ? ++generation.current : generation.current;
        if (type === 'init') setState('loading');
        try {
          const before = type === 'forward' && timestamp ? new Date(timestamp).toISOString() : undefined;
          const page = await fetchBars(current, before);
          if (mine !== generation.current) return;
          callback(page.bars, { forward: page.more, backward: false });
          if (type === 'init') {
            liveFactor.current = page.liveFactor;
            pointed.current = null;
            setState(page.bars.length > 0 ? 'ready' : 'empty');
            setBars(page.bars.length);
          } else {
            setBars((n) => n + page.bars.length);
          }
          refresh();
        } catch {
          if (mine !== generation.current) return;
          callback([], false);
          if (type === 'init') setState('error');
        }
      },
      subscribeBar: ({ callback }) => {
        barCallback.current = callback;
      },
      unsubscribeBar: () => {
        barCallback.current = null;
      },
    };
    onTouchedBar(instance, MAIN_PANE, (index) => {
      pointed.current = index === null ? null : Math.max(0, index);
      refresh();
    });
    // A mouse leaving the plot takes the crosshair with it; a finger's crosshair stays after it lifts.
    const release = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      pointed.current = null;
      refresh();
    };
    element.addEventListener('pointerleave', release);
    instance.setSymbol({
      ticker: params.current.code,
      pricePrecision: PRICE_DECIMALS[market],
      volumePrecision: 0,
    });
    instance.setPeriod(CHART_PERIOD[params.current.period]);
    instance.setDataLoader(loader);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    live.current = instance;
    setChart(instance);
    return () => {
      live.current = null;
      observer.disconnect();
      element.removeEventListener('pointerleave', release);
      generation.current += 1;
      barCallback.current = null;
      setChart(null);
      dispose(element);
    };
  }, [market, language, describeSoon]);

  // A new code, period or adjustment reloads the bars.
  useEffect(() => {
    const before = params.current;
    params.current = { code, period, adjust };
    if (!chart) return;
    if (before.code === code && before.period === period && before.adjust === adjust) return;
    chart.setStyles(themeStyles(period));
    if (before.code !== code)
      chart.setSymbol({ ticker: code, pricePrecision: PRICE_DECIMALS[market], volumePrecision: 0 });
    else if (before.period !== period) chart.setPeriod(CHART_PERIOD[period]);
    else chart.resetData();
  }, [chart, code, period, adjust, market]);

  // The main overlay follows the choice, except on the intraday line, which carries none.
  useEffect(() => {
    if (!chart) return;
    chart.removeIndicator({ paneId: MAIN_PANE });
    for (const name of mainOverlays(period, main))
      chart.createIndicator({ name, paneId: MAIN_PANE, precision: indicatorPrecision(name, market) }, true);
    describeSoon(chart);
  }, [chart, main, period, market, describeSoon]);

  useEffect(() => {
    if (!chart) return;
    chart.removeIndicator({ paneId: SUB_PANE });
    chart.createIndicator({ name: sub, paneId: SUB_PANE, precision: indicatorPrecision(sub, market) });
    chart.setPaneOptions({ id: SUB_PANE, height: 80 });
    keepValueTicksInside(chart, SUB_PANE);
    describeSoon(chart);
  }, [chart, sub, market, describeSoon]);

  useEffect(() => {
    const push = barCallback.current;
    if (!chart || !push || !tick || state !== 'ready') return;
    const list: KLineData[] = chart.getDataList();
    const last = list[list.length - 1];
    const next = applyTick(last, tick, params.current.period, { market, factor: liveFactor.current });
    if (next) {
      push(next);
      if (pointed.current === null) describeSoon(chart);
    }
  }, [chart, tick, state, market, describeSoon]);

  return (
    <div
      className="kb-mk-chart"
      data-testid="stock-chart"
      data-state={state}
      data-period={period}
      data-adjust={adjust}
      data-bars={bars}
    >
      <div className="kb-mk-chart__legend" data-testid="chart-legend" aria-live="off">
        {legend && (
          <>
            <p>
              <span className="kb-mk-chart__legend-time">{legend.time}</span>
              {legend.bar.map((item) => (
                <span key={item.label}>
                  {item.label} <b>{item.text}</b>
                </span>
              ))}
            </p>
            <p data-testid="chart-legend-main">
              {legend.main.map((item) => (
                <span key={item.label}>
                  {item.label} <b>{item.text}</b>
                </span>
              ))}
            </p>
            <p data-testid="chart-legend-sub">
              {legend.sub.map((item) => (
                <span key={item.label}>
                  {item.label} <b>{item.text}</b>
                </span>
              ))}
            </p>
          </>
        )}
      </div>
      <div className="kb-mk-chart__plot">
        <div ref={host} className="kb-mk-chart__canvas" />
        {(state === 'error' || state === 'empty') && (
          <div className="kb-mk-chart__overlay" role="status">
            <span>{state === 'error' ? labels.failed : labels.empty}</span>
            {state === 'error' && (
              <button
                type="button"
                className="kb-link-button"
                onClick={() => {
                  chart?.resetData();
                }}
              >
                {labels.retry}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
