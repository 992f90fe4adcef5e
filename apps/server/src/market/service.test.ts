import { describe, expect, it } from 'vitest';
import { InMemoryMarket, priceChange } from './service';
import type { BarClosed, Tick } from './types';
import { UNIVERSE } from './universe';

const NOW = new Date('2026-11-17T01:00:00.000Z');
const specs = UNIVERSE.filter((s) => ['7203', 'AAPL', '605999', '^N225'].includes(s.code));
const market = (hours: 'always' | 'real' = 'always', now = NOW) =>
  new InMemoryMarket({ instruments: specs, hours, now: () => now, simulated: true });
const tick = (code: string, price: string, time: string, volume = 100): Tick => ({
  code,
  market: specs.find((s) => s.code === code)!.market,
  price,
  volume,
  time,
});

describe('in-memory market', () => {
  it('quotes every instrument at its reference price before any tick, labelled simulated', () => {
    const m = market();
    const quote = m.quote('7203')!;
    expect(quote.price).toBe('2850.0');
    expect(quote.previousClose).toBe('2850.0');
    expect(quote.change).toBe('0.0');
    expect(quote.simulated).toBe(true);
    // Tokyo's table: a ¥2,850 close moves ±¥500 (SPEC §6.2).
    expect([quote.limitDown, quote.limitUp]).toEqual(['2350.0', '3350.0']);
    expect(m.quote('AAPL')!.limitUp).toBeNull();
    expect(m.quote('^N225')!.limitUp).toBeNull();
    expect(m.quote('NOPE')).toBeNull();
  });

  it('gives an ST name the ±5 % band', () => {
    const quote = market().quote('605999')!;
    expect([quote.limitDown, quote.limitUp]).toEqual(['3.99', '4.41']);
  });

  it('moves the quote with ingested ticks: open, high, low, volume, turnover, change', () => {
    const m = market();
    const seen: Tick[] = [];
    m.onTick((t) => seen.push(t));
    m.ingest(tick('7203', '2900.0', '2026-11-17T01:00:01.000Z', 100));
    m.ingest(tick('7203', '2800.5', '2026-11-17T01:00:02.000Z', 200));
    m.ingest(tick('7203', '2860.0', '2026-11-17T01:00:03.000Z', 300));
    const quote = m.quote('7203')!;
    expect(quote).toMatchObject({
      price: '2860.0',
      open: '2900.0',
      high: '2900.0',
      low: '2800.5',
      volume: 600,
      turnover: '1708100.0',
      change: '10.0',
      changePercent: '0.35',
      time: '2026-11-17T01:00:03.000Z',
    });
    expect(seen).toHaveLength(3);
    m.ingest({ code: 'UNKNOWN', market: 'jpy', price: '1.0', volume: 1, time: '2026-11-17T01:00:03.000Z' });
    expect(seen).toHaveLength(3);
  });

  it('closes a minute bar when the next minute starts, with the day so far', () => {
    const m = market();
    const bars: BarClosed[] = [];
    m.onBar((b) => bars.push(b));
    m.ingest(tick('AAPL', '230.00', '2026-11-17T01:00:05.000Z', 10));
    m.ingest(tick('AAPL', '231.00', '2026-11-17T01:00:35.000Z', 20));
    expect(bars).toHaveLength(0);
    expect(m.openMinute('AAPL')).toMatchObject({
      time: '2026-11-17T01:00:00.000Z',
      open: '230.00',
      close: '231.00',
      volume: 30,
    });
    m.ingest(tick('AAPL', '229.50', '2026-11-17T01:01:00.000Z', 5));
    expect(bars).toHaveLength(1);
    expect(bars[0]).toMatchObject({
      code: 'AAPL',
      minute: {
        time: '2026-11-17T01:00:00.000Z',
        open: '230.00',
        high: '231.00',
        low: '230.00',
        close: '231.00',
        volume: 30,
        turnover: '6920.00',
      },
    });
  });

  it('starts a new trading day from the last price: previous close, limits and volume reset', () => {
    const m = market();
    m.ingest(tick('7203', '3000.0', '2026-11-17T05:00:00.000Z', 1000));
    m.ingest(tick('7203', '3010.0', '2026-11-18T00:00:00.000Z', 10));
    const quote = m.quote('7203')!;
    expect(quote).toMatchObject({ previousClose: '3000.0', open: '3010.0', volume: 10, change: '10.0' });
    expect([quote.limitDown, quote.limitUp]).toEqual(['2300.0', '3700.0']);
    expect(m.priceBand('7203', new Date('2026-11-19T01:00:00.000Z'))).toEqual({
      limitUp: '3710.0',
      limitDown: '2310.0',
    });
  });

  it('follows real sessions unless hours are always', () => {
    const saturday = new Date('2026-11-21T01:00:00.000Z');
    expect(market('real').isOpen('jpy', saturday)).toBe(false);
    expect(market('real').isOpen('jpy', NOW)).toBe(true);
    expect(market('always').isOpen('jpy', saturday)).toBe(true);
    expect(market().tradingDay('jpy', saturday)).toBe('2026-11-24');
  });

  it('converts between any two currencies through the US dollar', () => {
    const m = market();
    expect(m.fxRate('USD', 'JPY')).toBe('150.2');
    expect(m.fxRate('JPY', 'JPY')).toBe('1');
    expect(Number(m.fxRate('JPY', 'CNY'))).toBeCloseTo(7.215 / 150.2, 8);
    m.ingestFx({ JPY: '151' });
    expect(m.fxRate('USD', 'JPY')).toBe('151');
    expect(m.fxRates().USD).toBe('1');
  });

  it('primes quotes from stored days', () => {
    const m = market();
    m.prime([
      { code: '7203', previousClose: '2700.0', today: null },
      {
        code: 'AAPL',
        previousClose: '200.00',
        today: {
          open: '201.00',
          high: '205.00',
          low: '199.00',
          close: '204.00',
          volume: 50,
          turnover: '10100.00',
        },
      },
    ]);
    expect(m.quote('7203')).toMatchObject({ price: '2700.0', previousClose: '2700.0', volume: 0 });
    expect(m.quote('AAPL')).toMatchObject({
      price: '204.00',
      open: '201.00',
      change: '4.00',
      changePercent: '2.00',
      volume: 50,
    });
  });

  it('computes change and percent against the previous close', () => {
    expect(priceChange('100.00', '97.50')).toEqual({ change: '-2.50', changePercent: '-2.50' });
    expect(priceChange('3', '4')).toEqual({ change: '1', changePercent: '33.33' });
  });
});

