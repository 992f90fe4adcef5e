import type { API, ResponseOf } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createTestApp, TEST_NOW, type TestApp } from '../../../test/helpers';
import { barStore } from '../../market/store';

type Kline = ResponseOf<typeof API.klineCall>;
type Quote = ResponseOf<typeof API.quoteCall>;

const CODES = ['7203', '8035', '6758', '9432', 'AAPL', 'MSFT', '600519', '605999', '^N225', '000001.SS'];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    config: { marketCodes: CODES, marketHistoryDays: 200, marketMinuteDays: 2, marketSeed: 'market-test' },
  });
});
afterAll(async () => {
  await t.close();
});

const kline = (body: Record<string, unknown>) => api<Kline>(t.app, '/market/kline', body);
const ascending = (bars: Kline['bars']) =>
  bars.every((b, i) => i === 0 || Date.parse(bars[i - 1]!.time) < Date.parse(b.time));

describe('/market/quote', () => {
  it('answers a quote from memory, labelled simulated, that follows ingested ticks', async () => {
    const before = await api<Quote>(
      t.app,
      '/market/quote',
      { code: '7203' },
      { headers: { language: 'us' } },
    );
    expect(before.status).toBe(1);
    expect(before.data).toMatchObject({
      code: '7203',
      name: 'Toyota Motor',
      market: 'jpy',
      currency: 'JPY',
      simulated: true,
    });
    t.ctx.market.ingest({ code: '7203', market: 'jpy', price: '2999.5', volume: 1000, time: TEST_NOW });
    const after = await api<Quote>(t.app, '/market/quote', { code: '7203' }, { headers: { language: 'cn' } });
    // The day's volume so far (the session before the start is stored) plus the tick's.
    expect(after.data).toMatchObject({
      price: '2999.5',
      name: '丰田汽车',
      volume: before.data.volume + 1000,
      simulated: true,
    });
    expect(after.data.previousClose).toBe(before.data.previousClose);
  });

  it('refuses an unknown code as not found and a malformed one as a bad request', async () => {
    expect(await api(t.app, '/market/quote', { code: '9999' })).toMatchObject({
      status: 0,
      msg: 'not_found',
      data: { field: 'code' },
    });
    expect(await api(t.app, '/market/quote', { code: 'a b' })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'code' },
    });
    expect(await api(t.app, '/market/quote', {})).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'code' },
    });
  });
});

describe('/market/search', () => {
  it.each(['7203', 'Toyota', 'toyota', 'トヨタ', '丰田', '７２０３'])('finds Toyota by "%s"', async (q) => {
    const res = await api<{ list: Quote[] }>(t.app, '/market/search', { q });
    expect(res.status).toBe(1);
    expect(res.data.list[0]?.code).toBe('7203');
  });

  it('finds Chinese and US names and indices, and answers an empty list for no match', async () => {
    const moutai = await api<{ list: Quote[] }>(t.app, '/market/search', { q: '茅台' });
    expect(moutai.data.list.map((q) => q.code)).toEqual(['600519']);
    const apple = await api<{ list: Quote[] }>(t.app, '/market/search', { q: 'aapl', type: 'usd' });
    expect(apple.data.list[0]?.code).toBe('AAPL');
    const nikkei = await api<{ list: Quote[] }>(t.app, '/market/search', { q: '日経' });
    expect(nikkei.data.list.map((q) => q.code)).toContain('^N225');
    expect((await api<{ list: Quote[] }>(t.app, '/market/search', { q: 'zzzz' })).data.list).toEqual([]);
    expect(await api(t.app, '/market/search', { q: '' })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'q' },
    });
  });
});

