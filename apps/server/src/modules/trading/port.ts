/**
 * What the trading module offers other modules: the `trading` and `openPositions` ports
 * (ports.ts), the trading context and the day-trading gate, placing an order and closing or
 * settling a position (copy trading, day trading), the row of allotted shares (block trades, new
 * shares), the position row and its view; the price book, which price alerts file their
 * thresholds in as the engine files orders.
 */
export { type BookEntry, type BookSide, PriceBook } from './book';
export { type DayTradeGate, LIVE_STATES, type TradingContext } from './context';
export { placeOrder } from './orders';
export { allottedPosition, closeDayPosition, closePosition, settle } from './positions';
export type { OpenPositionsPort, TradingPort } from './routes';
export type { PositionRow } from './tables';
export { formatPrice, positionView } from './views';
