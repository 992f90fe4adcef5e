import { assertNonNegativeInteger } from './numeric';

/** SPEC §6.4: share of net assets that may be lent, by credit score (highest matching tier wins). */
export const CREDIT_SCORE_TIERS: ReadonlyArray<{ minScore: number; ratioPercent: number }> = [
  { minScore: 700, ratioPercent: 30 },
  { minScore: 600, ratioPercent: 20 },
  { minScore: 500, ratioPercent: 10 },
  { minScore: 0, ratioPercent: 0 },
];

export const CREDIT_SCORE_MIN = 0;
export const CREDIT_SCORE_MAX = 1000;

export type CreditEvent = 'on_time_repayment' | 'stop_out' | 'overdue';

/** SPEC §6.4 published events that move the credit score. */
export const CREDIT_SCORE_CHANGES: Record<CreditEvent, number> = {
  on_time_repayment: 10,
  stop_out: -20,
  overdue: -50,
};

export function creditRatioPercent(creditScore: number): number {
  return CREDIT_SCORE_TIERS.find((tier) => creditScore >= tier.minScore)?.ratioPercent ?? 0;
}

/** SPEC §6.4 loanable quota = min(cap, tier ratio × net assets), rounded down; never negative. */
export function loanableQuotaMinor({
  capMinor,
  creditScore,
  netAssetsMinor,
}: {
  capMinor: number;
  creditScore: number;
  netAssetsMinor: number;
}): number {
  assertNonNegativeInteger(capMinor, 'loan cap');
  if (!Number.isSafeInteger(netAssetsMinor))
    throw new RangeError(`net assets must be a safe integer: ${netAssetsMinor}`);
  if (netAssetsMinor <= 0) return 0;
  // BigInt keeps net assets × percent exact; the floored quotient is ≤ net assets, so it is safe.
  const byAssets = Number((BigInt(netAssetsMinor) * BigInt(creditRatioPercent(creditScore))) / 100n);
  return Math.min(capMinor, byAssets);
}

export function creditScoreAfter(score: number, event: CreditEvent): number {
  const next = score + CREDIT_SCORE_CHANGES[event];
  return Math.min(CREDIT_SCORE_MAX, Math.max(CREDIT_SCORE_MIN, next));
}
