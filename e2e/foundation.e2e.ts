import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawKeysIn, text } from './i18n';
import {
  apiCall,
  baseUrl,
  LANGUAGES,
  type Lang,
  launch,
  layoutFaults,
  openRoute,
  phone,
  shot,
  signIn,
  skeletonCount,
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
const accountFor = (lang: Lang) =>
  lang === 'us' ? `09${String(Date.now()).slice(-8)}` : uniqueAccount(lang);
const nextLanguage = (lang: Lang): Lang => LANGUAGES[(LANGUAGES.indexOf(lang) + 1) % LANGUAGES.length]!;

async function expectNoRawKeys(page: Page) {
  const body = (await page.locator('body').textContent()) ?? '';
  expect(rawKeysIn(body)).toEqual([]);
}

async function fillForm(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    await page.locator(`.adm-form-item:has(input) input`).nth(Number(name)).fill(value);
  }
}

describe.each(LANGUAGES)('foundation journey in %s', (lang) => {
  it('registers, accepts the risk disclosure, opens the account panel, switches language, logs out, refuses a wrong password', async () => {
    const t = text(lang);
    const page = await phone(browser, lang);
    const account = accountFor(lang);

    await page.goto(`${baseUrl()}/#/`);
    await page.waitForURL(/#\/login\/logon/, { waitUntil: 'commit' });
    await expect.poll(() => page.getByText(t.auth.logon.register).count()).toBeGreaterThan(0);
    await shot(page, lang, 'login-logon');

    await page.getByText(t.auth.logon.register).first().click();
    await page.waitForURL(/#\/login\/register/, { waitUntil: 'commit' });
    await fillForm(page, { 0: account, 1: PASSWORD, 2: PASSWORD });
    await page.locator('.adm-checkbox').first().click();
    await shot(page, lang, 'login-register');
    await page.getByRole('button', { name: t.auth.register.submit }).click();

    await page.waitForURL(/#\/login\/loginAfter/, { waitUntil: 'commit' });
    await page.getByText(t.auth.risk.agree).waitFor();
    await shot(page, lang, 'login-loginAfter');
    await page.getByText(t.auth.risk.agree).click();
    await page.getByRole('button', { name: t.auth.risk.accept }).click();

    // Then the invitation to add a passkey (Chromium can make one); "Not now" goes home.
    const invite = page.getByTestId('passkey-invite');
    await invite.waitFor({ timeout: 15_000 });
    await expectNoRawKeys(page);
    expect(await layoutFaults(page)).toEqual([]);
    await shot(page, lang, 'login-passkey-invite');
    await invite.getByRole('button', { name: t.common.passkeyInvite.skip }).click();
    await page.waitForURL(/#\/home\/home/, { waitUntil: 'commit' });
    await page.getByRole('button', { name: t.common.header.account }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoRawKeys(page);
    await shot(page, lang, 'home-shell');

    await page.getByRole('button', { name: t.common.header.account }).click();
    const panel = page.getByRole('dialog', { name: t.common.panel.title });
    await expect.poll(() => panel.getByText(t.common.panel.totalAssets).count()).toBeGreaterThan(0);
    await expect.poll(() => panel.getByText(account).count()).toBeGreaterThan(0);
    await shot(page, lang, 'account-panel');

    // Switching the language stores it and reloads in the new language (SPEC §1).
    const other = nextLanguage(lang);
    const o = text(other);
    await panel.getByText({ cn: '简体中文', us: 'English', jp: '日本語' }[other]).click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe(other);
    await expect
      .poll(() => page.getByRole('button', { name: o.common.header.account }).count())
      .toBeGreaterThan(0);

    // Log out from the panel, in the new language.
    await page.getByRole('button', { name: o.common.header.account }).click();
    await page
      .getByRole('dialog', { name: o.common.panel.title })
      .getByRole('button', { name: o.common.actions.logout })
      .click();
    await page.locator('.adm-dialog').getByRole('button', { name: o.common.actions.logout }).click();
    await page.waitForURL(/#\/login\/login/, { waitUntil: 'commit' });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // A wrong password shows the translated toast.
    await fillForm(page, { 0: account, 1: 'wrong-password' });
    await page.getByRole('button', { name: o.auth.login.submit, exact: true }).click();
    await expect
      .poll(() => page.getByText(o.errors.login_failed).count(), { timeout: 5_000 })
      .toBeGreaterThan(0);
    await shot(page, other, 'login-wrong-password');

    // And the right one logs in again, straight home now the disclosure is accepted.
    await fillForm(page, { 1: PASSWORD });
    await page.getByRole('button', { name: o.auth.login.submit, exact: true }).click();
    await page.waitForURL(/#\/home\/home/, { waitUntil: 'commit' });
    await page.context().close();
  });

  it('shows every account screen translated', async () => {
    const account = accountFor(lang);
    const reg = await apiCall<{ token: string; account: string }>('/user/register', {
      account,
      password: PASSWORD,
      repassword: PASSWORD,
      agree: 1,
      language: lang,
    });
    expect(reg.status).toBe(1);
    await apiCall('/user/acceptRisk', { agree: 1 }, reg.data);
    const page = await phone(browser, lang);
    await signIn(page, reg.data);
    await page.waitForURL(/#\/home\/home/, { waitUntil: 'commit' });
    const screens = [
      'mine/index',
      'mine/language',
      'mine/loginPassword',
      'mine/fundPassword',
      'mine/message',
      'mine/about',
      'mine/privacy',
      'mine/protocol',
    ];
    for (const screen of screens) {
      await openRoute(page, screen);
      expect(page.url()).toContain(`#/${screen}`);
      expect(await skeletonCount(page)).toBe(0);
      await expectNoRawKeys(page);
      await shot(page, lang, screen.replace('/', '-'));
    }
    await page.context().close();
  });
});
