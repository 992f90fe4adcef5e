export * from './api';
export * from './enums';
export * from './envelope';
export * from './keys';
export * from './money';
