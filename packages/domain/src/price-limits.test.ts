import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D } from './numeric';
import { dailyPriceLimit, isWithinPriceLimit, japanPriceLimitWidth, roundToTick } from './price-limits';

describe('Japanese daily price limits', () => {
  it.each([
    ['99', '129.0', '69.0'],
    ['100', '150.0', '50.0'],
    ['199.9', '249.9', '149.9'],
    ['200', '280.0', '120.0'],
    ['500', '600.0', '400.0'],
    ['700', '850.0', '550.0'],
    ['999', '1149.0', '849.0'],
    ['1000', '1300.0', '700.0'],
    ['1500', '1900.0', '1100.0'],
    ['2000', '2500.0', '1500.0'],
    ['3000', '3700.0', '2300.0'],
    ['5000', '6000.0', '4000.0'],
    ['7000', '8500.0', '5500.0'],
    ['10000', '13000.0', '7000.0'],
    ['15000', '19000.0', '11000.0'],
    ['20000', '25000.0', '15000.0'],
    ['30000', '37000.0', '23000.0'],
    ['50000', '60000.0', '40000.0'],
    ['70000', '85000.0', '55000.0'],
    ['100000', '130000.0', '70000.0'],
    ['1000000', '1300000.0', '700000.0'],
    ['50000000', '60000000.0', '40000000.0'],
  ])('previous close ¥%s → %s / %s', (close, up, down) => {
    expect(dailyPriceLimit('jpy', '7203', 'Toyota', close)).toEqual({ limitUp: up, limitDown: down });
  });

  it('floors the lower limit at the smallest tick', () => {
    expect(dailyPriceLimit('jpy', '9999', 'Penny', '12')).toEqual({ limitUp: '42.0', limitDown: '0.1' });
  });

  it('property: limitDown < previous close < limitUp on the tick grid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1_000_000_000 }), (tenths) => {
        const close = new D(tenths).dividedBy(10);
        const limits = dailyPriceLimit('jpy', '1', 'x', close)!;
        expect(close.lt(limits.limitUp)).toBe(true);
        expect(close.gt(limits.limitDown)).toBe(true);
        expect(limits.limitDown).toMatch(/^\d+\.\d$/);
      }),
    );
  });

  it('property: the width and the upper limit never fall as the previous close rises', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (a, step) => {
          const low = new D(a).dividedBy(10);
          const high = low.plus(new D(step).dividedBy(10));
          expect(japanPriceLimitWidth(high)).toBeGreaterThanOrEqual(japanPriceLimitWidth(low));
          const upLow = dailyPriceLimit('jpy', '1', 'x', low)!.limitUp;
          const upHigh = dailyPriceLimit('jpy', '1', 'x', high)!.limitUp;
          expect(new D(upHigh).gt(upLow)).toBe(true);
        },
      ),
    );
  });
});

describe('Chinese daily price limits', () => {
  it.each([
    ['600519', '贵州茅台', '1500.00', '1650.00', '1350.00'],
    ['000001', '平安银行', '10.55', '11.61', '9.50'], // 11.605 → 11.61, 9.495 → 9.50
    ['300750', '宁德时代', '200.00', '240.00', '160.00'],
    ['301001', 'Example', '10.00', '12.00', '8.00'],
    ['688981', '中芯国际', '50.05', '60.06', '40.04'],
    ['600100', '*ST同方', '3.33', '3.50', '3.16'], // 3.4965 → 3.50, 3.1635 → 3.16
    ['000002', 'ST万科', '10.00', '10.50', '9.50'],
    ['300001', 'ST特锐', '10.00', '12.00', '8.00'],
  ])('%s %s close %s → %s / %s', (code, name, close, up, down) => {
    expect(dailyPriceLimit('cny', code, name, close)).toEqual({ limitUp: up, limitDown: down });
  });

  it('property: limitDown < previous close < limitUp', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000_000 }),
        fc.constantFrom(['600000', 'A'], ['300001', 'B'], ['000001', 'ST C']),
        (cents, [code, name]) => {
          const close = new D(cents).dividedBy(100);
          const limits = dailyPriceLimit('cny', code!, name!, close)!;
          expect(close.lt(limits.limitUp)).toBe(true);
          expect(close.gt(limits.limitDown)).toBe(true);
        },
      ),
    );
  });
});

describe('US and shared helpers', () => {
  it('has no daily limit in the US', () => {
    expect(dailyPriceLimit('usd', 'AAPL', 'Apple', '200.00')).toBeNull();
    expect(isWithinPriceLimit(null, '100000')).toBe(true);
  });

  it('accepts prices on the band edges and rejects prices outside', () => {
    const limits = { limitUp: '11.00', limitDown: '9.00' };
    expect(isWithinPriceLimit(limits, '11.00')).toBe(true);
    expect(isWithinPriceLimit(limits, '9')).toBe(true);
    expect(isWithinPriceLimit(limits, '11.01')).toBe(false);
    expect(isWithinPriceLimit(limits, '8.99')).toBe(false);
  });

  it('rounds to the market tick half-up', () => {
    expect(roundToTick('jpy', '100.25')).toBe('100.3');
    expect(roundToTick('jpy', '100.24')).toBe('100.2');
    expect(roundToTick('usd', '1.005')).toBe('1.01');
    expect(roundToTick('cny', 3)).toBe('3.00');
  });

  it('refuses a non-positive previous close', () => {
    expect(() => dailyPriceLimit('jpy', '1', 'x', '0')).toThrow(RangeError);
  });
});
