export * from './admin';
export * from './api';
export * from './enums';
export * from './envelope';
export * from './fields';
export * from './keys';
export * from './messages';
export * from './money';
