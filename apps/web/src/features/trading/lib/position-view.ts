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
