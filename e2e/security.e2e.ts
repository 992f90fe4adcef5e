import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jp as adminJp } from '../apps/admin/src/shared/i18n/jp';
import { rawKeysIn, text } from './i18n';
import {
  adminPage,
  apiCall,
  baseUrl,
  LANGUAGES,
  type Lang,
  launch,
  openRoute,
  phone,
  type Session,
  settle,
  shot,
  signIn,
  totpCode,
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
    // Each device's address (both opened from this machine: a loopback address).
    await expect.poll(() => page.getByTestId('session-address').count()).toBe(2);
    await shot(page, lang, 'mine-sessions');

    // Sign the phone out.
    await items.filter({ hasText: 'iPhone' }).getByRole('button').click();
    await page.locator('.adm-dialog-button').last().click();
    await expect.poll(() => items.count()).toBe(1);
    expect((await apiCall('/user/getUserinfo', {}, phoneSession)).msg).toBe('session_expired');

    // Log out of every device, this one included.
    await page.getByRole('button', { name: text(lang).mine.sessions.logoutAll }).click();
    await page.locator('.adm-dialog-button').last().click();
    await page.waitForURL(/#\/login\/login/, { waitUntil: 'commit' });
    await page.context().close();
  });
});

/**
 * The back office's "reset second factors" (SPEC §13.1, a lost phone), in one language: the
 * investor's screens are photographed in all three by the journeys above and passkeys.e2e.ts.
 */
describe('second factors reset from the back office', () => {
  it('asks the admin for a reason, signs the investor out, tells them why, and shows it in the audit log', async () => {
    const lang: Lang = 'jp';
    const t = text(lang);
    const admin = adminJp;
    const account = accountFor(lang);
    const reason = `Lost phone ${account}`;

    // The investor: registered, the authenticator app on, signed in on a phone.
    const registered = await apiCall<Session>('/user/register', {
      account,
      password: PASSWORD,
      repassword: PASSWORD,
      agree: 1,
      language: lang,
    });
    expect(registered.status, registered.msg).toBe(1);
    const investor = registered.data;
    await apiCall('/user/acceptRisk', { agree: 1 }, investor);
    const setup = await apiCall<{ secret: string }>('/user/totpSetup', {}, investor);
    const enabled = await apiCall('/user/totpEnable', { code: await totpCode(setup.data.secret) }, investor);
    expect(enabled.status, enabled.msg).toBe(1);
    const userId = (await apiCall<{ id: number }>('/user/getUserinfo', {}, investor)).data.id;

    const page = await phone(browser, lang);
    await signIn(page, investor);
    await page.waitForURL(/#\/home\/home/, { timeout: 30_000, waitUntil: 'commit' });
    await openRoute(page, 'mine/security');
    await expect.poll(() => page.getByTestId('totp').textContent()).toContain(t.mine.security.totp.on);

    // The admin opens the user's page and resets the factors; the reason is required.
    const office = await adminPage(browser, lang);
    await office.goto(`${baseUrl()}/admin/#/users/${userId}`);
    const card = office.getByTestId('security-card');
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain(admin.security.on);
    await card.getByRole('button', { name: admin.security.reset }).click();
    const modal = office.locator('.ant-modal').filter({ has: office.getByTestId('reason-input') });
    await expect.poll(() => modal.count(), { timeout: 10_000 }).toBe(1);
    await office.getByTestId('reason-ok').click();
    await expect
      .poll(() => modal.getByText(admin.form.reasonRequired).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await office.getByTestId('reason-input').fill(reason);
    await shot(office, lang, 'admin-user-factors-reset');
    await office.getByTestId('reason-ok').click();
    await expect.poll(() => modal.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain(admin.security.off);
    await expect.poll(() => card.getByRole('button', { name: admin.security.reset }).isDisabled()).toBe(true);

    // The investor's next call returns them to sign-in.
    await page.getByTestId('sessions-link').click();
    await page.waitForURL(/#\/login\/login/, { timeout: 20_000, waitUntil: 'commit' });
    expect((await apiCall('/user/getUserinfo', {}, investor)).msg).toBe('session_expired');

    // Signed in again with the password alone (no factor left), they read why.
    await page.locator('input[autocomplete="username webauthn"]').fill(account);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.getByRole('button', { name: t.auth.login.submit, exact: true }).click();
    await page.waitForURL(/#\/home\/home/, { timeout: 30_000, waitUntil: 'commit' });
    await openRoute(page, 'mine/message');
    await page.getByText('2段階認証がリセットされました').first().click();
    await expect.poll(() => page.locator('body').textContent(), { timeout: 15_000 }).toContain(reason);
    expect(rawKeysIn((await page.locator('body').textContent()) ?? '')).toEqual([]);
    await shot(page, lang, 'mine-message-factors-reset');

    // The audit log: the action by its label, with the reason.
    await office.goto(`${baseUrl()}/admin/#/audit`);
    const audit = office.getByTestId('audit-table');
    await expect
      .poll(() => audit.textContent(), { timeout: 15_000 })
      .toContain(admin.audit.actions.user_factors_reset);
    await expect.poll(() => audit.textContent()).toContain(reason);
    await shot(office, lang, 'admin-audit-factors-reset');
    await office.context().close();
    await page.context().close();
  });
});
