import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawKeysIn, text } from './i18n';
import {
  advanceClock,
  apiCall,
  baseUrl,
  bindCard,
  FUND_PASSWORD,
  fundedInvestor,
  LANGUAGES,
  type Lang,
  launch,
  layoutFaults,
  PASSWORD,
  phone,
  settle,
  shot,
  signIn,
  totpCode,
} from './support';

/**
 * Sign-in security in the browser (SPEC §13.1), with Chromium's virtual authenticator standing in
 * for a phone's platform authenticator: a passkey added on the security screen, sign-out, a
 * sign-in with the passkey alone, the authenticator app turned on (codes computed here from the
 * server's clock), a withdrawal that asks for a step-up and goes through after it, and a password
 * sign-in finished with a recovery code.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const REAL_NAME = 'Yamada Taro';
/** A step-up holds 5 minutes: the clock moves past it so the withdrawal asks again. */
const PAST_STEP_UP_MS = 6 * 60_000;

/** A platform authenticator with user verification (Face ID, a fingerprint), for this page. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function expectClean(page: Page) {
  const body = (await page.locator('body').textContent()) ?? '';
  expect(rawKeysIn(body)).toEqual([]);
  expect(await layoutFaults(page)).toEqual([]);
}

async function go(page: Page, route: string) {
  await page.goto(`${baseUrl()}/#${route}`);
  await page.waitForURL(new RegExp(`#${route}`), { waitUntil: 'commit' });
  await settle(page);
}

describe.each(LANGUAGES)('passkeys, a second factor and step-up in %s', (lang: Lang) => {
  it('adds a passkey, signs in with it alone, turns on TOTP, steps up for a withdrawal and uses a recovery code once', async () => {
    const m = text(lang).mine.security;
    const c = text(lang).common;
    const a = text(lang).auth.login;
    const session = await fundedInvestor({ prefix: `pk${lang}`, realName: REAL_NAME });
    // The card is added before any factor is on (adding one later asks for a step-up too).
    await bindCard(session, REAL_NAME);

    const page = await phone(browser, lang);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await signIn(page, session);
    await page.waitForURL(/#\/home\/home/, { timeout: 30_000, waitUntil: 'commit' });

    // The invitation on the settings screen and on the account panel, whose one leads to the
    // security screen (the panel also links to it).
    await go(page, '/mine/index');
    await page.getByTestId('passkey-invite').waitFor({ timeout: 15_000 });
    await expectClean(page);
    await shot(page, lang, 'mine-passkey-invite');
    await go(page, '/home/home');
    await page
      .getByRole('button', { name: text(lang).common.header.account })
      .first()
      .click();
    const panel = page.locator('.kb-account-panel');
    const invite = panel.getByTestId('passkey-invite');
    await invite.waitFor({ timeout: 15_000 });
    await expect.poll(() => panel.getByText(text(lang).common.links.security).count()).toBe(1);
    await shot(page, lang, 'panel-passkey-invite');
    await invite.getByRole('button', { name: text(lang).common.passkeyInvite.add }).click();
    await page.waitForURL(/#\/mine\/security/, { waitUntil: 'commit' });
    await settle(page);
    await expectClean(page);
    await shot(page, lang, 'mine-security');

    // Add a passkey: a discoverable credential, user-verified, on the virtual authenticator.
    await page.getByRole('button', { name: m.passkeys.add }).click();
    await expect.poll(() => page.getByTestId('passkey').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('passkey').textContent()).toContain(m.passkeys.defaultName);
    const stored = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(stored.credentials).toHaveLength(1);
    expect(stored.credentials[0]?.isResidentCredential).toBe(true);
    await expectClean(page);
    await shot(page, lang, 'mine-security-passkey');

    // Sign out, then sign in with the passkey alone: no account typed.
    await go(page, '/mine/index');
    await page.getByRole('button', { name: c.actions.logout }).click();
    await page.locator('.adm-dialog-button').last().click();
    await page.waitForURL(/#\/login\/login/, { timeout: 15_000, waitUntil: 'commit' });
    await settle(page);
    await expectClean(page);
    await shot(page, lang, 'login-passkey');
    await page.getByRole('button', { name: a.passkey }).click();
    await page.waitForURL(/#\/home\/home/, { timeout: 30_000, waitUntil: 'commit' });
    const signedIn = await page.evaluate(() => ({
      token: localStorage.getItem('token') ?? '',
      account: localStorage.getItem('account') ?? '',
    }));
    expect(signedIn.account).toBe(session.account);

    // Turn on the authenticator app: with a passkey on, that asks for a step-up (passkey first).
    await go(page, '/mine/security');
    await page.getByRole('button', { name: m.totp.setUp }).click();
    const sheet = page.getByTestId('step-up');
    await sheet.waitFor({ timeout: 15_000 });
    await sheet.getByRole('button', { name: c.secondFactor.usePasskey }).waitFor();
    await expectClean(page);
    await shot(page, lang, 'step-up-passkey');
    await sheet.getByRole('button', { name: c.secondFactor.usePasskey }).click();
    const setup = page.getByTestId('totp-setup');
    await setup.waitFor({ timeout: 20_000 });
    await expect.poll(() => setup.locator('img').count(), { timeout: 10_000 }).toBe(1);
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectClean(page);
    await shot(page, lang, 'mine-security-totp');
    await setup.locator('input').fill(await totpCode(secret));
    await setup.getByRole('button', { name: m.totp.enable }).click();
    const codesCard = page.getByTestId('recovery-codes');
    await codesCard.waitFor({ timeout: 20_000 });
    const codes = await codesCard.locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    await expectClean(page);
    await shot(page, lang, 'mine-security-recovery-codes');
    await codesCard.getByRole('button', { name: m.recovery.done }).click();
    await expect.poll(() => page.getByTestId('recovery').textContent(), { timeout: 10_000 }).toContain('10');

    // Past the step-up's 5 minutes, a withdrawal asks again; a code from the app answers it.
    await advanceClock(PAST_STEP_UP_MS, [signedIn]);
    await go(page, '/mine/withdraw');
    await page.getByTestId('withdraw-amount').locator('input').fill('30000');
    await page.locator('input[type=password]').fill(FUND_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    const confirm = page.locator('.adm-dialog').filter({ has: page.getByTestId('withdraw-confirm') });
    await expect.poll(() => confirm.count(), { timeout: 10_000 }).toBe(1);
    await confirm.locator('.adm-dialog-button-bold').click();
    await sheet.waitFor({ timeout: 15_000 });
    // The passkey is offered first; the code entry is one tap away.
    await sheet.getByRole('button', { name: c.secondFactor.usePasskey }).waitFor();
    await sheet.getByRole('button', { name: c.secondFactor.useTotp }).click();
    await sheet.locator('input').fill(await totpCode(secret));
    await expectClean(page);
    await shot(page, lang, 'step-up-code');
    await sheet.getByRole('button', { name: c.secondFactor.confirm }).click();
    await expect.poll(() => page.getByTestId('withdraw-done').count(), { timeout: 20_000 }).toBe(1);
    const withdrawals = await apiCall<Array<{ money: string }>>(
      '/user/withdrawallist',
      { type: 'jpy', page: 1, size: 10 },
      signedIn,
    );
    expect(withdrawals.data).toHaveLength(1);

    // A password sign-in now asks for the second factor; a recovery code finishes it, once.
    await page.evaluate(() => localStorage.clear());
    await go(page, '/login/login');
    await page.locator('input[autocomplete="username webauthn"]').fill(session.account);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.getByRole('button', { name: a.submit, exact: true }).click();
    const second = page.getByTestId('second-factor');
    await second.waitFor({ timeout: 15_000 });
    await expectClean(page);
    await shot(page, lang, 'login-second-factor');
    await second.getByRole('button', { name: c.secondFactor.useTotp }).click();
    await second.getByRole('button', { name: c.secondFactor.useRecovery }).click();
    await second.locator('input').fill(codes[0] ?? '');
    await second.getByRole('button', { name: c.secondFactor.confirm }).click();
    await page.waitForURL(/#\/home\/home/, { timeout: 30_000, waitUntil: 'commit' });

    // The same recovery code does not work a second time.
    const again = await apiCall<{ challenge: string }>('/user/login', {
      account: session.account,
      password: PASSWORD,
    });
    expect(again.msg).toBe('second_factor_required');
    const reused = await apiCall('/user/loginSecondFactor', {
      challenge: again.data.challenge,
      code: codes[0],
    });
    expect(reused.msg).toBe('second_factor_wrong');
    await page.context().close();
  });
});
