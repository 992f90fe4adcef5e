import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawKeysIn, text } from './i18n';
import {
  apiCall,
  baseUrl,
  LANGUAGES,
  type Lang,
  launch,
  phone,
  settle,
  shot,
  uniqueAccount,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'secret123';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const accountFor = (lang: Lang) =>
  lang === 'us' ? `08${String(Date.now()).slice(-8)}` : uniqueAccount(`s${lang}`);

describe.each(LANGUAGES)('signed-in devices in %s', (lang) => {
  it('lists the devices, signs another one out, then logs out of every device', async () => {
    const account = accountFor(lang);
    // The "other device": a phone that registered the account.
    const res = await fetch(`${baseUrl()}/api/vue/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': IPHONE },
      body: JSON.stringify({ account, password: PASSWORD, repassword: PASSWORD, agree: 1, language: lang }),
    });
    const phoneSession = ((await res.json()) as { data: { token: string; account: string } }).data;
    await apiCall('/user/acceptRisk', { agree: 1 }, phoneSession);

    // This device: a desktop browser, signed in before the app starts.
    const login = await fetch(`${baseUrl()}/api/vue/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': DESKTOP },
      body: JSON.stringify({ account, password: PASSWORD }),
    });
    const desktopSession = ((await login.json()) as { data: { token: string; account: string } }).data;
    const page = await phone(browser, lang);
    await page.context().addInitScript(({ token, account }) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('account', account);
      }
    }, desktopSession);
    await page.goto(`${baseUrl()}/#/mine/sessions`);
    await settle(page);
    const items = page.locator('.adm-list-item', { has: page.getByTestId('session-device') });
    await expect.poll(() => items.count()).toBe(2);
    const body = (await page.locator('body').textContent()) ?? '';
    expect(rawKeysIn(body)).toEqual([]);
    expect(body).toContain('Safari 17 · iOS 17.4 · iPhone');
    expect(body).toContain('Chrome 124 · Windows 10');
    expect(body).toContain(text(lang).mine.sessions.current);
    await shot(page, lang, 'mine-sessions');

    // Sign the phone out.
    await items.filter({ hasText: 'iPhone' }).getByRole('button').click();
    await page.locator('.adm-dialog-button').last().click();
    await expect.poll(() => items.count()).toBe(1);
    expect((await apiCall('/user/getUserinfo', {}, phoneSession)).msg).toBe('session_expired');

    // Log out of every device, this one included.
    await page.getByRole('button', { name: text(lang).mine.sessions.logoutAll }).click();
    await page.locator('.adm-dialog-button').last().click();
    await page.waitForURL(/#\/login\/login/);
    await page.context().close();
  });
});
