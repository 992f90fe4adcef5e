import { describe, expect, it } from 'vitest';
import { hasBalance, recordKind, recordState, recordTab } from './fund-records';

describe('fund record labels', () => {
  it('names the ledger kinds of money and trading', () => {
    expect(recordKind('deposit')).toBe('deposit');
    expect(recordKind('withdrawal_freeze')).toBe('withdrawal_freeze');
    expect(recordKind('exchange')).toBe('exchange');
    expect(recordKind('stop_out')).toBe('stop_out');
  });

  it('labels kinds added later by their family instead of showing a raw code', () => {
    expect(recordKind('ipo_freeze')).toBe('ipo');
    expect(recordKind('block_apply')).toBe('block');
    expect(recordKind('loan_disburse')).toBe('loan');
    expect(recordKind('repayment')).toBe('repay');
    expect(recordKind('day_trade_settle')).toBe('day_trade');
    expect(recordKind('something_new')).toBe('other');
  });

  it('reads review and ledger states', () => {
    expect(recordState('done')).toBe('done');
    expect(recordState('pending')).toBe('pending');
    expect(recordState('rejected')).toBe('rejected');
    expect(recordState('weird')).toBe('other');
  });

  it('opens the transactions tab unless another is named', () => {
    expect(recordTab('deposits')).toBe('deposits');
    expect(recordTab('nonsense')).toBe('transactions');
    expect(recordTab(null)).toBe('transactions');
  });

  it('knows when a record has no balance yet', () => {
    expect(hasBalance('-')).toBe(false);
    expect(hasBalance('12000')).toBe(true);
    expect(hasBalance('-5.00')).toBe(true);
  });
});
