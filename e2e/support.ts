import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const LANGUAGES = ['cn', 'us', 'jp'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const SCREENSHOT_DIR = path.resolve('.artifacts/screenshots');

export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A phone-sized page (390×844) in the given language, with `stock` and `language` preset. */
export async function phone(browser: Browser, lang: Lang, market = 'jpy'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    locale: { cn: 'zh-CN', us: 'en-US', jp: 'ja-JP' }[lang],
  });
  await context.addInitScript(
    ({ language, stock }) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', language);
      if (!localStorage.getItem('stock')) localStorage.setItem('stock', stock);
    },
    { language: lang as string, stock: market },
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

/** Waits until requests have settled and no loading skeleton is left on screen. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(
      () => document.querySelectorAll('.adm-skeleton, [aria-busy="true"]').length === 0,
      undefined,
      {
        timeout: 30_000,
      },
    )
    .catch(() => undefined);
}

export async function shot(page: Page, lang: Lang, name: string): Promise<void> {
  const dir = path.join(SCREENSHOT_DIR, lang);
  mkdirSync(dir, { recursive: true });
  await settle(page);
  await page.waitForTimeout(350); // let the route fade finish
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

export async function skeletonCount(page: Page): Promise<number> {
  return page.locator('.adm-skeleton, [aria-busy="true"]').count();
}

/** Opens the app already signed in with a session made through the API. */
export async function signIn(page: Page, session: { token: string; account: string }): Promise<void> {
  await page.goto(`${baseUrl()}/#/login/start`);
  await page.evaluate(({ token, account }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('account', account);
  }, session);
  await page.reload();
}

/** Calls the investor API directly (for setup steps that are not under test). */
export async function apiCall<T = unknown>(
  pathName: string,
  body: Record<string, unknown>,
  session?: { token: string; account: string },
) {
  const res = await fetch(`${baseUrl()}/api/vue${pathName}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(session ? { token: session.token, account: session.account } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; msg: string; data: T };
}

export async function adminToken(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: inject('adminPassword') }),
  });
  const json = (await res.json()) as { token: string };
  return json.token;
}

export const uniqueAccount = (prefix = 'e2e') =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
