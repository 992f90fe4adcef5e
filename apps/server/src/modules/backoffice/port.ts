/**
 * What the back office offers other modules: registering a back-office call (`adminCall`, the
 * one way a module adds an operator endpoint, with its definition from the contract), its
 * refusals, and the "change with a reason" helpers that every operator edit goes through.
 */
export { adminCall, changeWithReason, reasonedChanges, refuseAdmin } from './http';
