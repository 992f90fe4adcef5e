import { PRICE_DECIMALS, type QuoteView } from '@kabuto/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { trendOf } from '../../../shared/format/price';
import { mergeLive, useLiveQuote } from '../../../shared/realtime';
import { PriceText, TrendText } from '../../../shared/ui/trend-text';

/**
 * One stock in a list: name, code and market on the left; the live price and the day's change
 * on the right. The price flashes when it moves (SPEC §12); the row carries the flash state.
 */
export function StockRow({
  quote,
  onOpen,
  leading,
  trailing,
  live = true,
}: {
  quote: QuoteView;
  onOpen?: () => void;
  leading?: ReactNode;
  /** Replaces the price column (edit mode). */
  trailing?: ReactNode;
  live?: boolean;
}) {
  const { t } = useTranslation('common');
  const tick = useLiveQuote(live ? quote.code : null);
  const q = mergeLive(quote, tick);
  const decimals = PRICE_DECIMALS[quote.market];
  const body = (
    <>
      <span className="kb-mk-row__who">
        <span className="kb-mk-row__name">{q.name}</span>
        <span className="kb-mk-row__meta">
          <span className="kb-num">{q.code}</span>
          <span className={`kb-mk-market kb-mk-market--${q.market}`}>{t(`markets.${q.market}`)}</span>
        </span>
      </span>
      {!trailing && (
        <span className="kb-mk-row__figures">
          <PriceText
            className="kb-mk-row__price"
            value={q.price}
            decimals={decimals}
            trend={trendOf(q.change)}
          />
          <TrendText className="kb-mk-row__change" value={q.changePercent} percent />
        </span>
      )}
    </>
  );
  return (
    <li
      className="kb-mk-row"
      data-testid="stock-row"
      data-flash={q.flash ?? undefined}
      data-code={q.code}
      data-price={q.price}
    >
      {leading}
      {onOpen ? (
        <button type="button" className="kb-mk-row__main" onClick={onOpen}>
          {body}
        </button>
      ) : (
        <div className="kb-mk-row__main">{body}</div>
      )}
      {trailing}
    </li>
  );
}

export function StockList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="kb-mk-list" aria-label={label}>
      {children}
    </ul>
  );
}
