import { CURRENCIES, type Currency } from '@kabuto/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertBalanced, isBalanced, type Posting, UnbalancedPostingsError } from './ledger';

const account = fc.constantFrom('user:1:available', 'user:1:frozen', 'house:cash', 'house:fees', 'house:fx');
const currency = fc.constantFrom<Currency>(...CURRENCIES);
const amount = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

/** A balanced transaction: pairs of legs moving the same amount between two accounts. */
const balanced = fc
  .array(fc.tuple(account, account, currency, amount), { minLength: 1, maxLength: 6 })
  .map((moves) =>
    moves.flatMap(([from, to, c, a]): Posting[] => [
      { account: from, currency: c, amountMinor: -a },
      { account: to, currency: c, amountMinor: a },
    ]),
  );

describe('ledger postings', () => {
  it('accepts a deposit approval', () => {
    expect(() =>
      assertBalanced([
        { account: 'user:1:available', currency: 'JPY', amountMinor: 100_000 },
        { account: 'house:bank', currency: 'JPY', amountMinor: -100_000 },
      ]),
    ).not.toThrow();
  });

  it('balances each currency on its own', () => {
    const exchange: Posting[] = [
      { account: 'user:1:available', currency: 'JPY', amountMinor: -15_000 },
      { account: 'house:fx', currency: 'JPY', amountMinor: 15_000 },
      { account: 'house:fx', currency: 'USD', amountMinor: -9_950 },
      { account: 'user:1:available', currency: 'USD', amountMinor: 9_950 },
    ];
    expect(isBalanced(exchange)).toBe(true);
    expect(
      isBalanced([
        { account: 'user:1:available', currency: 'JPY', amountMinor: -100 },
        { account: 'user:1:available', currency: 'USD', amountMinor: 100 },
      ]),
    ).toBe(false);
  });

  it('rejects zero, fractional and unsafe amounts', () => {
    const pair = (a: number): Posting[] => [
      { account: 'a', currency: 'JPY', amountMinor: a },
      { account: 'b', currency: 'JPY', amountMinor: -a },
    ];
    expect(() => assertBalanced(pair(0))).toThrow(UnbalancedPostingsError);
    expect(() => assertBalanced(pair(1.5))).toThrow(/safe integer/);
    expect(() => assertBalanced(pair(2 ** 53))).toThrow(/safe integer/);
    expect(() => assertBalanced(pair(Number.NaN))).toThrow(/safe integer/);
  });

  it('rejects a posting without an account', () => {
    expect(
      isBalanced([
        { account: '', currency: 'JPY', amountMinor: 1 },
        { account: 'b', currency: 'JPY', amountMinor: -1 },
      ]),
    ).toBe(false);
  });

  it('sums exactly beyond the safe-integer range', () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(
      isBalanced([
        { account: 'a', currency: 'JPY', amountMinor: max },
        { account: 'b', currency: 'JPY', amountMinor: max },
        { account: 'c', currency: 'JPY', amountMinor: -max },
        { account: 'd', currency: 'JPY', amountMinor: -max + 1 },
      ]),
    ).toBe(false);
  });

  it('property: balanced transactions stay balanced in any order', () => {
    fc.assert(
      fc.property(balanced, fc.infiniteStream(fc.nat()), (postings, ranks) => {
        const ranked = postings.map((p) => ({ p, r: ranks.next().value }));
        const shuffled = ranked.sort((x, y) => x.r - y.r).map((x) => x.p);
        expect(isBalanced(shuffled)).toBe(true);
      }),
    );
  });

  it('property: changing any one amount unbalances the transaction', () => {
    fc.assert(
      fc.property(balanced, fc.nat(), fc.integer({ min: 1, max: 1_000 }), (postings, pick, delta) => {
        const index = pick % postings.length;
        const changed = postings.map((p, i) => {
          if (i !== index) return p;
          const shifted = p.amountMinor > 0 ? p.amountMinor - delta : p.amountMinor + delta;
          return { ...p, amountMinor: shifted === 0 ? p.amountMinor * 2 : shifted };
        });
        expect(isBalanced(changed)).toBe(false);
        expect(() => assertBalanced(changed)).toThrow(UnbalancedPostingsError);
      }),
    );
  });
});
