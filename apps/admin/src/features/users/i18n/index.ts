import { texts as cn } from './cn';
import { texts as jp } from './jp';
import { texts as us } from './us';

/** The back office's users: list, user page, security, alerts and push devices, sessions, positions and adjustments, in every language (the key paths of the whole tree). */
export const usersTexts = { cn, us, jp };
