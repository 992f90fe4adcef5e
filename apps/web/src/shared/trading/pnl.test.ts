import { describe, expect, it } from 'vitest';
import { liveAggregate, liveValueOf, sumMoney, type ValuedPosition } from './pnl';

const holding: ValuedPosition = {
  market: 'jpy',
  direction: 'long',
  state: 'holding',
  quantity: 100,
  openPrice: '1500.0',
  margin: '75000',
  marketValue: '150000',
  pnl: '0',
};

describe('live P&L of a position from the latest price', () => {
  it('gains on a long when the price rises', () => {
    expect(liveValueOf(holding, '1512.3')).toEqual({ marketValue: '151230', pnl: '1230', live: true });
  });
  it('gains on a short when the price falls, and loses when it rises', () => {
    const short = { ...holding, direction: 'short' as const };
    expect(liveValueOf(short, '1490.0').pnl).toBe('1000');
    expect(liveValueOf(short, '1510.0').pnl).toBe('-1000');
  });
  it('rounds cents half-up in the US market', () => {
    const us: ValuedPosition = {
      ...holding,
      market: 'usd',
      quantity: 3,
      openPrice: '10.00',
      margin: '15.00',
      marketValue: '30.00',
      pnl: '0.00',
    };
    expect(liveValueOf(us, '10.37')).toEqual({ marketValue: '31.11', pnl: '1.11', live: true });
  });
  it('never shows a loss beyond the margin (SPEC §0.4)', () => {
    expect(liveValueOf(holding, '500.0').pnl).toBe('-75000');
  });
  it('keeps the server figures of pending and ended positions, and without a price', () => {
    expect(liveValueOf({ ...holding, state: 'pending', openPrice: null }, '1600.0').live).toBe(false);
    expect(liveValueOf({ ...holding, state: 'closed', pnl: '321' }, '1600.0')).toEqual({
      marketValue: '150000',
      pnl: '321',
      live: false,
    });
    expect(liveValueOf(holding, undefined).live).toBe(false);
    expect(liveValueOf(holding, '-').live).toBe(false);
  });
});

describe('aggregates', () => {
  it('sums money exactly', () => {
    expect(sumMoney(['0.10', '0.20'], 'USD')).toBe('0.30');
  });
  it('moves the server total by the live change of the loaded rows', () => {
    expect(
      liveAggregate(
        '500.00',
        [
          { server: '10.00', live: '12.50' },
          { server: '-3.00', live: '-4.00' },
        ],
        'USD',
      ),
    ).toBe('501.50');
  });
});
