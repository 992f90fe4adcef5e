import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditRatioPercent, creditScoreAfter, loanableQuotaMinor } from './credit';

describe('loan quota', () => {
  it.each([
    [0, 0],
    [499, 0],
    [500, 10],
    [599, 10],
    [600, 20],
    [699, 20],
    [700, 30],
    [1000, 30],
  ])('score %i lends %i%% of net assets', (score, percent) => {
    expect(creditRatioPercent(score)).toBe(percent);
  });

  it('takes the smaller of the cap and the tier share', () => {
    expect(loanableQuotaMinor({ capMinor: 1_000_000, creditScore: 650, netAssetsMinor: 2_000_000 })).toBe(
      400_000,
    );
    expect(loanableQuotaMinor({ capMinor: 300_000, creditScore: 650, netAssetsMinor: 2_000_000 })).toBe(
      300_000,
    );
    expect(loanableQuotaMinor({ capMinor: 1_000_000, creditScore: 450, netAssetsMinor: 2_000_000 })).toBe(0);
    expect(loanableQuotaMinor({ capMinor: 1_000_000, creditScore: 700, netAssetsMinor: 999 })).toBe(299);
  });

  it('lends nothing against negative net assets', () => {
    expect(loanableQuotaMinor({ capMinor: 1_000_000, creditScore: 900, netAssetsMinor: -5_000 })).toBe(0);
  });

  it('property: the quota never exceeds the cap or 30% of net assets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: -1e15, max: Number.MAX_SAFE_INTEGER }),
        (cap, score, net) => {
          const quota = loanableQuotaMinor({ capMinor: cap, creditScore: score, netAssetsMinor: net });
          expect(Number.isSafeInteger(quota)).toBe(true);
          expect(quota).toBeGreaterThanOrEqual(0);
          expect(quota).toBeLessThanOrEqual(cap);
          expect(BigInt(quota) * 10n <= BigInt(Math.max(net, 0)) * 3n).toBe(true);
        },
      ),
    );
  });
});

describe('credit score events', () => {
  it('moves by the published amounts', () => {
    expect(creditScoreAfter(600, 'on_time_repayment')).toBe(610);
    expect(creditScoreAfter(600, 'stop_out')).toBe(580);
    expect(creditScoreAfter(600, 'overdue')).toBe(550);
  });

  it('stays within 0..1000', () => {
    expect(creditScoreAfter(995, 'on_time_repayment')).toBe(1000);
    expect(creditScoreAfter(30, 'overdue')).toBe(0);
  });
});
