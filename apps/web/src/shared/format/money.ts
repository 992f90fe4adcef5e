import {
  CURRENCY_DECIMALS,
  type Currency,
  Decimal,
  LANGUAGE_LOCALE,
  type Language,
  MARKET_CURRENCY,
  type Market,
  PRICE_DECIMALS,
} from '@kabuto/contract';
import { numberFormat } from './intl';
import { toDecimal } from './price';

/**
 * The one money formatter of the app (SPEC §1): the currency's decimals, the reader's grouping
 * and, with a currency marker, the reader's language's own currency display. Amounts are
 * formatted from their decimal string, never through a float. Empty, '-' or invalid input shows
 * as zero.
 */
function fixed(value: string | number | null | undefined, currency: Currency): string {
  const decimals = CURRENCY_DECIMALS[currency];
  return (toDecimal(value) ?? new Decimal(0))
    .toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP)
    .toFixed(decimals);
}

function digits(currency: Currency) {
  const decimals = CURRENCY_DECIMALS[currency];
  return { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
}

/** `value` in the currency's decimals, signed if asked, with the `style` options of the caller. */
function formatAmount(
  value: string | number | null | undefined,
  currency: Currency,
  language: Language,
  options: { sign?: boolean },
  style: Intl.NumberFormatOptions,
): string {
  return numberFormat(LANGUAGE_LOCALE[language], {
    ...style,
    ...digits(currency),
    signDisplay: options.sign ? 'exceptZero' : 'auto',
  }).format(fixed(value, currency) as Intl.StringNumericLiteral);
}

/** An amount without its currency (the currency shows beside it). */
export function formatMoney(
  value: string | number | null | undefined,
  currency: Currency,
  language: Language,
  options: { sign?: boolean } = {},
): string {
  return formatAmount(value, currency, language, options, {});
}

/** Money of a market in its own currency (SPEC §1: each market trades in its own currency). */
export function formatMarketMoney(
  value: string | number | null | undefined,
  market: Market,
  language: Language,
  options: { sign?: boolean } = {},
): string {
  return formatMoney(value, MARKET_CURRENCY[market], language, options);
}

const currencyDisplays = new Map<Language, 'symbol' | 'code'>();

function symbolOf(currency: Currency, language: Language): string {
  const parts = numberFormat(LANGUAGE_LOCALE[language], { style: 'currency', currency }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? currency;
}

/**
 * How a language marks currencies: its own symbols (Intl `symbol`: "JP¥"/"¥" in Chinese,
 * "¥"/"CN¥" in English, "￥"/"元" in Japanese), or the ISO code if its symbols ever drew yen
 * and yuan alike.
 */
export function currencyDisplay(language: Language): 'symbol' | 'code' {
  let display = currencyDisplays.get(language);
  if (!display) {
    display = symbolOf('JPY', language) === symbolOf('CNY', language) ? 'code' : 'symbol';
    currencyDisplays.set(language, display);
  }
  return display;
}

/** An amount with its currency marker in the reader's convention: "¥30,000", "CN¥88.00", "-US$5.00". */
export function formatMoneyWithSymbol(
  value: string | number | null | undefined,
  currency: Currency,
  language: Language,
  options: { sign?: boolean } = {},
): string {
  return formatAmount(value, currency, language, options, {
    style: 'currency',
    currency,
    currencyDisplay: currencyDisplay(language),
  });
}

/** The marker alone ("JP¥", "CN¥", "元"), for labels next to an amount field. */
export function currencyMarker(currency: Currency, language: Language): string {
  return currencyDisplay(language) === 'code' ? currency : symbolOf(currency, language);
}

/**
 * A price of a market with its currency marker and the market's price grid rather than the
 * currency's decimals ("¥2,700.0" for Tokyo, "US$25.50"), as order sentences say it.
 */
export function formatPriceWithSymbol(
  value: string | number | null | undefined,
  market: Market,
  language: Language,
): string {
  const decimals = PRICE_DECIMALS[market];
  return numberFormat(LANGUAGE_LOCALE[language], {
    style: 'currency',
    currency: MARKET_CURRENCY[market],
    currencyDisplay: currencyDisplay(language),
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(
    (toDecimal(value) ?? new Decimal(0))
      .toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP)
      .toFixed(decimals) as Intl.StringNumericLiteral,
  );
}