describe('/market/kline', () => {
  it.each(['time', '5m', '15m', '30m', '60m', 'day', 'week', 'month', 'year'] as const)(
    'answers %s bars in time order',
    async (period) => {
      const res = await kline({ code: '6758', period, size: 50 });
      expect(res.status).toBe(1);
      expect(res.data.period).toBe(period);
      expect(res.data.simulated).toBe(true);
      expect(res.data.bars.length).toBeGreaterThan(0);
      expect(res.data.bars.length).toBeLessThanOrEqual(period === 'time' ? 400 : 50);
      expect(ascending(res.data.bars)).toBe(true);
      for (const bar of res.data.bars) {
        expect(Number(bar.low)).toBeLessThanOrEqual(Number(bar.high));
        expect(bar.open).toMatch(/^\d+\.\d$/);
      }
    },
  );

  it('shows the whole session so far minute by minute on the intraday period', async () => {
    // 10:00 in Tokyo on the 17th: the server started mid-session, and the chart still starts at 9:00.
    const res = await kline({ code: '9432', period: 'time' });
    expect(res.data.day).toBe('2026-11-17');
    expect(res.data.bars).toHaveLength(60);
    expect(res.data.bars[0]!.time).toBe('2026-11-17T00:00:00.000Z');
    expect(res.data.more).toBe(true);
    const previous = await kline({ code: '9432', period: 'time', before: res.data.bars[0]!.time });
    expect(previous.data.day).toBe('2026-11-16');
    // Tokyo trades 150 + 180 minutes (SPEC §6.2).
    expect(previous.data.bars).toHaveLength(330);
    expect(previous.data.bars[0]!.time).toBe('2026-11-16T00:00:00.000Z');
    const earlier = await kline({ code: '9432', period: 'time', before: previous.data.bars[0]!.time });
    expect(earlier.data.day).toBe('2026-11-13');
    expect(earlier.data.more).toBe(false);
  });

  it('aggregates minutes into buckets that start at each session open', async () => {
    const res = await kline({ code: '9432', period: '60m', size: 100 });
    const lastDay = res.data.bars.filter(
      (b) => b.time >= '2026-11-16T00:00:00.000Z' && b.time < '2026-11-17T00:00:00.000Z',
    );
    // 9:00, 10:00, 11:00 (to 11:30), 12:30, 13:30, 14:30.
    expect(lastDay.map((b) => b.time.slice(11, 16))).toEqual([
      '00:00',
      '01:00',
      '02:00',
      '03:30',
      '04:30',
      '05:30',
    ]);
    const today = await kline({ code: '9432', period: 'time' });
    const minutes = await kline({ code: '9432', period: 'time', before: today.data.bars[0]!.time });
    const volume = minutes.data.bars.reduce((n, b) => n + b.volume, 0);
    expect(lastDay.reduce((n, b) => n + b.volume, 0)).toBe(volume);
  });

  it('pages back with `before` without overlap', async () => {
    const first = await kline({ code: 'AAPL', period: 'day', size: 20 });
    expect(first.data.bars).toHaveLength(20);
    expect(first.data.more).toBe(true);
    const second = await kline({ code: 'AAPL', period: 'day', size: 20, before: first.data.bars[0]!.time });
    expect(second.data.bars).toHaveLength(20);
    expect(Date.parse(second.data.bars.at(-1)!.time)).toBeLessThan(Date.parse(first.data.bars[0]!.time));
    const all = await kline({ code: 'AAPL', period: 'day', size: 1000 });
    expect(all.data.more).toBe(false);
    expect(all.data.bars.slice(-40)).toEqual([...second.data.bars, ...first.data.bars]);
  });

  it('draws the trading of a closed day (always hours) at the market date, never a day to come', async () => {
    // Sunday 22 November, Tokyo; Monday the 23rd is a holiday, so the trading counts for the 24th.
    const now = '2026-11-22T03:00:00.000Z';
    const sunday = await createTestApp({
      now,
      seed: true,
      config: { marketHours: 'always', marketCodes: ['7203'], marketHistoryDays: 20, marketMinuteDays: 0 },
    });
    try {
      sunday.ctx.market.ingest({ code: '7203', market: 'jpy', price: '2600.0', volume: 10, time: now });
      for (const period of ['day', 'week', 'month'] as const) {
        const res = await api<Kline>(sunday.app, '/market/kline', { code: '7203', period, size: 5 });
        const last = res.data.bars.at(-1)!;
        expect(Date.parse(last.time)).toBeLessThanOrEqual(Date.parse(now));
        if (period === 'day')
          expect(last).toMatchObject({ close: '2600.0', time: '2026-11-21T15:00:00.000Z' });
      }
    } finally {
      await sunday.close();
    }
  });

  it('includes today once ticks arrive', async () => {
    t.ctx.market.ingest({ code: 'MSFT', market: 'usd', price: '430.00', volume: 10, time: TEST_NOW });
    const res = await kline({ code: 'MSFT', period: 'day', size: 2 });
    expect(res.data.bars.at(-1)).toMatchObject({ close: '430.00', time: '2026-11-16T05:00:00.000Z' });
  });

  it('adjusts for a split: unadjusted shows the gap, forward scales history down, backward scales today up', async () => {
    const exDate = t.ctx.marketData.market.corporateActions('8035').find((a) => a.splitRatio === 2)!.exDate;
    const none = await kline({ code: '8035', period: 'day', adjust: 'none', size: 1000 });
    const forward = await kline({ code: '8035', period: 'day', adjust: 'forward', size: 1000 });
    const backward = await kline({ code: '8035', period: 'day', adjust: 'backward', size: 1000 });
    const index = none.data.bars.findIndex(
      (b) => Date.parse(b.time) >= Date.parse(`${exDate}T00:00:00+09:00`),
    );
    expect(index).toBeGreaterThan(0);
    const beforeSplit = index - 1;
    const n = none.data.bars;
    const f = forward.data.bars;
    const b = backward.data.bars;
    expect(n).toHaveLength(f.length);
    expect(n).toHaveLength(b.length);
    // The raw series halves overnight; the adjusted ones do not.
    expect(Number(n[beforeSplit]!.close) / Number(n[index]!.open)).toBeGreaterThan(1.6);
    expect(Number(f[beforeSplit]!.close) / Number(f[index]!.open)).toBeLessThan(1.25);
    expect(Number(b[beforeSplit]!.close) / Number(b[index]!.open)).toBeLessThan(1.25);
    // Forward: history before the ex-date halves, later bars are untouched.
    expect(Number(f[beforeSplit]!.close)).toBeCloseTo(Number(n[beforeSplit]!.close) / 2, 0);
    expect(f.at(-1)).toEqual(n.at(-1));
    expect(f[beforeSplit]!.volume).toBe(n[beforeSplit]!.volume * 2);
    // Forward is what a chart gets unless it asks otherwise: the split is not a crash by default.
    const unstated = await kline({ code: '8035', period: 'day', size: 1000 });
    expect(unstated.data.adjust).toBe('forward');
    expect(unstated.data.bars).toEqual(f);
    // Backward: history stays, bars from the ex-date on double.
    expect(b[beforeSplit]).toEqual(n[beforeSplit]);
    expect(Number(b.at(-1)!.close)).toBeCloseTo(Number(n.at(-1)!.close) * 2, 0);
    // A live price is drawn on those bars times the same factor; the other modes leave it as it is.
    expect(backward.data.liveFactor).toBe('2');
    expect(forward.data.liveFactor).toBe('1');
    expect(none.data.liveFactor).toBe('1');
    const month = await kline({ code: '8035', period: 'month', adjust: 'backward', size: 5 });
    expect(month.data.liveFactor).toBe('2');
    // A page taken before the split is adjusted just like the whole series.
    const page = await kline({
      code: '8035',
      period: 'day',
      adjust: 'forward',
      size: 5,
      before: f[index]!.time,
    });
    expect(page.data.bars).toEqual(f.slice(index - 5, index));
  });

  it('refuses bad period, adjust, size and before as bad requests naming the field, and unknown codes as not found', async () => {
    expect(await kline({ code: '7203', period: '2m' })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'period' },
    });
    expect(await kline({ code: '7203', adjust: 'sideways' })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'adjust' },
    });
    expect(await kline({ code: '7203', size: 0 })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'size' },
    });
    expect(await kline({ code: '7203', size: 5000 })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'size' },
    });
    expect(await kline({ code: '7203', before: 'yesterday' })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'before' },
    });
    expect(await kline({ code: '1234' })).toMatchObject({
      status: 0,
      msg: 'not_found',
      data: { field: 'code' },
    });
  });
});

