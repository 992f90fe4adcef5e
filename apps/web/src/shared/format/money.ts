import { type Currency, formatMoney, type Language, MARKET_CURRENCY, type Market } from '@kabuto/contract';

export { formatMoney };

/** Money of a market in its own currency (SPEC §1: each market trades in its own currency). */
export function formatMarketMoney(
  value: string | number | null | undefined,
  market: Market,
  language: Language,
  options: { sign?: boolean } = {},
): string {
  return formatMoney(value, MARKET_CURRENCY[market], language, options);
}

const CURRENCY_SYMBOL: Partial<Record<Currency, string>> = { JPY: '¥', CNY: '¥', USD: '$' };

/** Money with its currency marker: "$1,234.50", "¥30,000"; other currencies get their code. */
export function formatMoneyWithSymbol(
  value: string | number | null | undefined,
  currency: Currency,
  language: Language,
  options: { sign?: boolean } = {},
): string {
  const text = formatMoney(value, currency, language, options);
  const symbol = CURRENCY_SYMBOL[currency];
  if (!symbol) return `${text} ${currency}`;
  // Keep the sign in front of the symbol: "-¥500", "+$1.00".
  const signed = /^[+-]/.exec(text);
  return signed ? `${signed[0]}${symbol}${text.slice(1)}` : `${symbol}${text}`;
}
