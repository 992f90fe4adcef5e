import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityI18n } from '../apps/web/src/features/identity/i18n';
import { moneyI18n } from '../apps/web/src/features/money/i18n';
import { formatMoneyWithSymbol } from '../apps/web/src/shared/format/money';
import { commonI18n } from '../apps/web/src/shared/i18n/common';
import { errorsI18n, successI18n } from '../apps/web/src/shared/i18n/errors';
import { keysOf, rawKeysIn } from './i18n';
import {
  apiCall,
  baseUrl,
  bindCard,
  decideReview,
  LANGUAGES,
  type Lang,
  launch,
  phone,
  pngBlob,
  registeredInvestor,
  type Session,
  saw,
  shot,
  uniqueAccount,
  uploadCall,
} from './support';

/**
 * The money and identity journey (SPEC §2 /mine/verified, /mine/bank, /mine/bankAdd, /mine/stored,
 * /mine/deposit, /mine/withdraw, /mine/exchange, /mine/transactionRecords; §6.1, §6.4, §6.6):
 * a new investor registers, is asked for a fund password before any money screen, sets it,
 * verifies their identity with both sides of an ID, is approved by an operator, binds a card,
 * deposits with a receipt, is credited on approval, exchanges yen for dollars, withdraws
 * ¥30,000, is paid out on approval, and finds every step in the fund records.
 */

const PASSWORD = 'secret123';
const FUND_PASSWORD = 'fund-pass-1';
const REAL_NAME = 'Yamada Taro';
const ID_NUMBER = 'AB1234567';
const CARD_NUMBER = '6222 0212 3456 7890';
const DEPOSIT = '1000000';
const EXCHANGE = '100000';
const WITHDRAW = '30000';
/** The journey runs in the default market's language; the other two get screenshots. */
const JOURNEY_LANG: Lang = 'jp';

const money = (lang: Lang) => moneyI18n.resources[lang];
/** The shared amount field's words (one form pattern for every amount). */
const amountWords = (lang: Lang) => commonI18n.resources[lang].amount;
/** Yen as the app draws it in the reader's language ("￥" in Japanese, "JP¥" in Chinese). */
const yen = (amount: string, lang: Lang, sign = false) =>
  formatMoneyWithSymbol(amount, 'JPY', lang, { sign });
const identity = (lang: Lang) => identityI18n.resources[lang];

const OWN_KEYS = [
  ...keysOf(moneyI18n.resources.cn).map((k) => `money.${k}`),
  ...keysOf(moneyI18n.resources.cn),
  ...keysOf(identityI18n.resources.cn),
].filter((k) => k.includes('.'));

let browser: Browser;
let imageDir: string;
const image = (name: string) => path.join(imageDir, name);

beforeAll(async () => {
  browser = await launch();
  // Small real images, as a phone camera would hand them over (the server checks content).
  imageDir = mkdtempSync(path.join(os.tmpdir(), 'kabuto-money-e2e-'));
  const colours: Record<string, string> = {
    'id-front.png': '#8fb3ff',
    'id-back.png': '#ffb38f',
    'receipt.png': '#b3f0c0',
  };
  for (const [name, background] of Object.entries(colours)) {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background } })
      .png()
      .toBuffer();
    writeFileSync(image(name), png);
  }
});

afterAll(async () => {
  await browser?.close();
  if (imageDir) rmSync(imageDir, { recursive: true, force: true });
});

async function expectNoRawKeys(page: Page) {
  const body = (await page.locator('body').textContent()) ?? '';
  expect(rawKeysIn(body, OWN_KEYS)).toEqual([]);
}

const showsText = (page: Page, text: string, timeout = 15_000) => saw(page, text, { timeout });

async function signIn(page: Page, session: Session) {
  await page.context().addInitScript((stored: Session) => {
    localStorage.setItem('token', stored.token);
    localStorage.setItem('account', stored.account);
  }, session);
}

