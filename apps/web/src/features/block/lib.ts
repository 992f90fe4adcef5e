import { Decimal } from '@kabuto/contract';

/** The block price against the market price, in percent with a sign ("-5.26%"), or null. */
export function discountPercent(price: string, marketPrice: string | null): string | null {
  if (!marketPrice) return null;
  const market = new Decimal(marketPrice);
  if (market.lte(0)) return null;
  const change = new Decimal(price).minus(market).dividedBy(market).times(100);
  return `${change.gt(0) ? '+' : ''}${change.toFixed(2)}%`;
}

/** Block price × lots in minor-free decimal text, or null for a lots text that is not a whole number. */
export function amountOf(price: string, lots: string): string | null {
  if (!/^\d{1,12}$/.test(lots)) return null;
  return new Decimal(price).times(lots).toFixed();
}
