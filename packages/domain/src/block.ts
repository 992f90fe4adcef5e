/**
 * Block trades (SPEC §6.5): a product's state follows its application window, and an application
 * is checked against the minimum lots and what is left of the quota.
 */
export type BlockProductState = 'upcoming' | 'open' | 'closed';

/** Upcoming before the window opens, open inside [startsAt, endsAt), closed from endsAt on. */
export function blockProductState(startsAtMs: number, endsAtMs: number, nowMs: number): BlockProductState {
  if (nowMs < startsAtMs) return 'upcoming';
  if (nowMs < endsAtMs) return 'open';
  return 'closed';
}

export type BlockRefusal = 'quantity_invalid' | 'amount_below_min' | 'block_closed' | 'quota_insufficient';

/**
 * Why an application of `lots` may not be taken now, or null. Checked in this order: a whole
 * positive number of lots, the minimum, the window, the remaining quota.
 */
export function blockApplicationRefusal(input: {
  lots: number;
  minLots: number;
  remainingLots: number;
  state: BlockProductState;
}): BlockRefusal | null {
  if (!Number.isSafeInteger(input.lots) || input.lots <= 0) return 'quantity_invalid';
  if (input.lots < input.minLots) return 'amount_below_min';
  if (input.state !== 'open') return 'block_closed';
  if (input.lots > input.remainingLots) return 'quota_insufficient';
  return null;
}
