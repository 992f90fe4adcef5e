import { messages as cn } from './common/cn';
import { messages as jp } from './common/jp';
import { messages as us } from './common/us';
import { defineMessages } from './define';

/**
 * Text of the shared pieces: tab bar, headers, account panel, startup, lists (SPEC §2), in every
 * language (types and translation checks). Each language is a module of its own: the app starts
 * with the startup screen's texts (`common/startup.ts`) and loads the reader's language with the
 * config.
 */
export const commonI18n = defineMessages('common', { cn, us, jp });
