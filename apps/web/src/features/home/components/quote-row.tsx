import { PRICE_DECIMALS, type QuoteView } from '@kabuto/contract';
import { memo } from 'react';
import { useNavigate } from 'react-router';
import { trendOf } from '../../../shared/format/price';
import type { LiveQuote } from '../../../shared/realtime';
import { mergeLive } from '../../../shared/realtime';
import { PriceText, TrendText } from '../../../shared/ui/trend-text';
import { stockPath } from '../lib/paths';

/** A popular stock on home: name and code, live price and change; flashes on a move (SPEC §12). */
export const QuoteRow = memo(function QuoteRow({
  quote,
  live,
}: {
  quote: QuoteView;
  live: LiveQuote | undefined;
}) {
  const navigate = useNavigate();
  const q = mergeLive(quote, live);
  return (
    <li
      className="kb-home-row"
      data-testid="home-stock"
      data-flash={q.flash ?? undefined}
      data-code={q.code}
      data-price={q.price}
    >
      <button type="button" className="kb-home-row__main" onClick={() => navigate(stockPath(q.code))}>
        <span className="kb-home-row__who">
          <span className="kb-home-row__name">{q.name}</span>
          <span className="kb-home-row__code kb-num">{q.code}</span>
        </span>
        <PriceText
          className="kb-home-row__price"
          value={q.price}
          decimals={PRICE_DECIMALS[q.market]}
          trend={trendOf(q.change)}
        />
        <TrendText className="kb-home-row__change" value={q.changePercent} percent />
      </button>
    </li>
  );
});
