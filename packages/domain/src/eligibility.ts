/**
 * Pure eligibility rules for money operations (SPEC §6.4). The server reads the facts (inside the
 * transaction that acts on them) and asks these; each answers the first published refusal that
 * applies, or null.
 */

export type AmountRefusal =
  | { key: 'amount_below_min'; min: number }
  | { key: 'amount_above_max'; max: number };

/** An amount against a product's or channel's limits, in minor units (inclusive). */
export function amountRefusal(amountMinor: number, minMinor: number, maxMinor: number): AmountRefusal | null {
  if (amountMinor < minMinor) return { key: 'amount_below_min', min: minMinor };
  if (amountMinor > maxMinor) return { key: 'amount_above_max', max: maxMinor };
  return null;
}

export interface WithdrawalAccountFacts {
  /** A withdrawal of the user's is waiting for review. */
  pendingWithdrawal: boolean;
  /** Positions pending, holding or closing. */
  openPositions: number;
  /** Config `withdrawWithOpenPositions` (SPEC §6.4; default false). */
  allowOpenPositions: boolean;
  /** Currencies in which the user owes a loan. */
  owingCurrencies: readonly string[];
  availableMinor: number;
  amountMinor: number;
}

export type WithdrawalRefusal =
  | { key: 'pending_review' }
  | { key: 'close_positions_first'; positions: number }
  | { key: 'loan_unpaid'; currencies: readonly string[] }
  | { key: 'balance_insufficient' };

/**
 * SPEC §6.4: the account-state refusals of a withdrawal, in the order a user would resolve them.
 * A credit score is not among the facts: it never blocks a withdrawal (SPEC §0.3).
 */
export function withdrawalRefusal(facts: WithdrawalAccountFacts): WithdrawalRefusal | null {
  if (facts.pendingWithdrawal) return { key: 'pending_review' };
  if (!facts.allowOpenPositions && facts.openPositions > 0)
    return { key: 'close_positions_first', positions: facts.openPositions };
  if (facts.owingCurrencies.length > 0) return { key: 'loan_unpaid', currencies: facts.owingCurrencies };
  if (facts.availableMinor < facts.amountMinor) return { key: 'balance_insufficient' };
  return null;
}
