import { defineMessages } from '../../../shared/i18n/define';
import { messages as cn } from './cn';
import { messages as jp } from './jp';
import { messages as us } from './us';

/**
 * Block trades (SPEC §2 /home/large…, §6.5). Each language is a module of its own.
 */
export const blockI18n = defineMessages('block', { cn, us, jp });
