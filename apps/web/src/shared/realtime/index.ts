export type { BackoffOptions } from './backoff';
export { type Flash, flashOf } from './flash';
export {
  quoteStream,
  quoteStreamUrl,
  tickOfQuote,
  useLiveQuote,
  useLiveQuotes,
  useQuoteStreamStatus,
} from './live-quote';
export { mergeLive, type QuoteFields } from './merge';
export * from './quote-stream';
export { RefCounter } from './ref-counter';
