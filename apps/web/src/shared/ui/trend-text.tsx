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

/**
 * Prices flashing now and when each flash ends. One timer takes every ended flash off, instead of
 * a timer per price: a tick that moves twenty prices sets one timer, not twenty.
 */
const flashing = new Map<Element, { name: string; until: number }>();
let sweepTimer: ReturnType<typeof setTimeout> | null = null;

function sweepFlashes() {
  sweepTimer = null;
  const now = Date.now();
  let next = Number.POSITIVE_INFINITY;
  for (const [node, flash] of flashing) {
    if (flash.until <= now) {
      node.classList.remove(flash.name);
      flashing.delete(node);
    } else next = Math.min(next, flash.until);
  }
  if (next !== Number.POSITIVE_INFINITY) sweepTimer = setTimeout(sweepFlashes, next - now);
}

/** Puts the flash class `name` on `node` for PRICE_FLASH_MS. */
export function flashElement(node: Element, name: string): void {
  const before = flashing.get(node);
  if (before && before.name !== name) node.classList.remove(before.name);
  node.classList.add(name);
  flashing.set(node, { name, until: Date.now() + PRICE_FLASH_MS });
  sweepTimer ??= setTimeout(sweepFlashes, PRICE_FLASH_MS);
}

/** Takes a flash off at once (the price changed again, or left the screen). */
export function endFlash(node: Element): void {
  const flash = flashing.get(node);
  if (!flash) return;
  node.classList.remove(flash.name);
  flashing.delete(node);
}

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
    flashElement(node, `kb-flash-${now.greaterThan(before) ? 'up' : 'down'}`);
  }, [value]);
  // A price leaving the screen takes its flash along.
  useEffect(() => {
    const node = element.current;
    return () => {
      if (node) endFlash(node);
    };
  }, []);

  return (
    <span ref={element} className={`kb-num kb-trend-${trend ?? 'flat'} ${className ?? ''}`}>
      {formatPrice(value, decimals, language)}
    </span>
  );
}
