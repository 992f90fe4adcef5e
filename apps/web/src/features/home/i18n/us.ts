import type { messages as cn } from './cn';

/** The `home` namespace in English. */
export const messages: typeof cn = {
  entries: {
    title: 'Services',
    newShare: 'New shares',
    newShareHint: 'Join IPO lotteries',
    blockTrade: 'Block trade',
    blockTradeHint: 'Buy at a block price',
    copyTrading: 'Copy trading',
    copyTradingHint: 'Follow quant strategies',
    dayTrading: 'Day trading',
    dayTradingHint: 'Intraday program',
  },
  sections: {
    popularStocks: 'Popular stocks',
    indices: 'Indices',
    rankings: 'Rankings',
    popularNews: 'Popular news',
    noStocks: 'No quotes yet',
    noNews: 'No news yet',
  },
  rankings: {
    range: '{{from}} to {{to}}',
    open: 'O',
    close: 'C',
    high: 'H',
    low: 'L',
    change: 'Change over the window',
  },
  news: { sample: 'Sample' },
  windows: { '1w': '1W', '1m': '1M', '3m': '3M', '6m': '6M' },
};
