import { Decimal } from '@kabuto/contract';
import { withdrawalBlockers } from '@kabuto/domain';

/** The published refusals of a withdrawal (SPEC §6.4) that the account summary already shows. */
export type WithdrawBlocker = 'pending_review' | 'close_positions_first' | 'loan_unpaid';

export interface WalletFigures {
  positionValue: string;
  frozenByPurpose: Record<string, string>;
  debt: string;
  currency?: string;
}

const positive = (value: string | undefined) => value !== undefined && new Decimal(value).greaterThan(0);

/**
 * Which refusals would answer a withdrawal now, from every wallet's figures, by the domain's rule
 * the server applies (`withdrawalBlockers`): money frozen for a withdrawal is one under review;
 * a position's value or money frozen for an order is an open position; a debt is a loan not repaid.
 */
export function withdrawBlockers(
  wallets: readonly WalletFigures[],
  options: { allowOpenPositions: boolean },
): WithdrawBlocker[] {
  return withdrawalBlockers({
    pendingWithdrawal: wallets.some((w) => positive(w.frozenByPurpose.withdrawal)),
    openPositions: wallets.filter((w) => positive(w.positionValue) || positive(w.frozenByPurpose.order))
      .length,
    allowOpenPositions: options.allowOpenPositions,
    owingCurrencies: wallets.filter((w) => positive(w.debt)).map((w, i) => w.currency ?? String(i)),
  }).map((refusal) => refusal.key);
}
