export * from './calendar';
export * from './price-limits';
