import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGE_TEMPLATES } from '@kabuto/contract';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  decryptPush,
  type ReceivedPush,
  subscriptionOf,
  testDevice,
  testPushService,
} from '../apps/server/src/modules/notify/testing';
import { commonI18n } from '../apps/web/src/shared/i18n/common';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../test/chromium';
import { at, fill, looksRight, pickStock, quote } from './orders';
import {
  apiCall,
  baseUrl,
  LANGUAGES,
  launch,
  openAs,
  phone,
  registeredInvestor,
  saw,
  serverNow,
  shot,
  uniqueAccount,
} from './support';

/**
 * Alerts that reach the phone (SPEC §13.3) in the browser at 390 px: an alert added from the
 * stock screen's sheet, prefilled with the price, set just under it so the next tick crosses it;
 * the toast and the bell's count arrive over the WebSocket within 2 s of the fire, and the push
 * reaches the investor's device (a push service on loopback, which the journeys' server accepts:
 * e2e/global-setup.ts) in the investor's language. The app is installable by Chromium's own
 * checks (those Lighthouse ran) and starts offline from its service worker, showing the offline
 * notice with the last prices' time.
 */

type Push = ReceivedPush;
let browser: Browser;
let push: Awaited<ReturnType<typeof testPushService>>;
beforeAll(async () => {
  browser = await launch();
  push = await testPushService(inject('pushPort'));
});
afterAll(async () => {
  await browser?.close();
  await push?.close();
});

/** The title of a price alert's message in `lang`, up to the stock's name. */
const alertTitle = (lang: (typeof LANGUAGES)[number]) =>
  MESSAGE_TEMPLATES.alert_above[lang].title.replace('{name}', '').trim();

/** The bell's unread count as the header's button names it, or 0 without a badge. */
async function bellCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const badge = document.querySelector('.kb-index-header .adm-badge-content, header .adm-badge-content');
    return badge ? Number((badge.textContent ?? '0').replace(/\D/g, '')) || 0 : 0;
  });
}

