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

export type AccountRefusal = Exclude<WithdrawalRefusal, { key: 'balance_insufficient' }>;

/**
 * SPEC §6.4: every account-state refusal a withdrawal would meet now, in the order a user would
 * resolve them (a withdrawal under review, open positions, a loan not repaid). The investor app
 * lists them before the form is filled in; the server answers the first.
 * A credit score is not among the facts: it never blocks a withdrawal (SPEC §0.3).
 */
export function withdrawalBlockers(
  facts: Omit<WithdrawalAccountFacts, 'availableMinor' | 'amountMinor'>,
): AccountRefusal[] {
  const out: AccountRefusal[] = [];
  if (facts.pendingWithdrawal) out.push({ key: 'pending_review' });
  if (!facts.allowOpenPositions && facts.openPositions > 0)
    out.push({ key: 'close_positions_first', positions: facts.openPositions });
  if (facts.owingCurrencies.length > 0) out.push({ key: 'loan_unpaid', currencies: facts.owingCurrencies });
  return out;
}

/** SPEC §6.4: the first refusal of a withdrawal of `amountMinor`: the account's, then the balance. */
export function withdrawalRefusal(facts: WithdrawalAccountFacts): WithdrawalRefusal | null {
  const [first] = withdrawalBlockers(facts);
  if (first) return first;
  if (facts.availableMinor < facts.amountMinor) return { key: 'balance_insufficient' };
  return null;
}
