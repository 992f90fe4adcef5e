import { TEXTS } from './texts';

/** The whole back office in English (the e2e journeys read it). */
export const us = TEXTS.us;
