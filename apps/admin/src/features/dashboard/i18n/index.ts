import { texts as cn } from './cn';
import { texts as jp } from './jp';
import { texts as us } from './us';

/** The back office's dashboard, in every language (the key paths of the whole tree). */
export const dashboardTexts = { cn, us, jp };
