import { MARKETS, PRICE_DECIMALS } from '@kabuto/contract';
import { dailyPriceLimit, previousTradingDay, tradingDay, tradingDaysBetween } from '@kabuto/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryMarket } from './service';
import { generateHistory, LiveSimulator, planCorporateActions, TickGrid } from './simulator';
import { CORPORATE_ACTIONS, type InstrumentSpec, UNIVERSE } from './universe';

const NOW = new Date('2026-11-17T01:00:00.000Z');
const spec = (code: string) => UNIVERSE.find((s) => s.code === code)!;

function history(seed: string, s: InstrumentSpec, from = '2026-05-01', minuteDays = 2) {
  const days = tradingDaysBetween(s.market, from, previousTradingDay(s.market, tradingDay(s.market, NOW)));
  const today = { jpy: tradingDay('jpy', NOW), usd: tradingDay('usd', NOW), cny: tradingDay('cny', NOW) };
  const actions = planCorporateActions(UNIVERSE, CORPORATE_ACTIONS, today).get(s.code) ?? [];
  return {
    actions,
    ...generateHistory({ seed, spec: s, days, minuteDays: new Set(days.slice(-minuteDays)), actions }),
  };
}

function onGrid(price: string, decimals: number): boolean {
  return new RegExp(decimals === 0 ? '^\\d+$' : `^\\d+\\.\\d{${decimals}}$`).test(price);
}

describe('simulated history', () => {
  it('gives the same bars for the same seed and different bars for another seed', () => {
    const a = history('alpha', spec('7203'));
    const b = history('alpha', spec('7203'));
    const c = history('beta', spec('7203'));
    expect(a.days).toEqual(b.days);
    expect(a.minutes).toEqual(b.minutes);
    expect(a.days.map((d) => d.close)).not.toEqual(c.days.map((d) => d.close));
  });

  it('draws the same shocks for an instrument whatever else is in the universe', () => {
    const alone = history('alpha', spec('AAPL'));
    const again = history('alpha', spec('AAPL'));
    expect(alone.days.at(-1)).toEqual(again.days.at(-1));
  });

  it('keeps every generated price on the tick grid and inside the daily limit of the day before', () => {
    for (const code of ['7203', '9432', '600519', '300750', '605999', '601398', 'AAPL', '^N225']) {
      const s = spec(code);
      const decimals = PRICE_DECIMALS[s.market];
      const { days, minutes, actions } = history('grid', s, '2025-11-01', 3);
      const exDates = new Set(actions.map((a) => a.exDate));
      for (const bar of [...days, ...minutes]) {
        for (const price of [bar.open, bar.high, bar.low, bar.close])
          expect(onGrid(price, decimals), `${code} ${price}`).toBe(true);
        expect(Number(bar.low)).toBeLessThanOrEqual(Math.min(Number(bar.open), Number(bar.close)));
        expect(Number(bar.high)).toBeGreaterThanOrEqual(Math.max(Number(bar.open), Number(bar.close)));
        expect(Number(bar.low)).toBeGreaterThan(0);
      }
      for (let i = 1; i < days.length; i++) {
        const day = days[i]!;
        if (exDates.has(day.day) || s.kind !== 'stock') continue;
        const limits = dailyPriceLimit(s.market, s.code, s.name.cn, days[i - 1]!.close);
        if (!limits) continue;
        expect(Number(day.high), `${code} ${day.day}`).toBeLessThanOrEqual(Number(limits.limitUp));
        expect(Number(day.low), `${code} ${day.day}`).toBeGreaterThanOrEqual(Number(limits.limitDown));
      }
    }
  });

  it('builds the most recent days from 1-minute bars that add up to the daily bar', () => {
    const { days, minutes } = history('minutes', spec('6758'), '2026-10-01', 1);
    const last = days.at(-1)!;
    expect(minutes.length).toBe(330);
    expect(minutes[0]!.open).toBe(last.open);
    expect(minutes.at(-1)!.close).toBe(last.close);
    expect(minutes.reduce((n, m) => n + m.volume, 0)).toBe(last.volume);
    expect(Math.max(...minutes.map((m) => Number(m.high)))).toBe(Number(last.high));
  });

  it('shows a split as a gap in unadjusted prices', () => {
    const { days, actions } = history('split', spec('8035'), '2026-05-01', 0);
    const split = actions.find((a) => a.splitRatio === 2)!;
    const index = days.findIndex((d) => d.day === split.exDate);
    const ratio = Number(days[index - 1]!.close) / Number(days[index]!.open);
    expect(ratio).toBeGreaterThan(1.6);
    expect(ratio).toBeLessThan(2.5);
  });
});

