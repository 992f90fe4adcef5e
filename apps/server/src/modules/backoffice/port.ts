/**
 * What the back office offers other modules: registering a back-office call (`adminCall`, the
 * one way a module adds an operator endpoint), its common request parts and refusals, and the
 * page query of its lists.
 */
export { adminCall, idParam, reasonField, refuseAdmin } from './http';
export { pageQuery } from './users';
