/**
 * What the users module offers other modules: the `accounts` port (ports.ts) with the users'
 * context, fund records and ledger records, the credit score's events, and what the back office
 * shows and resets of a user's sign-in security.
 */
export { recordCreditEvent } from './credit';
export { deviceOf } from './device';
export { factorsOf, resetSecondFactors, sendFactorsResetMessage } from './security';
export {
  type AccountsPort,
  type FundRecordView,
  ledgerRecords,
  movementsOf,
  type UsersContext,
  type Valuation,
} from './service';
