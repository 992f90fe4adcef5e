/** What the copy-trading module offers: the `copyTrading` port's type (ports.ts). */
export type { CopyPort } from './routes';
