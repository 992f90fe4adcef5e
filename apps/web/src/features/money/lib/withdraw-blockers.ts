import { Decimal } from '@kabuto/contract';

/** The published refusals of a withdrawal (SPEC §6.4) that the account summary already shows. */
export const WITHDRAW_BLOCKERS = ['pending_review', 'close_positions_first', 'loan_unpaid'] as const;
export type WithdrawBlocker = (typeof WITHDRAW_BLOCKERS)[number];

export interface WalletFigures {
  positionValue: string;
  frozenByPurpose: Record<string, string>;
  debt: string;
}

const positive = (value: string | undefined) => value !== undefined && new Decimal(value).greaterThan(0);

/**
 * Which refusals would answer a withdrawal now, in the order the server checks them, from every
 * wallet's figures: a withdrawal under review (money frozen for it), open positions or pending
 * orders (unless the operator allows withdrawing with them), a loan not repaid.
 */
export function withdrawBlockers(
  wallets: readonly WalletFigures[],
  options: { allowOpenPositions: boolean },
): WithdrawBlocker[] {
  const out: WithdrawBlocker[] = [];
  if (wallets.some((w) => positive(w.frozenByPurpose.withdrawal))) out.push('pending_review');
  if (
    !options.allowOpenPositions &&
    wallets.some((w) => positive(w.positionValue) || positive(w.frozenByPurpose.order))
  )
    out.push('close_positions_first');
  if (wallets.some((w) => positive(w.debt))) out.push('loan_unpaid');
  return out;
}
