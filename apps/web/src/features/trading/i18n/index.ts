import { defineMessages } from '../../../shared/i18n/define';
import { messages as cn } from './cn';
import { messages as jp } from './jp';
import { messages as us } from './us';

/**
 * Order sheet, positions and position detail (SPEC §2, §4, §5, §6.3). Each language is a module of its own.
 */
export const tradingI18n = defineMessages('trading', { cn, us, jp });
