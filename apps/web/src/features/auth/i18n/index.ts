import { defineMessages } from '../../../shared/i18n/define';
import { messages as cn } from './cn';
import { messages as jp } from './jp';
import { messages as us } from './us';

/**
 * The auth namespace in every language (types and translation checks). Each language is a module
 * of its own: the app loads only the reader's (shared/i18n/index.ts), since these screens are the
 * first a visitor sees.
 */
export const authI18n = defineMessages('auth', { cn, us, jp });
