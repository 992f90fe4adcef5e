/**
 * What the identity module offers other modules: a user's bank cards (withdrawals pay to one),
 * the path operators read stored images under, and two helpers every writer of unique rows or
 * three-language texts uses.
 */
export { findCard, maskCardNumber } from './cards';
export { i18n, isUniqueViolation } from './common';
export { ADMIN_FILE_PATH } from './kyc';
export type { BankCard } from './tables';
