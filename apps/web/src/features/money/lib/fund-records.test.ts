import { describe, expect, it } from 'vitest';
import { hasBalance, presentFundRecord, recordKind, recordState, recordTab } from './fund-records';

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

describe('fund record presenter', () => {
  const record = (over: Partial<Parameters<typeof presentFundRecord>[0]>) => ({
    kind: 'deposit',
    state: 'done',
    amount: '0',
    movements: [],
    ...over,
  });

  it('shows loan interest as a debt movement, not a zero change of cash', () => {
    const shown = presentFundRecord(
      record({ kind: 'loan_interest', movements: [{ account: 'debt', purpose: null, change: '50' }] }),
    );
    expect(shown.kind).toBe('interest');
    expect(shown.headline).toEqual({ moved: true, line: { account: 'debt', purpose: null, change: '50' } });
    expect(shown.others).toEqual([]);
  });

  it('names the frozen funds an IPO payment, a copy holding, a block trade or a position close took', () => {
    for (const [kind, purpose] of [
      ['ipo_allot', 'ipo'],
      ['copy_open', 'copy'],
      ['block_allot', 'block'],
      ['position_close', 'order'],
    ] as const) {
      const shown = presentFundRecord(
        record({ kind, movements: [{ account: 'frozen', purpose, change: '-220000' }] }),
      );
      expect(shown.headline).toEqual({
        moved: true,
        line: { account: 'frozen', purpose, change: '-220000' },
      });
    }
  });

  it('leads with cash and lists every other account the record moved', () => {
    const shown = presentFundRecord(
      record({
        kind: 'withdrawal_freeze',
        amount: '-50000',
        movements: [
          { account: 'available', purpose: null, change: '-50000' },
          { account: 'frozen', purpose: 'withdrawal', change: '50000' },
        ],
      }),
    );
    expect(shown.headline).toEqual({
      moved: true,
      line: { account: 'available', purpose: null, change: '-50000' },
    });
    expect(shown.others).toEqual([{ account: 'frozen', purpose: 'withdrawal', change: '50000' }]);
  });

  it('shows a rejected withdrawal or deposit as rejected, with no sign of money moving', () => {
    const withdrawal = presentFundRecord(record({ kind: 'withdrawal', state: 'rejected', amount: '-50000' }));
    expect(withdrawal.state).toBe('rejected');
    expect(withdrawal.headline).toEqual({ moved: false, amount: '50000' });
    const deposit = presentFundRecord(record({ kind: 'deposit', state: 'rejected', amount: '2000000' }));
    expect(deposit.headline).toEqual({ moved: false, amount: '2000000' });
  });

  it('shows a deposit still under review as asked, not as credited', () => {
    const shown = presentFundRecord(record({ kind: 'deposit', state: 'pending', amount: '2000000' }));
    expect(shown.headline).toEqual({ moved: false, amount: '2000000' });
  });

  it('reads an unknown frozen purpose as other rather than a raw code', () => {
    const shown = presentFundRecord(
      record({ movements: [{ account: 'frozen', purpose: 'mystery', change: '1' }] }),
    );
    expect(shown.headline).toMatchObject({ line: { purpose: 'other' } });
  });
});
