/** What the market module offers other modules: the `marketData` port's type (ports.ts). */
export type { MarketData } from './routes';