describe('/market/rankings', () => {
  type Rankings = ResponseOf<typeof API.rankingsCall>;

  it('ranks the market’s stocks over each window, best first, with longer windows reaching further back', async () => {
    const froms: string[] = [];
    for (const window of ['1w', '1m', '3m', '6m'] as const) {
      const res = await api<Rankings>(
        t.app,
        '/market/rankings',
        { window, type: 'jpy' },
        { headers: { language: 'us' } },
      );
      expect(res.status).toBe(1);
      expect(res.data.window).toBe(window);
      expect(res.data.list.map((r) => r.code).sort()).toEqual(['6758', '7203', '8035', '9432']);
      const percents = res.data.list.map((r) => Number(r.changePercent));
      expect(percents).toEqual([...percents].sort((a, b) => b - a));
      for (const row of res.data.list) {
        expect(Number(row.change)).toBeCloseTo(Number(row.close) - Number(row.open), 5);
        expect(Number(row.low)).toBeLessThanOrEqual(Math.min(Number(row.open), Number(row.close)));
        expect(Number(row.high)).toBeGreaterThanOrEqual(Math.max(Number(row.open), Number(row.close)));
      }
      froms.push(res.data.from);
    }
    expect(froms).toEqual([...froms].sort().reverse());
  });

  it('does not show a split inside the window as a crash', async () => {
    const res = await api<Rankings>(t.app, '/market/rankings', { window: '6m', type: 'jpy' });
    const row = res.data.list.find((r) => r.code === '8035')!;
    expect(Math.abs(Number(row.changePercent))).toBeLessThan(45);
  });

  it('answers on a cold start from the recent days alone, with the figures the whole adjusted history gives', async () => {
    const { klines } = t.ctx.marketData;
    klines.clear();
    const wholeHistory = vi.spyOn(barStore, 'days');
    const answers = [];
    try {
      for (const window of ['1w', '1m', '3m', '6m'] as const) {
        const res = await api<Rankings>(t.app, '/market/rankings', { window, type: 'jpy' });
        expect(res.status).toBe(1);
        answers.push(res.data);
      }
      expect(wholeHistory).not.toHaveBeenCalled();
    } finally {
      wholeHistory.mockRestore();
    }
    // The same figures from each stock's whole forward-adjusted history (the chart's series).
    for (const answer of answers) {
      expect(answer.list.length).toBe(4);
      for (const row of answer.list) {
        const days = (await klines.adjustedDays(row.code, 'jpy', 'forward')).filter(
          (d) => d.day >= answer.from,
        );
        const expected = {
          open: Number(days[0]!.open),
          close: Number(days.at(-1)!.close),
          high: Math.max(...days.map((d) => Number(d.high))),
          low: Math.min(...days.map((d) => Number(d.low))),
        };
        expect({
          open: Number(row.open),
          close: Number(row.close),
          high: Number(row.high),
          low: Number(row.low),
        }).toEqual(expected);
      }
    }
  });

  it('refuses an unknown window', async () => {
    expect(await api(t.app, '/market/rankings', { window: '2w' })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'window' },
    });
    expect(await api(t.app, '/market/rankings', { type: 'eur' })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'type' },
    });
  });
});

