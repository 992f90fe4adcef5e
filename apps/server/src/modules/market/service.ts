import type { Language, Market, RankingWindow } from '@kabuto/contract';
import { Decimal } from '@kabuto/contract';
import { localDateOf, statusDay } from '@kabuto/domain';
import type { AppContext } from '../../context';
import { randomFor } from '../../market/random';
import type { InMemoryMarket } from '../../market/service';
import type { Quote } from '../../market/types';
import type { InstrumentSpec } from '../../market/universe';
import { latestNews } from '../news/port';
import type { KlineService } from './kline';
import { quoteView, sectorName } from './views';

/** A move at least this large (percent, either way) is a market alert (SPEC §2 "market alerts"). */
export const BIG_MOVE_PERCENT = 3;
/** A day's volume at least this many times the stock's average day is a market alert (a volume spike). */
export const VOLUME_SPIKE_RATIO = 2;
export const OVERVIEW_NEWS = 5;
export const OVERVIEW_COMPANIES = 10;
export const OVERVIEW_SHORT_SELLING = 10;
/** Calendar days of each ranking window (SPEC §10: 1w, 1m, 3m, 6m). */
export const RANKING_WINDOW_DAYS: Record<RankingWindow, number> = { '1w': 7, '1m': 30, '3m': 91, '6m': 182 };

const DAY_MS = 86_400_000;

/** Codes are typed in any case and width ("aapl", "７２０３"). */
export function normalizeCode(code: string): string {
  return code.normalize('NFKC').trim().toUpperCase();
}

function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Search by code or by name in any of the three languages (SPEC §2 /quotes/search): "7203",
 * "Toyota", "トヨタ" and "丰田" all find Toyota. Exact codes first, then code prefixes, name
 * prefixes, and anything containing the text; the selected market first within each.
 */
export function search(market: InMemoryMarket, q: string, selected: Market, limit: number): Quote[] {
  const query = normalizeText(q);
  if (!query) return [];
  const scored: Array<{ score: number; quote: Quote }> = [];
  for (const instrument of market.instruments()) {
    const code = instrument.code.toLowerCase();
    let score = Number.POSITIVE_INFINITY;
    if (code === query) score = 0;
    else if (code.startsWith(query)) score = 1;
    else if (code.includes(query)) score = 4;
    for (const name of Object.values(instrument.name)) {
      const text = normalizeText(name);
      if (text === query) score = Math.min(score, 1);
      else if (text.startsWith(query)) score = Math.min(score, 2);
      else if (text.includes(query)) score = Math.min(score, 3);
    }
    if (score === Number.POSITIVE_INFINITY) continue;
    const quote = market.quote(instrument.code);
    if (!quote) continue;
    scored.push({ score: score * 2 + (instrument.market === selected ? 0 : 1), quote });
  }
  scored.sort((a, b) => a.score - b.score || a.quote.code.localeCompare(b.quote.code));
  return scored.slice(0, limit).map((s) => s.quote);
}

function stocksOf(market: InMemoryMarket, selected: Market): InstrumentSpec[] {
  return market
    .instruments(selected)
    .map((i) => market.spec(i.code))
    .filter((s): s is InstrumentSpec => s !== null && s.kind === 'stock');
}

export function marketCap(spec: InstrumentSpec, price: string): string | null {
  return spec.sharesOutstanding === null ? null : new Decimal(price).times(spec.sharesOutstanding).toFixed();
}

