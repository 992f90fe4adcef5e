import {
  ADJUST_MODES,
  type AdjustMode,
  KLINE_PERIODS,
  type KlinePeriod,
  type Market,
} from '@kabuto/contract';
import { Skeleton } from 'antd-mobile';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/setup';
import type { LiveQuote } from '../../../shared/realtime';
import { useYearBars } from '../api/market';
import {
  DEFAULT_ADJUST,
  MAIN_INDICATORS,
  type MainIndicator,
  MIN_YEAR_BARS,
  mainOverlays,
  offeredPeriods,
  SUB_INDICATORS,
  type SubIndicator,
} from '../lib/chart-options';

// SPEC §12 and the bundle budget: the chart library loads only when a chart is shown.
const StockChart = lazy(() => import('./stock-chart'));

function Choice<T extends string>({
  label,
  options,
  value,
  onChange,
  name,
  render,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  name: string;
  render: (value: T) => string;
}) {
  return (
    // Toggle buttons rather than radio inputs: each is a 36 px touch target. The periods wrap onto a
    // second line on a narrow phone rather than hide Week and Month off-screen.
    <fieldset
      className={`kb-mk-choice ${name === 'period' ? 'kb-mk-choice--wrap' : ''}`}
      aria-label={label}
      data-testid={`chart-${name}`}
    >
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          data-value={option}
          className={`kb-mk-choice__item ${option === value ? 'kb-mk-choice__item--on' : ''}`}
          onClick={() => onChange(option)}
        >
          {render(option)}
        </button>
      ))}
    </fieldset>
  );
}

/** Chart with its period, indicator and adjustment controls (SPEC §2 /quotes/info, §6.2). */
export function ChartPanel({ code, market, live }: { code: string; market: Market; live?: LiveQuote }) {
  const { t } = useTranslation('market');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const [period, setPeriod] = useState<KlinePeriod>('day');
  const [adjust, setAdjust] = useState<AdjustMode>(DEFAULT_ADJUST);
  // The year period is offered only when the history holds enough years to draw.
  const years = useYearBars(code, MIN_YEAR_BARS);
  const periods = offeredPeriods(KLINE_PERIODS, years.data ?? null);
  const shown = periods.includes(period) ? period : 'day';
  const [main, setMain] = useState<MainIndicator>('MA');
  const [sub, setSub] = useState<SubIndicator>('VOL');
  // A new tick object only for a new tick: the chart redraws its last bar then, not on every render.
  const price = live?.price;
  const time = live?.time;
  const volume = live?.volume;
  const tick = useMemo(
    () =>
      price !== undefined && time !== undefined && volume !== undefined ? { price, time, volume } : null,
    [price, time, volume],
  );
  return (
    <section className="kb-section kb-mk-chart-panel" aria-label={t('chart.title')}>
      <Choice
        name="period"
        label={t('chart.period')}
        options={periods}
        value={shown}
        onChange={setPeriod}
        render={(p) => t(`chart.periods.${p}`)}
      />
      <Suspense fallback={<Skeleton animated className="kb-mk-chart kb-mk-chart--skeleton" />}>
        <StockChart
          code={code}
          market={market}
          period={shown}
          adjust={adjust}
          main={main}
          sub={sub}
          language={language}
          tick={tick}
          labels={{
            failed: t('chart.failed'),
            empty: t('chart.empty'),
            retry: tc('actions.retry'),
            open: t('chart.open'),
            high: t('chart.high'),
            low: t('chart.low'),
            close: t('chart.close'),
            volume: t('quote.volume'),
          }}
        />
      </Suspense>
      <div className="kb-mk-chart-controls">
        {/* The intraday line carries no overlay, so there is nothing to choose there. */}
        {mainOverlays(shown, main).length > 0 && (
          <>
            <span className="kb-mk-chart-controls__label">{t('chart.main')}</span>
            <Choice
              name="main"
              label={t('chart.main')}
              options={MAIN_INDICATORS}
              value={main}
              onChange={setMain}
              render={(v) => v}
            />
          </>
        )}
        <span className="kb-mk-chart-controls__label">{t('chart.sub')}</span>
        <Choice
          name="sub"
          label={t('chart.sub')}
          options={SUB_INDICATORS}
          value={sub}
          onChange={setSub}
          render={(v) => v}
        />
        <span className="kb-mk-chart-controls__label">{t('chart.adjust')}</span>
        <Choice
          name="adjust"
          label={t('chart.adjust')}
          options={ADJUST_MODES}
          value={adjust}
          onChange={setAdjust}
          render={(a) => t(`chart.adjustModes.${a}`)}
        />
      </div>
    </section>
  );
}