describe('/market/company, /market/hot, /market/overview', () => {
  it('describes a company with its market capitalisation', async () => {
    const res = await api<ResponseOf<typeof API.companyCall>>(
      t.app,
      '/market/company',
      { code: '9432' },
      { headers: { language: 'jp' } },
    );
    expect(res.data).toMatchObject({
      name: '日本電信電話',
      sharesOutstanding: 90_551_316_400,
      currency: 'JPY',
      simulated: true,
    });
    expect(Number(res.data.marketCap)).toBeCloseTo(Number(res.data.price) * 90_551_316_400, 0);
    const index = await api<ResponseOf<typeof API.companyCall>>(t.app, '/market/company', { code: '^N225' });
    expect(index.data).toMatchObject({ kind: 'index', sharesOutstanding: null, marketCap: null });
  });

  it('lists the most traded stocks as popular', async () => {
    t.ctx.market.ingest({
      code: '600519',
      market: 'cny',
      price: '1500.00',
      volume: 1_000_000,
      time: TEST_NOW,
    });
    const res = await api<{ list: Quote[] }>(t.app, '/market/hot', { type: 'cny' });
    expect(res.data.list[0]?.code).toBe('600519');
    expect(res.data.list.every((q) => q.market === 'cny' && q.kind === 'stock')).toBe(true);
  });

  it('summarises the market: indices, sectors, alerts at the limit, simulated short selling, companies', async () => {
    const limitUp = t.ctx.market.quote('605999')!.limitUp!;
    t.ctx.market.ingest({ code: '605999', market: 'cny', price: limitUp, volume: 100, time: TEST_NOW });
    const flat = t.ctx.market.quote('600519')!.previousClose;
    t.ctx.market.ingest({
      code: '600519',
      market: 'cny',
      price: flat,
      volume: 100_000_000_000,
      time: TEST_NOW,
    });
    const res = await api<ResponseOf<typeof API.overviewCall>>(
      t.app,
      '/market/overview',
      { type: 'cny' },
      { headers: { language: 'cn' } },
    );
    expect(res.status).toBe(1);
    expect(res.data.indices[0]?.code).toBe('000001.SS');
    expect(res.data.alerts).toContainEqual(
      expect.objectContaining({ kind: 'limit_up', code: '605999', price: limitUp }),
    );
    // A day's volume of twice the stock's average day, at an unremarkable price, is a volume spike.
    expect(res.data.alerts).toContainEqual(expect.objectContaining({ kind: 'volume_spike', code: '600519' }));
    expect(res.data.shortSelling.simulated).toBe(true);
    expect(res.data.shortSelling.list.length).toBeGreaterThan(0);
    expect(res.data.sectors.map((s) => s.name)).toContain('饮料');
    expect(res.data.companies[0]?.code).toBe('600519');
    const again = await api<ResponseOf<typeof API.overviewCall>>(
      t.app,
      '/market/overview',
      { type: 'cny' },
      { headers: { language: 'cn' } },
    );
    expect(again.data.shortSelling).toEqual(res.data.shortSelling);
  });

  it('shows a closed market and its last trading day on a Sunday, never the next day', async () => {
    const sunday = await createTestApp({
      now: '2026-11-22T03:00:00Z',
      config: { marketHours: 'real', marketCodes: ['7203'], marketHistoryDays: 5, marketMinuteDays: 1 },
    });
    try {
      const res = await api<ResponseOf<typeof API.overviewCall>>(sunday.app, '/market/overview', {
        type: 'jpy',
      });
      expect(res.data).toMatchObject({ open: false, tradingDay: '2026-11-20' });
    } finally {
      await sunday.close();
    }
  });
});
