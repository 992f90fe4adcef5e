import { type Currency, type ErrorKey, minorToDecimal, REVIEW_STATUS } from '@kabuto/contract';
import { amountRefusal, inFundWindow } from '@kabuto/domain';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import type { MarketService } from '../../market/types';
import type { FileService } from '../../storage/files';
import type { ReviewQueue } from '../reviews/port';
import type { OpenPositionsPort } from '../trading/port';
import type { FundRecordView } from '../users/port';
import type { ReviewState } from './tables';

/** What the money module's code works with: the platform and the ports it depends on. */
export interface MoneyContext extends AppContext {
  /** FX rates for exchanges. */
  market: MarketService;
  /** Deposit receipts. */
  files: FileService;
  reviewQueue: ReviewQueue;
  /** SPEC §6.4: withdrawals are refused while positions are open. */
  openPositions: OpenPositionsPort;
}

/** SPEC §6.4, §11: deposits on business days, withdrawals business days 09:00–15:30 Tokyo; `always` skips the window. */
export function assertFundWindow(ctx: AppContext, kind: 'deposit' | 'withdrawal'): void {
  if (ctx.config.fundHours === 'always') return;
  if (!inFundWindow(kind, ctx.clock.now())) throw new DomainError('outside_fund_hours', { window: kind });
}

export function assertWithin(
  amountMinor: number,
  minMinor: number,
  maxMinor: number,
  field = 'amount',
): void {
  const refusal = amountRefusal(amountMinor, minMinor, maxMinor);
  if (refusal?.key === 'amount_below_min') throw new DomainError(refusal.key, { field, min: refusal.min });
  if (refusal?.key === 'amount_above_max') throw new DomainError(refusal.key, { field, max: refusal.max });
}

export const reviewStatus = (state: ReviewState) => REVIEW_STATUS[state];

/**
 * Fails loudly when a call answers a refusal outside its published list (SPEC §0.3: withdrawal
 * is refused only for the published reasons). Checked outside production, where tests run.
 */
export async function onlyRefusals<T>(
  call: string,
  allowed: readonly ErrorKey[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof DomainError &&
      !allowed.includes(error.key) &&
      process.env.NODE_ENV !== 'production'
    ) {
      throw new Error(`${call} refused with "${error.key}", which is not in its published list of refusals`);
    }
    throw error;
  }
}

/** A page of a user's deposits or withdrawals as fund records (SPEC §0.2), newest first. */
export function businessFundRecords<
  Row extends { id: number; currency: string; order_no: string; state: ReviewState; created_at: Date },
>(
  rows: Array<Row & { balance_after_minor: number | null }>,
  total: { n: string },
  view: (
    row: Row,
    currency: Currency,
  ) => Pick<FundRecordView, 'kind' | 'amount' | 'frozenChange' | 'memo' | 'movements'>,
): { list: FundRecordView[]; total: number } {
  const list = rows.map((r): FundRecordView => {
    const currency = r.currency as Currency;
    return {
      id: r.id,
      orderNo: r.order_no,
      currency,
      ...view(r, currency),
      balanceAfter: r.balance_after_minor === null ? '-' : minorToDecimal(r.balance_after_minor, currency),
      state: r.state,
      createdAt: r.created_at.toISOString(),
    };
  });
  return { list, total: Number(total.n) };
}
