import { FROZEN_PURPOSES, type FrozenPurpose } from '@kabuto/contract';

/**
 * Labels of fund records (SPEC §0.2: every movement shows with its type). The server names a
 * record by its ledger transaction kind; kinds added later by other products still get a label
 * from their family (prefix), and anything unknown reads as "other" rather than a raw code.
 */
export const RECORD_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_freeze',
  'withdrawal_paid',
  'withdrawal_release',
  'exchange',
  'order_open',
  'order_fill',
  'order_cancel',
  'order_expire',
  'position_close',
  'stop_out',
  'ipo',
  'block',
  'copy',
  'day_trade',
  'loan',
  'repay',
  'interest',
  'adjustment',
  'other',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

const FAMILIES: ReadonlyArray<[prefix: string, kind: RecordKind]> = [
  ['loan_interest', 'interest'],
  ['loan_repay', 'repay'],
  ['withdraw', 'withdrawal'],
  ['deposit', 'deposit'],
  ['exchange', 'exchange'],
  ['fx', 'exchange'],
  ['stop', 'stop_out'],
  ['position', 'position_close'],
  ['order', 'order_fill'],
  ['ipo', 'ipo'],
  ['newstock', 'ipo'],
  ['new_share', 'ipo'],
  ['subscription', 'ipo'],
  ['block', 'block'],
  ['copy', 'copy'],
  ['follow', 'copy'],
  ['product', 'copy'],
  ['day', 'day_trade'],
  ['repay', 'repay'],
  ['loan', 'loan'],
  ['interest', 'interest'],
  ['adjust', 'adjustment'],
  ['correction', 'adjustment'],
];

export function recordKind(kind: string): RecordKind {
  const k = kind.trim().toLowerCase();
  if ((RECORD_KINDS as readonly string[]).includes(k)) return k as RecordKind;
  for (const [prefix, family] of FAMILIES) if (k.startsWith(prefix)) return family;
  return 'other';
}

export const RECORD_STATES = ['done', 'pending', 'approved', 'rejected', 'other'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

/** Review states (SPEC §5) and settled ledger entries; anything else reads as "other". */
export function recordState(state: string): RecordState {
  const s = state.trim().toLowerCase();
  if (s === 'done' || s === 'completed' || s === 'settled') return 'done';
  if (s === 'pending' || s === 'approved' || s === 'rejected') return s;
  return 'other';
}

/** The three tabs of /mine/transactionRecords, in the order they show. */
export const RECORD_TABS = ['transactions', 'deposits', 'withdrawals'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];

export function recordTab(value: string | null | undefined): RecordTab {
  return (RECORD_TABS as readonly string[]).includes(value ?? '') ? (value as RecordTab) : 'transactions';
}

/** Balance after a record; '-' (not yet booked, e.g. a deposit under review) has none. */
export function hasBalance(balanceAfter: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(balanceAfter.trim());
}

export interface FundLine {
  account: 'available' | 'frozen' | 'debt';
  /** For frozen funds: what they are frozen for (one of FROZEN_PURPOSES, else 'other'). */
  purpose: FrozenPurpose | 'other' | null;
  /** Signed change; for debt, positive when more is owed. */
  change: string;
}

export interface PresentedRecord {
  kind: RecordKind;
  state: RecordState;
  /**
   * The record's headline amount. `moved` lines are what the ledger moved: cash first, else the
   * first account it touched (a loan's interest: debt; an IPO payment: frozen funds). A record
   * that moved nothing (rejected, or still under review) shows the amount asked, unsigned.
   */
  headline: { moved: true; line: FundLine } | { moved: false; amount: string };
  /** Every further account the record moved. */
  others: FundLine[];
}

type RecordInput = {
  kind: string;
  state: string;
  amount: string;
  movements?: ReadonlyArray<{ account: FundLine['account']; purpose: string | null; change: string }>;
};

const unsigned = (amount: string) => amount.trim().replace(/^[+-]/, '');

/**
 * The one presenter of fund records (SPEC §0.2): each line says which of the user's accounts
 * the movement touched — cash, frozen funds (for what) or debt — from the ledger's own postings,
 * never a "¥0" change of cash; a rejected application shows as rejected with no movement.
 */
export function presentFundRecord(record: RecordInput): PresentedRecord {
  const kind = recordKind(record.kind);
  const state = recordState(record.state);
  const lines: FundLine[] = (record.movements ?? []).map((m) => ({
    account: m.account,
    purpose:
      m.account !== 'frozen'
        ? null
        : (FROZEN_PURPOSES as readonly string[]).includes(m.purpose ?? '')
          ? (m.purpose as FundLine['purpose'])
          : 'other',
    change: m.change,
  }));
  if (state === 'rejected' || lines.length === 0)
    return { kind, state, headline: { moved: false, amount: unsigned(record.amount) }, others: [] };
  const first = lines.find((l) => l.account === 'available') ?? lines[0]!;
  return { kind, state, headline: { moved: true, line: first }, others: lines.filter((l) => l !== first) };
}
