/** The back-office areas, each a module of call definitions. */
export * as audit from './audit';
export * as auth from './auth';
export * as block from './block';
export * as clock from './clock';
export * as content from './content';
export * as copy from './copy';
export * as dashboard from './dashboard';
export * as daytrade from './daytrade';
export * as ipo from './ipo';
export * as notify from './notify';
export * as operators from './operators';
export * as reviews from './reviews';
export * as settings from './settings';
export * as users from './users';
