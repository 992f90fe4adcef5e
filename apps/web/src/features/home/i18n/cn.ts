/** The `home` namespace in Simplified Chinese (sets the keys). */
export const messages = {
  entries: {
    title: '交易服务',
    newShare: '新股申购',
    newShareHint: '参与新股抽签',
    blockTrade: '大宗交易',
    blockTradeHint: '以大宗价格买入',
    copyTrading: '跟单交易',
    copyTradingHint: '跟随量化策略',
    dayTrading: '日内交易',
    dayTradingHint: '当日交易计划',
  },
  sections: {
    popularStocks: '热门股票',
    indices: '主要指数',
    rankings: '涨跌排行',
    popularNews: '热门资讯',
    noStocks: '暂无行情',
    noNews: '暂无资讯',
  },
  rankings: {
    range: '{{from}} 至 {{to}}',
    open: '开',
    close: '收',
    high: '高',
    low: '低',
    change: '区间涨跌',
  },
  news: { sample: '示例' },
  windows: { '1w': '近1周', '1m': '近1月', '3m': '近3月', '6m': '近6月' },
};
