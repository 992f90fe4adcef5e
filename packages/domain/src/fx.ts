import type { Currency, Decimal } from '@kabuto/contract';
import { RuleViolation } from './errors';
import {
  assertNonNegativeInteger,
  D,
  fromMinorUnits,
  positiveDecimal,
  ROUND_DOWN,
  toMinorUnits,
} from './numeric';

const BPS_PER_UNIT = 10_000;

/**
 * SPEC §6.4 exchange: the customer gets the market rate less the spread, and the result is rounded
 * down to the target currency's minor unit, so a conversion never creates money. `rate` is units of
 * `to` per one unit of `from`.
 */
export function convertMinor({
  amountMinor,
  from,
  to,
  rate,
  spreadBps,
}: {
  amountMinor: number;
  from: Currency;
  to: Currency;
  rate: Decimal.Value;
  spreadBps: number;
}): { toMinor: number; appliedRate: string } {
  if (from === to) throw new RuleViolation('same_currency', `cannot exchange ${from} for itself`);
  assertNonNegativeInteger(amountMinor, 'amount');
  const spread = new D(spreadBps);
  if (!spread.isFinite() || spread.isNegative() || spread.gte(BPS_PER_UNIT)) {
    throw new RangeError(`spread must be within 0..10000 bps, got ${spreadBps}`);
  }
  const applied = positiveDecimal(rate, 'rate').times(new D(1).minus(spread.dividedBy(BPS_PER_UNIT)));
  const toMinor = toMinorUnits(fromMinorUnits(amountMinor, from).times(applied), to, ROUND_DOWN);
  return { toMinor, appliedRate: applied.toFixed() };
}
