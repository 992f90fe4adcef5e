/**
 * What the trading module offers other modules: the `trading` and `openPositions` ports
 * (ports.ts), the trading context and the day-trading gate, placing an order and closing or
 * settling a position (copy trading, day trading), the row of allotted shares (block trades, new
 * shares), the position row and its view.
 */
export { type DayTradeGate, LIVE_STATES, type TradingContext } from './context';
export { placeOrder } from './orders';
export { allottedPosition, closeDayPosition, closePosition, settle } from './positions';
export type { OpenPositionsPort, TradingPort } from './routes';
export type { PositionRow } from './tables';
export { formatPrice, positionView } from './views';
