import { defineMessages } from '../../../shared/i18n/define';
import { messages as cn } from './cn';
import { messages as jp } from './jp';
import { messages as us } from './us';

/**
 * Real-name verification and bank cards (SPEC §2, §5, §6.6). Each language is a module of its own.
 */
export const identityI18n = defineMessages('identity', { cn, us, jp });
