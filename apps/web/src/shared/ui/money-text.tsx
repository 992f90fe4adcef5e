import type { Currency } from '@kabuto/contract';
import { formatMoneyWithSymbol } from '../format/money';
import { TREND_ARROW, trendOf } from '../format/price';
import { useLanguage } from '../i18n/setup';

/**
 * An amount of money in its currency (SPEC §1). `signed` amounts (P&L, fund movements) carry a
 * sign, an arrow and the trend colour (SPEC §12).
 */
export function MoneyText({
  value,
  currency,
  signed = false,
  className,
}: {
  value: string | number | null | undefined;
  currency: Currency;
  signed?: boolean;
  className?: string;
}) {
  const language = useLanguage();
  const text = formatMoneyWithSymbol(value, currency, language, { sign: signed });
  if (!signed) return <span className={`kb-num ${className ?? ''}`}>{text}</span>;
  const trend = trendOf(value);
  return (
    <span className={`kb-num kb-trend-${trend} ${className ?? ''}`}>
      {TREND_ARROW[trend] && (
        <span className="kb-trend-arrow" aria-hidden="true">
          {TREND_ARROW[trend]}
        </span>
      )}
      {text}
    </span>
  );
}