describe.each(LANGUAGES)('alerts and notifications in %s', (lang) => {
  it('adds an alert from the stock screen; its fire shows as a toast and on the bell, and is pushed in the language', async () => {
    const session = await registeredInvestor(uniqueAccount(`al${lang}`));
    const device = testDevice(`${push.origin}/${lang}/${Date.now()}`);
    const subscribed = await apiCall<{ devices: number }>(
      '/user/pushSubscribe',
      { subscription: subscriptionOf(device) },
      session,
    );
    expect(subscribed).toMatchObject({ status: 1, data: { devices: 1 } });

    const code = await pickStock();
    const page = await phone(browser, lang);
    await openAs(page, session, `/quotes/info?code=${code}`);
    await page.getByTestId('alert-open').click({ timeout: 20_000 });
    const sheet = page.getByTestId('alert-sheet');
    const value = sheet.locator('#alert-value');
    // Prefilled with the price the screen shows.
    await expect.poll(() => value.inputValue(), { timeout: 15_000 }).toMatch(/^\d+(\.\d+)?$/);
    await looksRight(page);
    await shot(page, lang, 'alerts-sheet');

    // "Price above" 1 % under the price: the next tick crosses it.
    const { price } = await quote(code);
    await fill(value, at(price.times('0.99')));
    const unreadBefore = await bellCount(page);
    // The moment the toast is drawn, taken in the page (a poll from here would add its own delay).
    await page.evaluate(() => {
      const seen = window as unknown as { toastAt?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="notice-toast"]')) {
          seen.toastAt = Date.now();
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const serverAhead = (await serverNow()) - Date.now();
    await sheet.getByTestId('alert-submit').click();
    const toast = page.getByTestId('notice-toast');
    await toast.waitFor({ state: 'visible', timeout: 15_000 });
    await saw(page, alertTitle(lang), { scope: toast });
    await shot(page, lang, 'alerts-fired-toast');

    const list = await apiCall<{ list: Array<{ code: string; active: boolean; firedAt: string | null }> }>(
      '/user/alertList',
      {},
      session,
    );
    expect(list.data.list).toEqual([expect.objectContaining({ code, active: false })]);
    // From the fire (the server's clock) to the toast (the page's): one notifier step, 1 s, and
    // the socket; bounded here with room for a machine running every suite at once.
    const toastAt = await page.evaluate(() => (window as unknown as { toastAt?: number }).toastAt ?? 0);
    const lateMs = toastAt + serverAhead - Date.parse(list.data.list[0]!.firedAt!);
    console.log(`alerts journey (${lang}): toast ${lateMs} ms after the fire`);
    expect(lateMs).toBeLessThan(5_000);

    // The bell, on the home screen's header, counts it.
    await page.goto(`${baseUrl()}/#/home/home`);
    await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBeGreaterThan(unreadBefore);

    // The push, encrypted to the device, in the investor's language.
    let received: Push | undefined;
    await expect
      .poll(
        () => {
          received = push.received.find((r) => r.path === new URL(device.endpoint).pathname);
          return received !== undefined;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const payload = JSON.parse(decryptPush(received!.body, device)) as { title: string; kind: string };
    expect(payload.kind).toBe('alert');
    expect(payload.title).toContain(alertTitle(lang));

    // The list screen.
    await page.goto(`${baseUrl()}/#/mine/alerts`);
    await page.getByTestId('alert-item').first().waitFor({ timeout: 15_000 });
    await looksRight(page);
    await shot(page, lang, 'alerts-list');
    await page.goto(`${baseUrl()}/#/mine/notifications`);
    await page.getByRole('switch').first().waitFor({ timeout: 15_000 });
    await looksRight(page);
    await shot(page, lang, 'alerts-notifications');
    await page.context().close();
  });

  it('is installable, and starts offline from its service worker with the offline notice', async () => {
    const common = commonI18n.resources[lang] as { notice: { offline: string } };
    const session = await registeredInvestor(uniqueAccount(`of${lang}`));
    // A profile of its own on disk: Chromium refuses to install from an incognito profile, which
    // is what a plain browser context is ("in-incognito" among the errors).
    const profile = mkdtempSync(path.join(os.tmpdir(), 'kabuto-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', ...CHROMIUM_FLAGS],
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      locale: { cn: 'zh-CN', us: 'en-US', jp: 'ja-JP' }[lang],
      reducedMotion: 'reduce',
    });
    await context.addInitScript((language) => localStorage.setItem('language', language), lang as string);
    const page = context.pages()[0] ?? (await context.newPage());
    await openAs(page, session, '/home/home');
    // The service worker takes the page (clientsClaim) once it has its precache.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
      timeout: 30_000,
    });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    // The reader's language's manifest, by its name: the page links it before its first render,
    // after the browser may have read index.html's default one, which it then reads again.
    const own = JSON.parse(readFileSync(`apps/web/public/manifest.${lang}.webmanifest`, 'utf8')) as {
      name: string;
    };
    await expect
      .poll(
        async () => {
          const manifest = (await cdp.send('Page.getAppManifest')) as { data?: string };
          return JSON.parse(manifest.data ?? '{}').name;
        },
        { timeout: 15_000 },
      )
      .toBe(own.name);

    await context.close();
    rmSync(profile, { recursive: true, force: true });

    // An offline start, in a phone's browser as the other journeys use: the worker serves the
    // shell, the notice says the prices are as of when they were last received.
    const phonePage = await phone(browser, lang);
    await openAs(phonePage, session, '/home/home');
    await phonePage.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
      timeout: 30_000,
    });
    // Quotes seen online are what an offline start shows.
    await phonePage.waitForTimeout(1_500);
    await phonePage.context().setOffline(true);
    const banner = phonePage.getByTestId('offline-banner');
    await banner.waitFor({ state: 'visible', timeout: 15_000 });
    await phonePage.reload();
    await banner.waitFor({ state: 'visible', timeout: 15_000 });
    const prefix = common.notice.offline.split('{{time}}')[0]!.trim();
    expect(await banner.textContent()).toContain(prefix);
    expect(await phonePage.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await shot(phonePage, lang, 'alerts-offline');
    await phonePage.context().close();
  });
});
