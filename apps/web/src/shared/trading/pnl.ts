import {
  type Currency,
  Decimal,
  decimalToMinor,
  MARKET_CURRENCY,
  type Market,
  minorToDecimal,
} from '@kabuto/contract';
import { notionalMinor, pnlMinor, settleClose } from '@kabuto/domain';

/**
 * A position valued at a live price, with the same rules the server uses (SPEC §6.3 P&L,
 * §0.4: an open position never shows a loss beyond its margin), so the figure a tick shows is
 * the one the server would answer.
 */

export interface ValuedPosition {
  market: Market;
  direction: 'long' | 'short';
  state: 'pending' | 'holding' | 'closing' | 'closed' | 'cancelled';
  quantity: number;
  openPrice: string | null;
  /** Decimal string in the market currency. */
  margin: string;
  /** The server's figures, used when there is no live price. */
  marketValue: string;
  pnl: string;
}

export interface LiveValue {
  /** Decimal strings in the market currency. */
  marketValue: string;
  pnl: string;
  /** True when computed from the live price rather than taken from the server's answer. */
  live: boolean;
}

const isPositivePrice = (price: string | null | undefined): price is string => {
  if (!price || !/^\d+(\.\d+)?$/.test(price.trim())) return false;
  return new Decimal(price).gt(0);
};

/** Market value and P&L of a position at `price`; pending and ended positions keep the server's. */
export function liveValueOf(position: ValuedPosition, price: string | null | undefined): LiveValue {
  const open = position.state === 'holding' || position.state === 'closing';
  if (!open || !isPositivePrice(price) || !isPositivePrice(position.openPrice))
    return { marketValue: position.marketValue, pnl: position.pnl, live: false };
  const currency: Currency = MARKET_CURRENCY[position.market];
  const pnl = pnlMinor(position.market, position.direction, position.openPrice, price, position.quantity);
  const capped = settleClose({ marginMinor: decimalToMinor(position.margin, currency), pnlMinor: pnl });
  return {
    marketValue: minorToDecimal(notionalMinor(position.market, price, position.quantity), currency),
    pnl: minorToDecimal(capped.userPnlMinor, currency),
    live: true,
  };
}

/** Sums decimal strings of one currency exactly (aggregates at the top of the list). */
export function sumMoney(values: readonly string[], currency: Currency): string {
  const minor = values.reduce((total, value) => total + decimalToMinor(value, currency), 0);
  return minorToDecimal(minor, currency);
}

/**
 * The list aggregates with live prices: the server's totals cover every open position (also those
 * on pages not loaded), so the live difference of the loaded rows is added to them.
 */
export function liveAggregate(
  serverTotal: string,
  rows: ReadonlyArray<{ server: string; live: string }>,
  currency: Currency,
): string {
  const delta = rows.reduce(
    (total, row) => total + decimalToMinor(row.live, currency) - decimalToMinor(row.server, currency),
    0,
  );
  return minorToDecimal(decimalToMinor(serverTotal, currency) + delta, currency);
}

/**
 * What a closed position earned (SPEC §4, §0.4): the price P&L the server realised (gross), the
 * opening and closing fees paid, and what is left after them (net). An order cancelled before
 * it filled paid nothing and earned nothing.
 */
export function closedResult(position: {
  state: string;
  realisedPnl: string | null;
  openFee: string;
  closeFee: string | null;
}): {
  gross: string;
  fees: string;
  net: string;
} {
  if (position.state === 'cancelled') return { gross: '0', fees: '0', net: '0' };
  const gross = new Decimal(position.realisedPnl ?? '0');
  const fees = new Decimal(position.openFee).plus(position.closeFee ?? '0');
  return { gross: gross.toFixed(), fees: fees.toFixed(), net: gross.minus(fees).toFixed() };
}
