import { defineMessages } from '../../../shared/i18n/define';
import { messages as cn } from './cn';
import { messages as jp } from './jp';
import { messages as us } from './us';

/**
 * The day-trading program (SPEC §2 /home/withinDays, §4, §5, §6.5). Each language is a module of its own.
 */
export const daytradeI18n = defineMessages('daytrade', { cn, us, jp });
