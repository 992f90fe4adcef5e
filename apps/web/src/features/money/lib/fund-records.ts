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