describe('trading day cache', () => {
  it('agrees with the calendar for any instant, in any order', async () => {
    const { default: fc } = await import('fast-check');
    const { tradingDay } = await import('@kabuto/domain');
    const { TradingDayCache } = await import('./service');
    const cache = new TradingDayCache();
    fc.assert(
      fc.property(
        fc.constantFrom('jpy', 'usd', 'cny' as const),
        fc.integer({ min: 0, max: 400 * 24 * 60 }),
        (m, minutes) => {
          const market = m as 'jpy' | 'usd' | 'cny';
          const at = new Date(Date.parse('2026-01-01T00:00:00Z') + minutes * 60_000);
          expect(cache.get(market, at)).toBe(tradingDay(market, at));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('listing', () => {
  it('adds a new share at run time at its listing price', async () => {
    const { listingSpec } = await import('./universe');
    const m = market();
    m.list(
      listingSpec({
        code: '5999',
        market: 'jpy',
        name: { cn: '新股', us: 'New Co', jp: '新会社' },
        sector: 'services',
        referencePrice: '1200.0',
        sharesOutstanding: 1_000_000,
      }),
    );
    expect(m.quote('5999')).toMatchObject({
      price: '1200.0',
      limitUp: '1500.0',
      limitDown: '900.0',
      simulated: true,
    });
    expect(m.instruments('jpy').map((i) => i.code)).toContain('5999');
  });
});
