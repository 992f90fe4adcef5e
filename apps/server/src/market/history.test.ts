import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_NOW, type TestApp } from '../../test/helpers';
import { LocalTickBus } from './bus';
import { BarPersister, FEED_SLICES, SimulatedFeed } from './feed';
import { ensureHistory, ensureMinutes } from './history';
import { barStore } from './store';
import { UNIVERSE } from './universe';

const specs = UNIVERSE.filter((s) => ['7203', '8035', 'AAPL'].includes(s.code));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { marketCodes: specs.map((s) => s.code) } });
});
afterAll(async () => {
  await t.close();
});

describe('stored history', () => {
  it('generates daily history once; a later start adds only the days it missed', async () => {
    const options = { seed: 'history-test', specs, now: new Date(TEST_NOW), historyDays: 60, minuteDays: 2 };
    const first = await ensureHistory(t.ctx.db, options);
    expect(first.filledCodes).toBe(3);
    expect(first.dayRows).toBeGreaterThan(3 * 35);
    const again = await ensureHistory(t.ctx.db, options);
    expect(again).toMatchObject({ dayRows: 0, filledCodes: 0 });

    const before = await barStore.days(t.ctx.db, '7203');
    const later = await ensureHistory(t.ctx.db, { ...options, now: new Date('2026-11-25T01:00:00.000Z') });
    const after = await barStore.days(t.ctx.db, '7203');
    expect(later.filledCodes).toBe(3);
    // The first start stored 17 November's first hour (10:00 in Tokyo); the later one adds the
    // 18, 19, 20 and 24 November (the 23rd is Labour Thanksgiving Day in Japan) and the 25th so far.
    expect(before.at(-1)!.day).toBe('2026-11-17');
    expect(after.slice(before.length).map((d) => d.day)).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(after.slice(0, before.length)).toEqual(before);
  });

  it("stores today's session so far, so the intraday chart starts at the open", async () => {
    // 2026-11-25T01:00Z is 10:00 in Tokyo: the session opened at 09:00, sixty minutes have closed.
    const minutes = await barStore.minutesBetween(
      t.ctx.db,
      '7203',
      new Date('2026-11-24T15:00:00Z'),
      new Date('2026-11-25T15:00:00Z'),
    );
    expect(minutes).toHaveLength(60);
    expect(minutes[0]!.time).toBe('2026-11-25T00:00:00.000Z');
    expect(minutes.at(-1)!.time).toBe('2026-11-25T00:59:00.000Z');
    const today = (await barStore.days(t.ctx.db, '7203')).at(-1)!;
    expect(today.day).toBe('2026-11-25');
    expect(today.open).toBe(minutes[0]!.open);
    expect(today.close).toBe(minutes.at(-1)!.close);
    expect(Number(today.volume)).toBe(minutes.reduce((n, m) => n + Number(m.volume), 0));
  });

  it('stores the recent minutes on first use, matching the daily bars they were built into', async () => {
    const actions = (await barStore.actions(t.ctx.db)).get('7203') ?? [];
    const spec = specs.find((s) => s.code === '7203')!;
    const written = await ensureMinutes(t.ctx.db, spec, actions);
    expect(written).toBe(2 * 330);
    expect(await ensureMinutes(t.ctx.db, spec, actions)).toBe(0);
    const days = await barStore.days(t.ctx.db, '7203');
    const day = days.find((d) => d.day === '2026-11-16')!;
    const minutes = await barStore.minutesBetween(
      t.ctx.db,
      '7203',
      new Date('2026-11-15T15:00:00Z'),
      new Date('2026-11-16T15:00:00Z'),
    );
    expect(minutes).toHaveLength(330);
    expect(minutes[0]!.open).toBe(day.open);
    expect(minutes.at(-1)!.close).toBe(day.close);
    expect(minutes.reduce((n, m) => n + Number(m.volume), 0)).toBe(Number(day.volume));
  });
});

describe('live feed', () => {
  it('publishes ticks through the bus into the market and stores closed minutes and the day bar', async () => {
    const market = t.ctx.marketData.market;
    const bus = new LocalTickBus();
    bus.subscribe((m) => {
      if (m.kind === 'ticks') for (const tick of m.ticks) market.ingest(tick);
      else if (m.kind === 'fx') market.ingestFx(m.rates);
    });
    const feed = new SimulatedFeed(market, bus, specs, {
      seed: 'feed',
      stepMs: 1000,
      now: () => t.clock.now(),
      onError: (e) => {
        throw e;
      },
    });
    const persister = new BarPersister(t.ctx.db, market, (e) => {
      throw e;
    });
    persister.start();
    const prices: string[] = [];
    for (let second = 0; second < 130; second++) {
      let ticks = 0;
      for (let slice = 0; slice < FEED_SLICES; slice++) {
        ticks += await feed.step();
        t.clock.advance(1000 / FEED_SLICES);
      }
      // Every instrument ticks once per step, in one of the step's slices.
      expect(ticks).toBe(3);
      prices.push(market.quote('7203')!.price);
    }
    expect(new Set(prices).size).toBeGreaterThan(1);
    await persister.stop();
    const minutes = await barStore.minutesBetween(t.ctx.db, 'AAPL', new Date(TEST_NOW), t.clock.now());
    expect(minutes.map((m) => m.time)).toEqual([
      '2026-11-17T01:00:00.000Z',
      '2026-11-17T01:01:00.000Z',
      '2026-11-17T01:02:00.000Z',
    ]);
    expect(minutes.reduce((n, m) => n + Number(m.volume), 0)).toBe(market.quote('AAPL')!.volume);
    const today = (await barStore.days(t.ctx.db, '7203')).find((d) => d.day === '2026-11-17')!;
    expect(today).toMatchObject({ close: market.quote('7203')!.price, high: market.quote('7203')!.high });
    await bus.close();
  });
});
