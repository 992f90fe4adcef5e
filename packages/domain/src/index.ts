export * from './adjustment';
export * from './bars';
export * from './calendar';
export * from './ledger';
export * from './price-limits';
export * from './trading';
