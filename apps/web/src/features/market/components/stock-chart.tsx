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
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../../shared/api';
import { applyTick, CHART_PERIOD, type ChartTick, toChartBars } from '../lib/chart-data';
import type { MainIndicator, SubIndicator } from '../lib/chart-options';

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
  labels: { failed: string; empty: string; retry: string };
}

interface Params {
  code: string;
  period: KlinePeriod;
  adjust: AdjustMode;
}

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** Colours from the app's theme and the reader's up/down convention (SPEC §12). */
function themeStyles(period: KlinePeriod): DeepPartial<Styles> {
  const up = cssVar('--kb-up', '#d9363e');
  const down = cssVar('--kb-down', '#0e9f6e');
  const text = cssVar('--kb-muted', '#6b7280');
  const grid = cssVar('--kb-border', '#e6e8ee');
  const primary = cssVar('--adm-color-primary', '#2a4bd7');
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
        high: { color: text },
        low: { color: text },
        last: { upColor: up, downColor: down, noChangeColor: text },
      },
      // The OHLC box shows only while the reader touches the chart; a phone has no room for it.
      tooltip: { showRule: 'follow_cross', title: { color: text }, legend: { color: text } },
    },
    indicator: {
      tooltip: { title: { color: text }, legend: { color: text } },
      bars: [{ upColor: up, downColor: down, noChangeColor: text }],
    },
    xAxis: { axisLine: { color: grid }, tickText: { color: text }, tickLine: { color: grid } },
    yAxis: { axisLine: { color: grid }, tickText: { color: text }, tickLine: { color: grid } },
    separator: { color: grid },
  };
}

async function fetchBars(params: Params, before: string | undefined) {
  const answer = await callApi(
    API.klineCall,
    { code: params.code, period: params.period, adjust: params.adjust, before, size: PAGE_SIZE },
    { loading: false, silent: 'all' },
  );
  return { bars: toChartBars(answer.bars), more: answer.more };
}

/**
 * The KLineChart of a stock (SPEC §6.2): nine periods, adjustment modes, a main and a sub
 * indicator, older bars loaded when the reader scrolls to the left edge, the live price on the
 * last bar. Loaded as its own chunk so the app starts without the chart library.
 */
export default function StockChart(props: StockChartProps) {
  const { code, market, period, adjust, main, sub, language, tick, labels } = props;
  const host = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Chart | null>(null);
  const params = useRef<Params>({ code, period, adjust });
  const generation = useRef(0);
  const barCallback = useRef<DataLoaderSubscribeBarParams['callback'] | null>(null);
  const [state, setState] = useState<ChartState>('loading');
  const [bars, setBars] = useState(0);

  // One chart per mount; data follows the parameters through the data loader.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const instance = init(element, {
      locale: LANGUAGE_LOCALE[language],
      timezone: MARKET_TIMEZONE[market],
      styles: themeStyles(params.current.period),
    });
    if (!instance) return;
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
            setState(page.bars.length > 0 ? 'ready' : 'empty');
            setBars(page.bars.length);
          } else {
            setBars((n) => n + page.bars.length);
          }
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
    instance.setSymbol({
      ticker: params.current.code,
      pricePrecision: PRICE_DECIMALS[market],
      volumePrecision: 0,
    });
    instance.setPeriod(CHART_PERIOD[params.current.period]);
    instance.setDataLoader(loader);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    setChart(instance);
    return () => {
      observer.disconnect();
      generation.current += 1;
      barCallback.current = null;
      setChart(null);
      dispose(element);
    };
  }, [market, language]);

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

  useEffect(() => {
    if (!chart) return;
    chart.removeIndicator({ paneId: MAIN_PANE });
    chart.createIndicator({ name: main, paneId: MAIN_PANE }, true);
  }, [chart, main]);

  useEffect(() => {
    if (!chart) return;
    chart.removeIndicator({ paneId: SUB_PANE });
    chart.createIndicator({ name: sub, paneId: SUB_PANE });
    chart.setPaneOptions({ id: SUB_PANE, height: 80 });
  }, [chart, sub]);

  useEffect(() => {
    const push = barCallback.current;
    if (!chart || !push || !tick || state !== 'ready') return;
    const list: KLineData[] = chart.getDataList();
    const last = list[list.length - 1];
    const next = applyTick(last, tick, params.current.period);
    if (next) push(next);
  }, [chart, tick, state]);

  return (
    <div
      className="kb-mk-chart"
      data-testid="stock-chart"
      data-state={state}
      data-period={period}
      data-adjust={adjust}
      data-bars={bars}
    >
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
  );
}
