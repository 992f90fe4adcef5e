import { defineMessages } from '../../../shared/i18n/define';
import { messages as cn } from './cn';
import { messages as jp } from './jp';
import { messages as us } from './us';

/**
 * Copy trading (SPEC §2 /home/qcList, /home/follow, /mine/followOrder; §6.5). Each language is a module of its own.
 */
export const copyI18n = defineMessages('copy', { cn, us, jp });
