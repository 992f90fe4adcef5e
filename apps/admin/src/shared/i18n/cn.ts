import { TEXTS } from './texts';

/** The whole back office in Simplified Chinese (the e2e journeys read it). */
export const cn = TEXTS.cn;
