export * from './calendar';
export * from './price-limits';
export * from './trading';
