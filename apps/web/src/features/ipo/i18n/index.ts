import { defineMessages } from '../../../shared/i18n/define';
import { messages as cn } from './cn';
import { messages as jp } from './jp';
import { messages as us } from './us';

/**
 * New shares (SPEC §2 /home/newShare, /home/newShareInfo, /mine/newShareOrder, §6.5). Each language is a module of its own.
 */
export const ipoI18n = defineMessages('ipo', { cn, us, jp });
