import { defineMessages } from '../../../shared/i18n/define';
import { messages as cn } from './cn';
import { messages as jp } from './jp';
import { messages as us } from './us';

/** The `market` namespace in every language; each language is a module of its own. */
export const marketI18n = defineMessages('market', { cn, us, jp });
