import type { messages as cn } from './cn';

/** The `home` namespace in Japanese. */
export const messages: typeof cn = {
  entries: {
    title: 'サービス',
    newShare: '新規公開株',
    newShareHint: 'IPO抽選に申し込む',
    blockTrade: 'ブロック取引',
    blockTradeHint: 'ブロック価格で購入',
    copyTrading: 'コピートレード',
    copyTradingHint: 'クオンツ戦略に連動',
    dayTrading: 'デイトレード',
    dayTradingHint: '当日取引プログラム',
  },
  sections: {
    popularStocks: '人気銘柄',
    indices: '主要指数',
    rankings: '騰落ランキング',
    popularNews: '注目ニュース',
    noStocks: '相場情報はまだありません',
    noNews: 'ニュースはまだありません',
  },
  rankings: {
    range: '{{from}} 〜 {{to}}',
    open: '始',
    close: '終',
    high: '高',
    low: '安',
    change: '期間騰落率',
  },
  news: { sample: 'サンプル' },
  windows: { '1w': '1週間', '1m': '1か月', '3m': '3か月', '6m': '6か月' },
};
