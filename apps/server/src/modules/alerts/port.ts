/**
 * What the alerts module offers other modules: the `alerts` port (ports.ts), the watcher that
 * fires price alerts on ticks (tests and benchmarks wait on it).
 */
export type { AlertsPort } from './routes';
