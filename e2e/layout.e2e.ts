import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../apps/web/src/shared/routing/paths';
import {
  fundedInvestor,
  LANGUAGES,
  launch,
  layoutFaults,
  openAs,
  openRoute,
  phone,
  type Session,
} from './support';

/**
 * Every screen of the investor app, signed in with some data (a deposit, its fund record and
 * message), in three languages at 320 and 390 px: no page scrolls sideways and no amount of money
 * is cut (SPEC §12). One visit per route, language and width, no waiting beyond the screen
 * settling.
 */
const SIGNED_OUT = new Set<string>([
  PATHS.start,
  PATHS.logon,
  PATHS.login,
  PATHS.register,
  PATHS.loginAfter,
  PATHS.changeLang,
]);
const ROUTES = [...new Set(Object.values(PATHS))].filter((route) => !SIGNED_OUT.has(route));
const WIDTHS = [320, 390] as const;

let browser: Browser;
let session: Session;

beforeAll(async () => {
  browser = await launch();
  session = await fundedInvestor({ prefix: 'layout' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('every investor screen fits the phone and never cuts an amount', () => {
  for (const lang of LANGUAGES)
    for (const width of WIDTHS)
      it(`${lang} at ${width} px`, async () => {
        const page: Page = await phone(browser, lang);
        await page.setViewportSize({ width, height: 844 });
        await openAs(page, session, PATHS.home);
        const found: string[] = [];
        for (const route of ROUTES) {
          await openRoute(page, route.replace(/^\//, ''));
          for (const fault of await layoutFaults(page)) found.push(`${route}: ${fault}`);
        }
        await page.context().close();
        expect(found).toEqual([]);
      }, 300_000);
});
