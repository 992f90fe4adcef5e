import { useEffect, useRef } from 'react';
import {
  formatPercent,
  formatPrice,
  formatSigned,
  TREND_ARROW,
  type Trend,
  toDecimal,
  trendOf,
} from '../format/price';
import { useLanguage } from '../i18n/setup';

/**
 * A signed change coloured by the reader's convention with an arrow (SPEC §12: never colour
 * alone). Colours come from CSS variables set for the language and the user's setting.
 */
export function TrendText({
  value,
  percent = false,
  decimals = 2,
  arrow = true,
  className,
}: {
  value: string | number | null | undefined;
  percent?: boolean;
  decimals?: number;
  arrow?: boolean;
  className?: string;
}) {
  const language = useLanguage();
  const trend = trendOf(value);
  const text = percent ? formatPercent(value, language, decimals) : formatSigned(value, decimals, language);
  return (
    <span className={`kb-num kb-trend-${trend} ${className ?? ''}`}>
      {arrow && TREND_ARROW[trend] && (
        <span className="kb-trend-arrow" aria-hidden="true">
          {TREND_ARROW[trend]}
        </span>
      )}
      {text}
    </span>
  );
}

/** How long a changed price stays highlighted (SPEC §12: "a changed price flashes briefly"). */
export const PRICE_FLASH_MS = 700;

/** A price in the colour of its day change; flashes when the value changes. */
export function PriceText({
  value,
  decimals,
  trend,
  className,
}: {
  value: string | number | null | undefined;
  decimals: number;
  /** Colour source, usually the day change; defaults to neutral. */
  trend?: Trend;
  className?: string;
}) {
  const language = useLanguage();
  const previous = useRef(value);
  const element = useRef<HTMLSpanElement>(null);

  // The flash is a class put on and taken off the element: a tick redraws the price once, not
  // again when its flash starts and ends.
  useEffect(() => {
    const before = toDecimal(previous.current);
    const now = toDecimal(value);
    previous.current = value;
    const node = element.current;
    if (!node || !before || !now || before.equals(now)) return;
    const flash = `kb-flash-${now.greaterThan(before) ? 'up' : 'down'}`;
    node.classList.add(flash);
    const timer = setTimeout(() => node.classList.remove(flash), PRICE_FLASH_MS);
    return () => {
      clearTimeout(timer);
      node.classList.remove(flash);
    };
  }, [value]);

  return (
    <span ref={element} className={`kb-num kb-trend-${trend ?? 'flat'} ${className ?? ''}`}>
      {formatPrice(value, decimals, language)}
    </span>
  );
}
