import { PRICE_DECIMALS, type QuoteView } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '../../../shared/format/compact';
import { formatPrice, trendOf } from '../../../shared/format/price';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import type { Flash } from '../../../shared/realtime';
import { useQuoteStreamStatus } from '../../../shared/realtime';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';
import { PriceText, TrendText } from '../../../shared/ui/trend-text';

/** The quote of a stock (SPEC §4 Stock): price, change, day range, volume, turnover, limits. */
export function QuotePanel({ quote }: { quote: QuoteView & { flash: Flash } }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const status = useQuoteStreamStatus();
  const decimals = PRICE_DECIMALS[quote.market];
  const trend = trendOf(quote.change);
  const price = (value: string | null) =>
    value === null ? t('quote.noLimit') : formatPrice(value, decimals, language);
  const figures: Array<[string, string, string]> = [
    ['open', t('quote.open'), price(quote.open)],
    ['previousClose', t('quote.previousClose'), price(quote.previousClose)],
    ['high', t('quote.high'), price(quote.high)],
    ['low', t('quote.low'), price(quote.low)],
    ['volume', t('quote.volume'), formatCompact(quote.volume, language)],
    ['turnover', t('quote.turnover'), formatCompact(quote.turnover, language)],
    ['limitUp', t('quote.limitUp'), price(quote.limitUp)],
    ['limitDown', t('quote.limitDown'), price(quote.limitDown)],
  ];
  return (
    <section className="kb-section kb-mk-quote" aria-label={t('quote.price')} data-testid="quote-panel">
      <div className="kb-mk-quote__top">
        <div
          className={`kb-mk-quote__price ${quote.flash ? `kb-flash-${quote.flash}` : ''}`}
          data-testid="quote-price"
        >
          <PriceText value={quote.price} decimals={decimals} trend={trend} />
        </div>
        <div className="kb-mk-quote__change">
          <TrendText value={quote.change} decimals={decimals} />
          <TrendText value={quote.changePercent} percent arrow={false} />
        </div>
        <SimulatedBadge className="kb-mk-quote__badge" />
      </div>
      <p className="kb-mk-quote__status kb-muted">
        <span className={`kb-mk-live kb-mk-live--${status === 'open' ? 'on' : 'off'}`}>
          {status === 'open' ? t('quote.live') : t('quote.delayed')}
        </span>
        <span className="kb-num">
          {t('quote.updated', { time: formatWhen(quote.time, language, quote.market) })}
        </span>
      </p>
      <dl className="kb-mk-quote__grid">
        {figures.map(([key, label, value]) => (
          <div key={key} className="kb-mk-quote__cell" data-field={key}>
            <dt>{label}</dt>
            <dd className="kb-num">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
