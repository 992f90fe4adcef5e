import { Decimal } from '@kabuto/contract';
import { closedResult } from '../../../shared/trading/pnl';
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
/**
 * SPEC §13.2: a holding position or a pending order (IFD / IFDOCO) takes a take-profit and
 * stop-loss; a day-trading position closes at the session's end anyway, a copy mirror follows
 * its leader.
 */
export const canSetTpSl = (position: Pick<Position, 'state' | 'source'>) =>
  (position.state === 'holding' || position.state === 'pending') &&
  position.source !== 'copy' &&
  position.source !== 'daytrade';

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

export { closedResult };

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
