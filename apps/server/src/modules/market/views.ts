import type { Language, QuoteView } from '@kabuto/contract';
import { MARKET_CURRENCY } from '@kabuto/contract';
import type { Quote } from '../../market/types';
import { SECTORS } from '../../market/universe';

export function sectorName(sector: string, language: Language): string {
  return SECTORS[sector]?.[language] ?? sector;
}

/** A quote as the contract shows it: names in the reader's language, always labelled (SPEC §0.8). */
export function quoteView(quote: Quote, language: Language): QuoteView {
  return {
    code: quote.code,
    market: quote.market,
    kind: quote.kind,
    name: quote.name[language] ?? quote.name.jp,
    names: quote.name,
    sector: quote.sector,
    sectorName: sectorName(quote.sector, language),
    currency: MARKET_CURRENCY[quote.market],
    price: quote.price,
    previousClose: quote.previousClose,
    open: quote.open,
    high: quote.high,
    low: quote.low,
    change: quote.change,
    changePercent: quote.changePercent,
    volume: quote.volume,
    turnover: quote.turnover,
    limitUp: quote.limitUp,
    limitDown: quote.limitDown,
    time: quote.time,
    simulated: quote.simulated,
  };
}
