import { describe, expect, it } from 'vitest';
import { withdrawBlockers } from './withdraw-blockers';

const clear = { positionValue: '0', frozenByPurpose: {}, debt: '0' };

describe('refusals known before a withdrawal is filled in', () => {
  it('finds none for a clear account', () => {
    expect(withdrawBlockers([clear, clear], { allowOpenPositions: false })).toEqual([]);
  });

  it('finds a withdrawal under review in any wallet', () => {
    expect(
      withdrawBlockers([clear, { ...clear, frozenByPurpose: { withdrawal: '30000' } }], {
        allowOpenPositions: false,
      }),
    ).toEqual(['pending_review']);
  });

  it('finds open positions and pending orders, unless the operator allows withdrawing with them', () => {
    const holding = { ...clear, positionValue: '266500' };
    const pendingOrder = { ...clear, frozenByPurpose: { order: '26000.00' } };
    expect(withdrawBlockers([holding], { allowOpenPositions: false })).toEqual(['close_positions_first']);
    expect(withdrawBlockers([pendingOrder], { allowOpenPositions: false })).toEqual([
      'close_positions_first',
    ]);
    expect(withdrawBlockers([holding], { allowOpenPositions: true })).toEqual([]);
  });

  it('finds a loan not repaid, after the other refusals, in the order the server checks them', () => {
    expect(
      withdrawBlockers([{ positionValue: '1', frozenByPurpose: { withdrawal: '5' }, debt: '1000' }], {
        allowOpenPositions: false,
      }),
    ).toEqual(['pending_review', 'close_positions_first', 'loan_unpaid']);
  });
});
