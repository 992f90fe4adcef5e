import type { Currency } from '@kabuto/contract';

/**
 * One leg of a double-entry transaction (SPEC §0.2). Positive amounts are debits to the account,
 * negative amounts credits; a transaction's legs sum to zero in every currency.
 */
export type Posting = { account: string; currency: Currency; amountMinor: number };

export class UnbalancedPostingsError extends Error {
  override name = 'UnbalancedPostingsError';
}

/** Why `postings` is not a valid transaction, or null when it is. */
export function postingsProblem(postings: readonly Posting[]): string | null {
  const sums = new Map<Currency, bigint>();
  for (const [index, posting] of postings.entries()) {
    if (!posting.account) return `posting ${index} has no account`;
    if (!Number.isSafeInteger(posting.amountMinor)) {
      return `posting ${index} (${posting.account}) amount is not a safe integer: ${posting.amountMinor}`;
    }
    if (posting.amountMinor === 0) return `posting ${index} (${posting.account}) moves nothing`;
    // BigInt: a sum of safe integers can leave the safe range even when the result is zero.
    sums.set(posting.currency, (sums.get(posting.currency) ?? 0n) + BigInt(posting.amountMinor));
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) return `postings in ${currency} sum to ${sum}, not zero`;
  }
  return null;
}

/**
 * True when every amount is a safe non-zero integer and the amounts sum to zero per currency.
 * An empty list is balanced: it moves nothing.
 */
export function isBalanced(postings: readonly Posting[]): boolean {
  return postingsProblem(postings) === null;
}

/** Throws UnbalancedPostingsError unless `postings` form a balanced transaction. */
export function assertBalanced(postings: readonly Posting[]): void {
  const problem = postingsProblem(postings);
  if (problem) throw new UnbalancedPostingsError(problem);
}
