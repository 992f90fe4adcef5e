export { formatMarketMoney, formatMoney, formatMoneyWithSymbol } from './money';
export {
  COLOR_SCHEMES,
  type ColorScheme,
  formatPercent,
  formatPrice,
  formatSigned,
  TREND_ARROW,
  type Trend,
  type TrendColor,
  toDecimal,
  trendColor,
  trendOf,
  upColorOf,
} from './price';
export {
  formatDay,
  formatWhen,
  type TimeBasis,
  type TimeStyle,
  zoneLabel,
  zoneOf,
} from './time';