function percent(value: Decimal): string {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * Rankings over a window (SPEC §2 home, §10): for each stock of the market its open on the
 * window's first trading day, its latest close, the extremes in between, and the change from that
 * open; forward-adjusted so a split inside the window is not a crash.
 */
export async function rankings(
  ctx: AppContext,
  market: InMemoryMarket,
  klines: KlineService,
  selected: Market,
  window: RankingWindow,
  language: Language,
  size: number,
) {
  const now = ctx.clock.now();
  const windowStart = (days: number) => localDateOf(selected, new Date(now.getTime() - days * DAY_MS));
  const from = windowStart(RANKING_WINDOW_DAYS[window]);
  const specs = stocksOf(market, selected);
  // The longest window's days, loaded once for every window of the day.
  const recent = await klines.recentDays(
    specs.map((s) => s.code),
    selected,
    windowStart(Math.max(...Object.values(RANKING_WINDOW_DAYS))),
  );
  let first = '';
  let last = '';
  const rows = [];
  for (const spec of specs) {
    const days = (recent.get(spec.code) ?? []).filter((d) => d.day >= from);
    const start = days[0];
    const end = days[days.length - 1];
    if (!start || !end) continue;
    if (!first || start.day < first) first = start.day;
    if (end.day > last) last = end.day;
    let high = new Decimal(start.high);
    let low = new Decimal(start.low);
    for (const d of days) {
      if (high.lt(d.high)) high = new Decimal(d.high);
      if (low.gt(d.low)) low = new Decimal(d.low);
    }
    const open = new Decimal(start.open);
    const change = new Decimal(end.close).minus(open);
    rows.push({
      code: spec.code,
      name: spec.name[language],
      market: selected,
      sectorName: sectorName(spec.sector, language),
      open: start.open,
      close: end.close,
      high: high.toFixed(),
      low: low.toFixed(),
      change: change.toFixed(),
      changePercent: percent(change.dividedBy(open).times(100)),
      sortKey: change.dividedBy(open).toNumber(),
    });
  }
  rows.sort((a, b) => b.sortKey - a.sortKey || a.code.localeCompare(b.code));
  return {
    window,
    from: first || from,
    to: last || market.tradingDay(selected, now),
    list: rows.slice(0, size).map(({ sortKey: _sortKey, ...row }) => row),
    simulated: true,
  };
}

/** Popular stocks: the most traded value today; before the first trade, the largest companies. */
export function hot(market: InMemoryMarket, selected: Market, size: number): Quote[] {
  const quotes = stocksOf(market, selected)
    .map((spec) => ({ spec, quote: market.quote(spec.code) }))
    .filter((x): x is { spec: InstrumentSpec; quote: Quote } => x.quote !== null);
  const capOf = (x: { spec: InstrumentSpec; quote: Quote }) => Number(marketCap(x.spec, x.quote.price) ?? 0);
  quotes.sort((a, b) => Number(b.quote.turnover) - Number(a.quote.turnover) || capOf(b) - capOf(a));
  return quotes.slice(0, size).map((x) => x.quote);
}

/**
 * Simulated short-selling ratio of a stock on a trading day (SPEC §0.8: labelled simulated):
 * drawn from the market seed, so every node and every reload shows the same figure.
 */
export function shortSellingRatio(seed: string, code: string, day: string): Decimal {
  const random = randomFor(seed, 'short-selling', code, day);
  return new Decimal(5 + random.next() * 35).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export async function overview(
  ctx: AppContext,
  market: InMemoryMarket,
  selected: Market,
  language: Language,
) {
  const now = ctx.clock.now();
  const day = market.tradingDay(selected, now);
  const open = market.isOpen(selected, now);
  const indices = market
    .instruments()
    .filter((i) => i.kind === 'index')
    .sort((a, b) => Number(b.market === selected) - Number(a.market === selected))
    .map((i) => market.quote(i.code))
    .filter((q): q is Quote => q !== null)
    .map((q) => quoteView(q, language));

  const stocks = stocksOf(market, selected)
    .map((spec) => ({ spec, quote: market.quote(spec.code) }))
    .filter((x): x is { spec: InstrumentSpec; quote: Quote } => x.quote !== null);

  const bySector = new Map<string, typeof stocks>();
  for (const s of stocks) bySector.set(s.spec.sector, [...(bySector.get(s.spec.sector) ?? []), s]);
  const sectors = [...bySector].map(([sector, members]) => {
    const sum = members.reduce((acc, m) => acc.plus(m.quote.changePercent), new Decimal(0));
    const leader = members.reduce((best, m) =>
      Number(m.quote.changePercent) > Number(best.quote.changePercent) ? m : best,
    );
    return {
      sector,
      name: sectorName(sector, language),
      count: members.length,
      advancers: members.filter((m) => Number(m.quote.change) > 0).length,
      decliners: members.filter((m) => Number(m.quote.change) < 0).length,
      averageChangePercent: percent(sum.dividedBy(members.length)),
      leader: {
        code: leader.spec.code,
        name: leader.spec.name[language],
        changePercent: leader.quote.changePercent,
      },
    };
  });
  sectors.sort((a, b) => Number(b.averageChangePercent) - Number(a.averageChangePercent));

  const alerts = [];
  for (const { spec, quote } of stocks) {
    const kind =
      quote.limitUp !== null && quote.price === quote.limitUp
        ? ('limit_up' as const)
        : quote.limitDown !== null && quote.price === quote.limitDown
          ? ('limit_down' as const)
          : Number(quote.changePercent) >= BIG_MOVE_PERCENT
            ? ('big_gain' as const)
            : Number(quote.changePercent) <= -BIG_MOVE_PERCENT
              ? ('big_loss' as const)
              : quote.volume >= VOLUME_SPIKE_RATIO * spec.averageDailyVolume
                ? ('volume_spike' as const)
                : null;
    if (kind)
      alerts.push({
        kind,
        code: spec.code,
        name: spec.name[language],
        price: quote.price,
        changePercent: quote.changePercent,
      });
  }
  alerts.sort((a, b) => Math.abs(Number(b.changePercent)) - Math.abs(Number(a.changePercent)));

  const shorts = stocks.map(({ spec }) => {
    const ratio = shortSellingRatio(ctx.config.marketSeed, spec.code, day);
    return {
      code: spec.code,
      name: spec.name[language],
      ratioPercent: ratio.toFixed(2),
      balance: Math.round((spec.averageDailyVolume * ratio.toNumber()) / 100),
    };
  });
  shorts.sort((a, b) => Number(b.ratioPercent) - Number(a.ratioPercent));
  const shortSum = shorts.reduce((acc, s) => acc.plus(s.ratioPercent), new Decimal(0));

  const companies = stocks
    .map(({ spec, quote }) => ({
      code: spec.code,
      name: spec.name[language],
      sectorName: sectorName(spec.sector, language),
      price: quote.price,
      changePercent: quote.changePercent,
      marketCap: marketCap(spec, quote.price),
    }))
    .sort((a, b) => Number(b.marketCap ?? 0) - Number(a.marketCap ?? 0))
    .slice(0, OVERVIEW_COMPANIES);

  return {
    market: selected,
    open,
    // The status never names a day still to come (a Sunday shows Friday, closed).
    tradingDay: statusDay(selected, now, open),
    indices,
    news: await latestNews(ctx.db, language, OVERVIEW_NEWS),
    sectors,
    alerts,
    shortSelling: {
      simulated: true as const,
      marketRatioPercent: shorts.length > 0 ? percent(shortSum.dividedBy(shorts.length)) : '0.00',
      list: shorts.slice(0, OVERVIEW_SHORT_SELLING),
    },
    breadth: {
      advancers: stocks.filter((s) => Number(s.quote.change) > 0).length,
      decliners: stocks.filter((s) => Number(s.quote.change) < 0).length,
      unchanged: stocks.filter((s) => Number(s.quote.change) === 0).length,
    },
    companies,
    simulated: true,
  };
}
