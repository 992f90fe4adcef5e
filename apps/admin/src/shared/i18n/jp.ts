import { TEXTS } from './texts';

/** The whole back office in Japanese (the e2e journeys read it). */
export const jp = TEXTS.jp;
