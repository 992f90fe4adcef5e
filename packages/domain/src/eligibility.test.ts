import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountRefusal,
  type WithdrawalAccountFacts,
  withdrawalBlockers,
  withdrawalRefusal,
} from './eligibility';

const clear: WithdrawalAccountFacts = {
  pendingWithdrawal: false,
  openPositions: 0,
  allowOpenPositions: false,
  owingCurrencies: [],
  availableMinor: 100_000,
  amountMinor: 30_000,
};

/** The account facts a withdrawal refusal reads, for the properties. */
const ACCOUNT_FACTS = {
  pendingWithdrawal: fc.boolean(),
  openPositions: fc.nat(5),
  allowOpenPositions: fc.boolean(),
  owingCurrencies: fc.subarray(['JPY', 'USD', 'CNY']),
};

describe('amountRefusal', () => {
  it('accepts the limits themselves and refuses outside them', () => {
    expect(amountRefusal(30_000, 30_000, 50_000)).toBeNull();
    expect(amountRefusal(50_000, 30_000, 50_000)).toBeNull();
    expect(amountRefusal(29_999, 30_000, 50_000)).toEqual({ key: 'amount_below_min', min: 30_000 });
    expect(amountRefusal(50_001, 30_000, 50_000)).toEqual({ key: 'amount_above_max', max: 50_000 });
  });
});

describe('withdrawalRefusal (SPEC §6.4)', () => {
  it('allows a withdrawal when nothing published applies', () => {
    expect(withdrawalRefusal(clear)).toBeNull();
  });

  it('refuses while a withdrawal is pending, while positions are open, while a loan is unpaid, or past the balance', () => {
    expect(withdrawalRefusal({ ...clear, pendingWithdrawal: true })?.key).toBe('pending_review');
    expect(withdrawalRefusal({ ...clear, openPositions: 2 })).toEqual({
      key: 'close_positions_first',
      positions: 2,
    });
    expect(withdrawalRefusal({ ...clear, owingCurrencies: ['JPY'] })?.key).toBe('loan_unpaid');
    expect(withdrawalRefusal({ ...clear, availableMinor: 29_999 })?.key).toBe('balance_insufficient');
  });

  it('lets open positions through when the configuration allows it', () => {
    expect(withdrawalRefusal({ ...clear, openPositions: 3, allowOpenPositions: true })).toBeNull();
  });

  it('refuses only when one of the published facts applies (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          ...ACCOUNT_FACTS,
          availableMinor: fc.nat(1_000_000),
          amountMinor: fc.integer({ min: 1, max: 1_000_000 }),
        }),
        (facts) => {
          const applies =
            facts.pendingWithdrawal ||
            (!facts.allowOpenPositions && facts.openPositions > 0) ||
            facts.owingCurrencies.length > 0 ||
            facts.availableMinor < facts.amountMinor;
          expect(withdrawalRefusal(facts) !== null).toBe(applies);
        },
      ),
    );
  });
});

describe('withdrawalBlockers (SPEC §6.4)', () => {
  it('lists every account refusal that applies, in the order a user resolves them', () => {
    expect(withdrawalBlockers(clear)).toEqual([]);
    expect(
      withdrawalBlockers({ ...clear, pendingWithdrawal: true, openPositions: 1, owingCurrencies: ['USD'] }),
    ).toEqual([
      { key: 'pending_review' },
      { key: 'close_positions_first', positions: 1 },
      { key: 'loan_unpaid', currencies: ['USD'] },
    ]);
  });

  it('answers first what withdrawalRefusal answers, the balance aside (property)', () => {
    fc.assert(
      fc.property(fc.record(ACCOUNT_FACTS), (facts) => {
        const refusal = withdrawalRefusal({ ...facts, availableMinor: 1, amountMinor: 1 });
        expect(withdrawalBlockers(facts)[0] ?? null).toEqual(refusal);
      }),
    );
  });
});
