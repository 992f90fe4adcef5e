import { Decimal } from '@kabuto/contract';
import type { Position } from './types';

/**
 * What a position shows (SPEC §4 position order, §5 states). Pure, so the rules are tested
 * apart from the screens.
 */

/** A pending order shows its limit; a filled one its open price. */
export function entryPriceOf(position: Pick<Position, 'state' | 'openPrice' | 'limitPrice'>): {
  kind: 'openPrice' | 'limitPrice';
  price: string | null;
} {
  if (position.state === 'pending' || (position.state === 'cancelled' && position.openPrice === null))
    return { kind: 'limitPrice', price: position.limitPrice };
  return { kind: 'openPrice', price: position.openPrice };
}

/** SPEC §5: only a pending order can be cancelled, only a holding position closed. */
export const canCancel = (position: Pick<Position, 'state'>) => position.state === 'pending';
export const canClose = (position: Pick<Position, 'state'>) => position.state === 'holding';

/** Open positions move with the price; pending, ended and cancelled ones do not. */
export const isLive = (position: Pick<Position, 'state'>) =>
  position.state === 'holding' || position.state === 'closing';

/** `/position/info?id=` → the id, or null for anything that is not a positive integer. */
export function parsePositionId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const POSITION_TABS = ['subscription', 'following', 'inProgress', 'terminated'] as const;
export type PositionTab = (typeof POSITION_TABS)[number];

/** The tab of `/position/index?tab=`; In progress when absent or unknown. */
export function parsePositionTab(value: string | null): PositionTab {
  return POSITION_TABS.find((tab) => tab === value) ?? 'inProgress';
}

/**
 * What a closed position earned (SPEC §4, §0.4): the price P&L the server realised (gross), the
 * opening and closing fees paid, and what is left after them (net). An order cancelled before
 * it filled paid nothing and earned nothing.
 */
export function closedResult(position: Pick<Position, 'state' | 'realisedPnl' | 'openFee' | 'closeFee'>): {
  gross: string;
  fees: string;
  net: string;
} {
  if (position.state === 'cancelled') return { gross: '0', fees: '0', net: '0' };
  const gross = new Decimal(position.realisedPnl ?? '0');
  const fees = new Decimal(position.openFee).plus(position.closeFee ?? '0');
  return { gross: gross.toFixed(), fees: fees.toFixed(), net: gross.minus(fees).toFixed() };
}

/** The net P&L of closed positions: their gross total less every fee they paid. */
export function netOfFees(
  grossTotal: string,
  positions: readonly Parameters<typeof closedResult>[0][],
): {
  fees: string;
  net: string;
} {
  const fees = positions.reduce((sum, p) => sum.plus(closedResult(p).fees), new Decimal(0));
  return { fees: fees.toFixed(), net: new Decimal(grossTotal).minus(fees).toFixed() };
}

/** The state a position is labelled with: a limit order that reached its expiry reads "expired". */
export function shownState(position: Pick<Position, 'state' | 'closeReason'>): Position['state'] | 'expired' {
  return position.state === 'cancelled' && position.closeReason === 'expired' ? 'expired' : position.state;
}
