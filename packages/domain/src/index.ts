export * from './adjustment';
export * from './bars';
export * from './calendar';
export * from './ledger';
export * from './lottery';
export * from './price-limits';
export { sha256Hex } from './sha256';
export * from './trading';
