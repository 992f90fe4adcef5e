import { defineMessages } from '../../../shared/i18n/define';
import { messages as cn } from './cn';
import { messages as jp } from './jp';
import { messages as us } from './us';

/** The `mine` namespace in every language; each language is a module of its own. */
export const mineI18n = defineMessages('mine', { cn, us, jp });