describe('live simulation', () => {
  it('ticks stay on the grid and inside the band at every step', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 120 }),
        (seed, steps) => {
          const specs = UNIVERSE.filter((s) => ['605999', '7203', '9432', 'TSLA', '688981'].includes(s.code));
          const market = new InMemoryMarket({
            instruments: specs,
            hours: 'always',
            now: () => NOW,
            simulated: true,
          });
          const live = new LiveSimulator(seed, specs, 60_000, NOW);
          for (let i = 0; i < steps; i++) {
            const at = new Date(NOW.getTime() + i * 60_000);
            for (const tick of live.step(at, market, () => true)) {
              const quote = market.quote(tick.code)!;
              expect(onGrid(tick.price, PRICE_DECIMALS[tick.market])).toBe(true);
              if (quote.limitUp && quote.limitDown) {
                expect(Number(tick.price)).toBeLessThanOrEqual(Number(quote.limitUp));
                expect(Number(tick.price)).toBeGreaterThanOrEqual(Number(quote.limitDown));
              }
              market.ingest(tick);
            }
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('only ticks markets that are open', () => {
    const market = new InMemoryMarket({
      instruments: UNIVERSE,
      hours: 'real',
      now: () => NOW,
      simulated: true,
    });
    const live = new LiveSimulator('s', UNIVERSE, 1000, NOW);
    const at = new Date('2026-11-17T02:00:00.000Z');
    const ticks = live.step(at, market, (m) => market.isOpen(m, at));
    const markets = new Set(ticks.map((t) => t.market));
    // 11:00 Tokyo / 10:00 Shanghai on a Tuesday: both trade; New York (21:00 Monday) does not.
    expect([...markets].sort()).toEqual(['cny', 'jpy']);
  });

  it('moves FX rates slightly around the reference for every currency', () => {
    const live = new LiveSimulator('fx', [], 1000, NOW);
    let table = live.stepFx();
    for (let i = 0; i < 100; i++) table = live.stepFx();
    expect(table.USD).toBe('1');
    expect(Number(table.JPY)).toBeGreaterThan(140);
    expect(Number(table.JPY)).toBeLessThan(160);
    expect(Object.keys(table).sort()).toEqual([
      'CNY',
      'HKD',
      'JPY',
      'KRW',
      'MYR',
      'SAR',
      'THB',
      'TWD',
      'USD',
      'VND',
    ]);
  });
});

describe('universe', () => {
  it('lists at least 20 Japanese, 15 US and 15 Chinese stocks and the seven indices, with names in three languages', () => {
    const stocks = (m: string) => UNIVERSE.filter((s) => s.market === m && s.kind === 'stock').length;
    expect(stocks('jpy')).toBeGreaterThanOrEqual(20);
    expect(stocks('usd')).toBeGreaterThanOrEqual(15);
    expect(stocks('cny')).toBeGreaterThanOrEqual(15);
    expect(UNIVERSE.filter((s) => s.kind === 'index').length).toBe(7);
    for (const s of UNIVERSE) {
      expect(
        s.name.cn && s.name.us && s.name.jp && s.profile.cn && s.profile.us && s.profile.jp,
      ).toBeTruthy();
      expect(onGrid(s.referencePrice, PRICE_DECIMALS[s.market])).toBe(true);
    }
    expect(new Set(UNIVERSE.map((s) => s.code)).size).toBe(UNIVERSE.length);
    for (const market of MARKETS)
      expect(UNIVERSE.some((s) => s.market === market && s.kind === 'index')).toBe(true);
  });

  it('formats ticks exactly', () => {
    expect(new TickGrid(2).format(5)).toBe('0.05');
    expect(new TickGrid(1).format(28500)).toBe('2850.0');
    expect(new TickGrid(0).format(42)).toBe('42');
    expect(new TickGrid(2).value(12345, 1000)).toBe('123450.00');
  });
});
