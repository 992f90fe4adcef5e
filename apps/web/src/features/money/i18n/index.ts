import { defineMessages } from '../../../shared/i18n/define';
import { messages as cn } from './cn';
import { messages as jp } from './jp';
import { messages as us } from './us';

/**
 * Deposits, withdrawals, exchange and fund records (SPEC §2, §6.4). Each language is a module of its own.
 */
export const moneyI18n = defineMessages('money', { cn, us, jp });
