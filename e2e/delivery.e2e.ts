import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_BYTES, FIRST_SCREENS, measure } from '../bench/initial-load';
import { apiCall, baseUrl, LANGUAGES, launch, phone, settle, shot, signIn, uniqueAccount } from './support';

/**
 * Delivery and screen layout in a real browser: the built app's caching and compression, what
 * the first screen downloads, the home entries at 320 px in every language, and Home's first
 * load drawing skeletons instead of a blocking loading toast.
 */

const DIST = path.resolve('apps/web/dist');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function newInvestor(lang: string) {
  const registered = await apiCall<{ token: string; account: string }>('/user/register', {
    account: uniqueAccount(`d${lang}`),
    password: 'secret123',
    repassword: 'secret123',
    agree: 1,
    language: 'jp',
  });
  expect(registered.status, registered.msg).toBe(1);
  expect((await apiCall('/user/acceptRisk', { agree: 1 }, registered.data)).status).toBe(1);
  return registered.data;
}

describe('delivery', () => {
  it('serves hashed assets compressed and cached for a year, index.html revalidated', async () => {
    const html = await fetch(`${baseUrl()}/`, { headers: { 'accept-encoding': 'br' } });
    expect(html.headers.get('cache-control')).toBe('no-cache');
    expect(html.headers.get('content-encoding')).toBe('br');
    const script = /src="\.\/(assets\/index-[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${baseUrl()}/${script}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
  });

  it(`needs at most ${BUDGET_BYTES / 1000} KB of JavaScript (gzip) to draw the welcome screen`, async () => {
    // The first screen's files from the build (bench/initial-load.ts): entry, preloads, the
    // /login/start and /login/logon pages, their texts and the server keys' texts.
    const files = measure(DIST, FIRST_SCREENS);
    const gzip = files.filter((f) => f.file.endsWith('.js')).reduce((n, f) => n + f.gzipBytes, 0);
    expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);

    // The browser asks for nothing else before the welcome screen is drawn, except antd-mobile's
    // own texts (dialog buttons, pickers) in the reader's language, which load with the config.
    const page = await phone(browser, 'jp');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname.slice(1));
    });
    await page.goto(`${baseUrl()}/#/login/start`);
    await page.waitForURL(/#\/login\/logon/, { waitUntil: 'commit' });
    await page.locator('.kb-logon__actions').waitFor();
    const measured = new Set(files.map((f) => f.file));
    const others = scripts.filter((file) => !measured.has(file));
    // The service worker's registration (main.tsx) waits for the config and an idle moment, which
    // on a busy machine can come before the welcome screen's buttons; it draws nothing.
    for (const file of others) expect(file).toMatch(/^assets\/(ja-JP|base|service-worker)-[\w-]+\.js$/);
    await page.context().close();
  });
});

describe('home', () => {
  for (const lang of LANGUAGES) {
    it(`fits the four entries at 320 px and loads without a blocking toast (${lang})`, async () => {
      const session = await newInvestor(lang);
      const page = await phone(browser, lang);
      await page.setViewportSize({ width: 320, height: 640 });
      let toastSeen = false;
      await page.exposeFunction('kbToastSeen', () => {
        toastSeen = true;
      });
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('.adm-toast-mask'))
            (window as unknown as { kbToastSeen(): void }).kbToastSeen();
        }).observe(document, { childList: true, subtree: true });
      });
      await signIn(page, session);
      await page.goto(`${baseUrl()}/#/home/home`);
      await page.waitForSelector('.kb-entry-tile');
      await settle(page);
      expect(toastSeen).toBe(false);
      const tiles = await page.locator('.kb-entry-tile').evaluateAll((nodes) =>
        nodes.map((node) => {
          const box = node.getBoundingClientRect();
          const label = node.querySelector('.kb-entry-tile__label') as HTMLElement;
          return { left: box.left, right: box.right, overflow: label.scrollWidth - label.clientWidth };
        }),
      );
      expect(tiles).toHaveLength(4);
      for (const [i, tile] of tiles.entries()) {
        expect(tile.overflow, `label ${i} overflows`).toBeLessThanOrEqual(0);
        if (i > 0)
          expect(tile.left, `tile ${i} overlaps`).toBeGreaterThanOrEqual((tiles[i - 1]?.right ?? 0) - 0.5);
        expect(tile.right).toBeLessThanOrEqual(320);
      }
      await shot(page, lang, 'home-320');
      await page.context().close();
    });
  }
});
