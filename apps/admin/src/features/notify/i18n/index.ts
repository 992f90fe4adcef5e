import { texts as cn } from './cn';
import { texts as jp } from './jp';
import { texts as us } from './us';

/** The back office's alerts and notifications overview, in every language (the key paths of the whole tree). */
export const notifyTexts = { cn, us, jp };