/** antd-mobile puts data-testid on the field's wrapper; the <input> is inside. */
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

async function go(page: Page, route: string) {
  await page.goto(`${baseUrl()}/#${route}`);
}

describe('money and identity journey', () => {
  it('takes a new investor from registration to a paid-out withdrawal, every step in the fund records', async () => {
    const lang = JOURNEY_LANG;
    const m = money(lang);
    const id = identity(lang);
    const page = await phone(browser, lang);
    const account = uniqueAccount('mo');

    // Register and accept the risk disclosure.
    await go(page, '/login/register');
    await page.locator('input[autocomplete=username]').fill(account);
    const passwords = page.locator('input[autocomplete=new-password]');
    await passwords.nth(0).fill(PASSWORD);
    await passwords.nth(1).fill(PASSWORD);
    await page.locator('.kb-agree .adm-checkbox-icon').first().click();
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/#\/login\/loginAfter/, { timeout: 20_000, waitUntil: 'commit' });
    await page.locator('.kb-sticky-actions .kb-agree .adm-checkbox-icon').click();
    await page.locator('.kb-sticky-actions .adm-button-primary').click();
    // The passkey invitation that follows is set aside ("Not now").
    const invite = page.getByTestId('passkey-invite');
    await invite.waitFor({ timeout: 15_000 });
    await invite.getByRole('button', { name: commonI18n.resources[lang].passkeyInvite.skip }).click();
    await page.waitForURL(/#\/home\/home/, { timeout: 20_000, waitUntil: 'commit' });

    // SPEC §6.1: money screens ask for the fund password before anything else.
    await go(page, '/mine/withdraw');
    await expect.poll(() => page.getByTestId('fund-password-prompt').count(), { timeout: 15_000 }).toBe(1);
    await showsText(page, m.gate.fundPasswordTitle);
    await expectNoRawKeys(page);
    await shot(page, lang, 'money-fund-password-prompt');
    await page.getByTestId('fund-password-prompt').getByRole('button').click();
    await page.waitForURL(/#\/mine\/fundPassword/, { waitUntil: 'commit' });
    const fundFields = page.locator('input[autocomplete=new-password]');
    await fundFields.nth(0).fill(FUND_PASSWORD);
    await fundFields.nth(1).fill(FUND_PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/#\/mine\/withdraw/, { timeout: 15_000, waitUntil: 'commit' });

    // Withdrawals need a verified identity: the screen leads there.
    await expect.poll(() => page.getByTestId('kyc-prompt').count(), { timeout: 15_000 }).toBe(1);
    await showsText(page, m.withdraw.kycTitle);
    await shot(page, lang, 'money-withdraw-kyc');
    await page.getByTestId('kyc-prompt').getByRole('button').click();
    await page.waitForURL(/#\/mine\/verified/, { waitUntil: 'commit' });

    // Real-name verification: fields validate as typed, both sides of the ID with previews.
    await expect
      .poll(() => page.getByTestId('kyc-status').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('unverified');
    await expectNoRawKeys(page);
    await shot(page, lang, 'identity-verified-unverified');
    await input(page, 'kyc-id').fill('12/34');
    await showsText(page, id.form.idInvalid);
    await input(page, 'kyc-name').fill(REAL_NAME);
    await input(page, 'kyc-id').fill(ID_NUMBER);
    await page.getByTestId('kyc-front-file').setInputFiles(image('id-front.png'));
    await page.getByTestId('kyc-back-file').setInputFiles(image('id-back.png'));
    await expect.poll(() => page.getByTestId('kyc-front-preview').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('kyc-back-preview').count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('kyc-submit').click();
    // The privacy notice must be ticked (SPEC §6.6).
    await showsText(page, errorsI18n.resources[lang].privacy_required);
    await page.getByTestId('kyc-agree').locator('.adm-checkbox-icon').click();
    await shot(page, lang, 'identity-verified-form');
    await page.getByTestId('kyc-submit').click();
    await expect
      .poll(() => page.getByTestId('kyc-status').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('pending');
    await showsText(page, id.state.pending.title);
    await shot(page, lang, 'identity-verified-pending');

    // Cards wait for the verification.
    await go(page, '/mine/bankAdd');
    await expect.poll(() => page.getByTestId('kyc-required').count(), { timeout: 15_000 }).toBe(1);
    await shot(page, lang, 'identity-bank-add-kyc-required');

    // The operator approves; the user sees it.
    await decideReview('kyc', account, 'approve');
    await go(page, '/mine/verified');
    await expect
      .poll(() => page.getByTestId('kyc-status').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('verified');
    await showsText(page, REAL_NAME);
    await shot(page, lang, 'identity-verified-verified');

    // Bind a card: the holder starts as the verified name; the number is masked once saved.
    await go(page, '/mine/bank');
    await expect.poll(() => page.getByTestId('bank-add-empty').count(), { timeout: 15_000 }).toBe(1);
    await expectNoRawKeys(page);
    await shot(page, lang, 'identity-bank-empty');
    await page.getByTestId('bank-add-empty').click();
    await page.waitForURL(/#\/mine\/bankAdd/, { waitUntil: 'commit' });
    await expect.poll(() => input(page, 'bank-holder').inputValue(), { timeout: 15_000 }).toBe(REAL_NAME);
    await input(page, 'bank-holder').fill('Someone Else');
    await showsText(page, id.add.holderMismatch);
    await input(page, 'bank-holder').fill(REAL_NAME);
    await input(page, 'bank-card-number-input').fill(CARD_NUMBER.replaceAll(' ', ''));
    await expect.poll(() => input(page, 'bank-card-number-input').inputValue()).toBe(CARD_NUMBER);
    await input(page, 'bank-institution').fill('MUFG Bank');
    await input(page, 'bank-branch').fill('Tokyo Main Office');
    await input(page, 'bank-branch-code').fill('001');
    await shot(page, lang, 'identity-bank-add');
    await page.getByTestId('bank-submit').click();
    await page.waitForURL(/#\/mine\/bank$/, { timeout: 15_000, waitUntil: 'commit' });
    await expect
      .poll(() => page.getByTestId('bank-card-number').first().textContent(), { timeout: 15_000 })
      .toBe('•••• 7890');
    expect(await page.locator('body').textContent()).not.toContain(CARD_NUMBER.replaceAll(' ', ''));
    await shot(page, lang, 'identity-bank');

    // Deposit channels, then a bank transfer with its receipt.
    await go(page, '/mine/transactionRecords');
    await expect.poll(() => page.locator('.kb-empty').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await shot(page, lang, 'money-records-empty');
    await page.getByTestId('action-deposit').click();
    await page.waitForURL(/#\/mine\/stored/, { waitUntil: 'commit' });
    await expect.poll(() => page.getByTestId('channel-bank').count(), { timeout: 15_000 }).toBe(1);
    await showsText(page, m.channel.quick);
    await showsText(page, yen('500000', lang));
    await showsText(page, yen('10000000000', lang));
    await expectNoRawKeys(page);
    await shot(page, lang, 'money-stored');
    await page.getByTestId('channel-bank').click();
    await page.waitForURL(/#\/mine\/deposit\?channel=bank/, { waitUntil: 'commit' });
    await expect
      .poll(() => page.getByTestId('receiving-number').textContent(), { timeout: 15_000 })
      .toBeTruthy();
    const receivingNumber = (await page.getByTestId('receiving-number').textContent()) ?? '';
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.getByTestId('receiving-number-copy').click();
    await showsText(page, m.deposit.copied, 5_000);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(receivingNumber);
    // SPEC §6.4: the arrival promise shows before submitting.
    await expect.poll(() => page.getByTestId('arrival-note').textContent()).toContain('24:00');
    await input(page, 'deposit-amount').fill('500');
    await showsText(page, amountWords(lang).below.replace('{{min}}', yen('1000', lang)));
    await input(page, 'deposit-amount').fill(DEPOSIT);
    await page.getByTestId('receipt-file').setInputFiles(image('receipt.png'));
    await expect.poll(() => page.getByTestId('receipt-preview').count(), { timeout: 10_000 }).toBe(1);
    await page.locator('input[type=password]').fill(FUND_PASSWORD);
    await expectNoRawKeys(page);
    await shot(page, lang, 'money-deposit');
    await page.getByTestId('deposit-submit').click();
    await expect.poll(() => page.getByTestId('deposit-done').count(), { timeout: 20_000 }).toBe(1);
    await shot(page, lang, 'money-deposit-done');

    // One pending deposit at a time.
    await go(page, '/mine/deposit?channel=quick');
    await expect.poll(() => page.getByTestId('deposit-pending').count(), { timeout: 15_000 }).toBe(1);
    await showsText(page, errorsI18n.resources[lang].deposit_pending);
    await shot(page, lang, 'money-deposit-pending');

    // The operator approves: the wallet is credited.
    await decideReview('deposit', account, 'approve');

    // Exchange ¥100,000 for dollars at the live rate, confirming the preview.
    await go(page, '/mine/exchange');
    await expect
      .poll(() => page.getByTestId('exchange-rate').textContent(), { timeout: 15_000 })
      .toContain('1 JPY =');
    await expect.poll(() => page.getByTestId('exchange-to').textContent()).toContain('USD');
    await input(page, 'exchange-amount').fill(EXCHANGE);
    await expect
      .poll(() => page.getByTestId('exchange-preview').textContent(), { timeout: 10_000 })
      .toMatch(/\$\d/);
    await page.locator('input[type=password]').fill(FUND_PASSWORD);
    await expectNoRawKeys(page);
    await shot(page, lang, 'money-exchange');
    await page.getByTestId('exchange-submit').click();
    const exchangeDialog = page.locator('.adm-dialog').filter({ has: page.getByTestId('exchange-confirm') });
    await expect.poll(() => exchangeDialog.count(), { timeout: 5_000 }).toBe(1);
    await shot(page, lang, 'money-exchange-confirm');
    await exchangeDialog.locator('.adm-dialog-button-bold').click();
    await expect.poll(() => page.getByTestId('exchange-done').count(), { timeout: 20_000 }).toBe(1);
    await shot(page, lang, 'money-exchange-done');

    // Withdraw ¥30,000: the minimum, the window and the balance show before submitting.
    await go(page, '/mine/withdraw');
    await expect
      .poll(() => page.getByTestId('withdraw-min').textContent(), { timeout: 15_000 })
      .toBe(yen('30000', lang));
    await showsText(page, m.withdraw.windowText);
    await showsText(page, yen('900000', lang));
    await input(page, 'withdraw-amount').fill('29999');
    await showsText(page, amountWords(lang).below.replace('{{min}}', yen('30000', lang)));
    await input(page, 'withdraw-amount').fill(WITHDRAW);
    await page.locator('input[type=password]').fill('wrong-password');
    await expectNoRawKeys(page);
    await shot(page, lang, 'money-withdraw');
    await page.getByTestId('withdraw-submit').click();
    const withdrawDialog = page.locator('.adm-dialog').filter({ has: page.getByTestId('withdraw-confirm') });
    await expect.poll(() => withdrawDialog.count(), { timeout: 5_000 }).toBe(1);
    await withdrawDialog.locator('.adm-dialog-button-bold').click();
    // A refusal is said in the user's language, under the field it concerns.
    await showsText(page, errorsI18n.resources[lang].fund_password_wrong);
    await page.locator('input[type=password]').fill(FUND_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await expect.poll(() => withdrawDialog.count(), { timeout: 5_000 }).toBe(1);
    await withdrawDialog.locator('.adm-dialog-button-bold').click();
    await expect.poll(() => page.getByTestId('withdraw-done').count(), { timeout: 20_000 }).toBe(1);
    await showsText(page, successI18n.resources[lang].withdraw, 5_000);
    await shot(page, lang, 'money-withdraw-done');

    // The operator pays it out.
    await decideReview('withdrawal', account, 'approve');

    // Fund records: every step, in each tab.
    await go(page, '/mine/transactionRecords?tab=transactions');
    const rows = page.getByTestId('records-transactions').getByTestId('fund-record');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(5);
    const kinds = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
    expect(kinds.sort()).toEqual(['deposit', 'exchange', 'exchange', 'withdrawal_freeze', 'withdrawal_paid']);
    await showsText(page, yen('1000000', lang, true));
    await showsText(page, yen('-100000', lang, true));
    await showsText(page, m.kind.exchange);
    await expectNoRawKeys(page);
    await shot(page, lang, 'money-records-transactions');

    await page.getByTestId('tab-deposits').click();
    const deposits = page.getByTestId('records-deposits').getByTestId('fund-record');
    await expect.poll(() => deposits.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => deposits.first().textContent()).toContain(m.state.approved);
    await shot(page, lang, 'money-records-deposits');

    await page.getByTestId('tab-withdrawals').click();
    const withdrawals = page.getByTestId('records-withdrawals').getByTestId('fund-record');
    await expect.poll(() => withdrawals.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => withdrawals.first().textContent()).toContain(yen('-30000', lang, true));
    await expect.poll(() => withdrawals.first().textContent()).toContain(m.state.approved);
    await shot(page, lang, 'money-records-withdrawals');

    // Delete unbinds the card, after a confirmation (SPEC §6.6).
    await go(page, '/mine/bank');
    await page.getByTestId('bank-card-delete').click({ timeout: 15_000 });
    const deleteDialog = page.locator('.adm-dialog');
    await expect.poll(() => deleteDialog.count(), { timeout: 5_000 }).toBe(1);
    await shot(page, lang, 'identity-bank-delete-confirm');
    await deleteDialog.locator('.adm-dialog-button-bold').click();
    await expect.poll(() => page.getByTestId('bank-add-empty').count(), { timeout: 15_000 }).toBe(1);
    await showsText(page, successI18n.resources[lang].unbind, 5_000);

    await page.context().close();
  });
});

/** A user set up through the API at one of the stages the screens show. */
async function userAt(stage: 'new' | 'failed' | 'active', lang: Lang): Promise<Session> {
  const account = uniqueAccount(`m${lang}`);
  const session = await registeredInvestor(account);
  if (stage === 'new') return session;
  expect(
    (await apiCall('/user/setFundPassword', { password: FUND_PASSWORD, repassword: FUND_PASSWORD }, session))
      .status,
  ).toBe(1);
  const verify = await uploadCall(
    '/user/verify',
    {
      name: REAL_NAME,
      id_number: ID_NUMBER,
      front: await pngBlob('#8fb3ff'),
      back: await pngBlob('#ffb38f'),
      agree: '1',
    },
    session,
  );
  expect(verify.status, verify.msg).toBe(1);
  if (stage === 'failed') {
    await decideReview('kyc', session.account, 'reject', 'The back of the ID is blurred');
    return session;
  }
  await decideReview('kyc', session.account, 'approve');
  const cardId = await bindCard(session, REAL_NAME);
  const receipt = await pngBlob('#b3f0c0');
  const deposit = await uploadCall(
    '/user/deposit',
    { type: 'jpy', channel: 'bank', amount: DEPOSIT, receipt, fund_password: FUND_PASSWORD },
    session,
  );
  expect(deposit.status, deposit.msg).toBe(1);
  await decideReview('deposit', session.account, 'approve');
  const exchange = await apiCall(
    '/user/exchange',
    { from: 'JPY', to: 'USD', amount: EXCHANGE, fund_password: FUND_PASSWORD },
    session,
  );
  expect(exchange.status, exchange.msg).toBe(1);
  const withdraw = await apiCall(
    '/user/withdraw',
    { type: 'jpy', amount: WITHDRAW, card_id: cardId, fund_password: FUND_PASSWORD },
    session,
  );
  expect(withdraw.status, withdraw.msg).toBe(1);
  // A second deposit stays under review, so the pending states show too.
  const pending = await uploadCall(
    '/user/deposit',
    { type: 'jpy', channel: 'quick', amount: '50000', receipt, fund_password: FUND_PASSWORD },
    session,
  );
  expect(pending.status, pending.msg).toBe(1);
  return session;
}

describe('money and identity screens in every language', () => {
  for (const lang of LANGUAGES.filter((l) => l !== JOURNEY_LANG)) {
    it(`shows every money and identity screen translated in ${lang}`, async () => {
      const m = money(lang);
      const id = identity(lang);

      const fresh = await phone(browser, lang);
      await signIn(fresh, await userAt('new', lang));
      const freshScreens: Array<[route: string, name: string, text: string]> = [
        ['/mine/withdraw', 'money-fund-password-prompt', m.gate.fundPasswordTitle],
        ['/mine/transactionRecords', 'money-records-empty', m.records.empty.transactions],
        ['/mine/verified', 'identity-verified-unverified', id.state.unverified.title],
        ['/mine/bank', 'identity-bank-empty', id.bank.emptyTitle],
        ['/mine/bankAdd', 'identity-bank-add-kyc-required', id.add.kycText],
      ];
      for (const [route, name, text] of freshScreens) {
        await go(fresh, route);
        await showsText(fresh, text);
        await expectNoRawKeys(fresh);
        await shot(fresh, lang, name);
      }
      await fresh.context().close();

      const failed = await phone(browser, lang);
      await signIn(failed, await userAt('failed', lang));
      await go(failed, '/mine/verified');
      await expect
        .poll(() => failed.getByTestId('kyc-status').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('failed');
      await showsText(failed, 'The back of the ID is blurred');
      await showsText(failed, id.form.resubmit);
      await expectNoRawKeys(failed);
      await shot(failed, lang, 'identity-verified-failed');
      await go(failed, '/mine/withdraw');
      await showsText(failed, m.withdraw.kycTitle);
      await shot(failed, lang, 'money-withdraw-kyc');
      await failed.context().close();

      const page = await phone(browser, lang);
      await signIn(page, await userAt('active', lang));
      const screens: Array<[route: string, name: string, text: string]> = [
        ['/mine/verified', 'identity-verified-verified', id.state.verified.title],
        ['/mine/bank', 'identity-bank', '•••• 7890'],
        ['/mine/bankAdd', 'identity-bank-add', id.add.intro],
        ['/mine/stored', 'money-stored', m.channel.quick],
        ['/mine/deposit?channel=bank', 'money-deposit', m.deposit.receiving],
        ['/mine/deposit?channel=quick', 'money-deposit-pending', errorsI18n.resources[lang].deposit_pending],
        ['/mine/withdraw', 'money-withdraw', m.withdraw.windowText],
        ['/mine/exchange', 'money-exchange', m.exchange.recent],
        ['/mine/transactionRecords?tab=transactions', 'money-records-transactions', m.kind.withdrawal_freeze],
        ['/mine/transactionRecords?tab=deposits', 'money-records-deposits', m.state.pending],
        ['/mine/transactionRecords?tab=withdrawals', 'money-records-withdrawals', yen('-30000', lang, true)],
      ];
      for (const [route, name, text] of screens) {
        await go(page, route);
        await showsText(page, text);
        await expectNoRawKeys(page);
        await shot(page, lang, name);
      }
      await page.context().close();
    });
  }
});
