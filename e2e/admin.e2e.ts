import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cn } from '../apps/admin/src/shared/i18n/cn';
import { jp } from '../apps/admin/src/shared/i18n/jp';
import { us } from '../apps/admin/src/shared/i18n/us';
import {
  adminToken,
  apiCall,
  baseUrl,
  LANGUAGES,
  type Lang,
  launch,
  phone,
  pngBlob,
  registeredInvestor,
  type Session,
  saw,
  settleBackOffice,
  shot,
  uniqueAccount,
  uploadCall,
} from './support';

/**
 * The back office (SPEC §9) in a desktop browser, in each language: a reviewer approves a real
 * name and rejects a deposit with a reason and the investor sees both; an admin freezes the
 * account with a reason and the investor's withdrawal screen shows it; an adjustment reaches the
 * investor's fund records; an operator publishes news the investor reads; the audit log shows
 * every step. Every admin screen is photographed.
 */

const TEXTS = { cn, us, jp };
const FUND_PASSWORD = 'fund-pass-1';
const OPERATOR_PASSWORD = 'operator-pass-1';

let browser: Browser;
let admin: string;

beforeAll(async () => {
  browser = await launch();
  admin = await adminToken();
});
afterAll(async () => {
  await browser?.close();
});

const png = (background: string) => pngBlob(background, { width: 320, height: 200 });

async function upload(pathName: string, fields: Record<string, string | Blob>, session: Session) {
  expect(await uploadCall(pathName, fields, session), pathName).toMatchObject({ status: 1 });
}

async function adminPost(path: string, body: unknown) {
  const res = await fetch(`${baseUrl()}/api/admin${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return res.json();
}

/** A desktop page in the given language (the back office is a desktop app). */
async function desktop(lang: Lang): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: { cn: 'zh-CN', us: 'en-US', jp: 'ja-JP' }[lang],
  });
  await context.addInitScript((language) => localStorage.setItem('language', language), lang as string);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

async function adminShot(page: Page, lang: Lang, name: string) {
  await settleBackOffice(page);
  await page.waitForTimeout(300);
  await shot(page, lang, `admin-${name}`);
}

const shows = (page: Page, text: string, timeout = 15_000) => saw(page, text, { timeout });

async function signInAdmin(page: Page, username: string, password: string) {
  await page.goto(`${baseUrl()}/admin/#/dashboard`);
  await page.locator('input[autocomplete=username]').fill(username);
  await page.locator('input[autocomplete=current-password]').fill(password);
  await page.locator('button[type=submit]').click();
  await expect
    .poll(() => page.getByTestId('operator-name').textContent(), { timeout: 15_000 })
    .toBe(username);
}

async function signOutAdmin(page: Page, lang: Lang) {
  await page.getByRole('button', { name: TEXTS[lang].app.signOut }).click();
  await expect.poll(() => page.locator('input[autocomplete=username]').count(), { timeout: 10_000 }).toBe(1);
}

/** The reason modal: the reason is required to reject, so an empty one is refused first. */
async function giveReason(page: Page, lang: Lang, reason: string, required: boolean, shotName?: string) {
  const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('reason-input') });
  await expect.poll(() => modal.count(), { timeout: 10_000 }).toBe(1);
  if (required) {
    // OK without a reason is refused on the form; a click the opening modal did not take yet is
    // given again (a refused click changes nothing).
    const refusal = page.getByText(TEXTS[lang].form.reasonRequired, { exact: false });
    await expect
      .poll(
        async () => {
          if ((await refusal.count()) === 0) await page.getByTestId('reason-ok').click();
          return refusal.count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
  }
  await page.getByTestId('reason-input').fill(reason);
  if (shotName) await adminShot(page, lang, shotName);
  await page.getByTestId('reason-ok').click();
  try {
    await expect.poll(() => modal.count(), { timeout: 10_000 }).toBe(0);
  } catch (error) {
    await shot(page, lang, 'admin-failed-reason');
    throw new Error(`reason dialog stayed open: ${await page.locator('.ant-message').textContent()}`, {
      cause: error,
    });
  }
}

async function selectQueueItem(page: Page, lang: Lang, kind: 'kyc' | 'deposit', account: string) {
  await page.getByRole('tab', { name: TEXTS[lang].kinds[kind] }).click();
  await page.getByPlaceholder(TEXTS[lang].reviews.search).fill(account);
  const row = page.locator('.ant-table-row', { hasText: account });
  await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
  await row.click();
  await expect.poll(() => page.getByTestId('review-detail').textContent()).toContain(account);
  await expect
    .poll(() => page.getByTestId('user-context').textContent(), { timeout: 15_000 })
    .toContain(account);
}

describe.each(process.env.E2E_ONLY ? [process.env.E2E_ONLY as Lang] : LANGUAGES)(
  'back office in %s',
  (lang) => {
    it('reviews, freezes, adjusts and publishes, and the investor sees each outcome; the audit log shows every step', async () => {
      const t = TEXTS[lang];
      const account = uniqueAccount(`bo${lang}`);
      const reviewer = `rev-${account}`.slice(0, 32);
      const operator = `ops-${account}`.slice(0, 32);
      const depositReason = `Receipt unreadable ${lang}`;
      const freezeReason = `Documents requested ${lang}`;
      const adjustReason = `Fee refund ${lang}`;
      const headline = { cn: `新闻标题 ${account}`, us: `Headline ${account}`, jp: `見出し ${account}` };

      // The investor: registered, real name submitted, a deposit reported with its receipt.
      const investor = await registeredInvestor(account);
      expect(
        (
          await apiCall(
            '/user/setFundPassword',
            { password: FUND_PASSWORD, repassword: FUND_PASSWORD },
            investor,
          )
        ).status,
      ).toBe(1);
      await upload(
        '/user/verify',
        {
          name: 'Yamada Taro',
          id_number: 'AB1234567',
          agree: '1',
          front: await png('#8fb3ff'),
          back: await png('#ffb38f'),
        },
        investor,
      );
      await upload(
        '/user/deposit',
        {
          channel: 'bank',
          amount: '250000',
          fund_password: FUND_PASSWORD,
          type: 'jpy',
          receipt: await png('#b3f0c0'),
        },
        investor,
      );
      const { id: reviewerId } = (await adminPost('/operators', {
        username: reviewer,
        password: OPERATOR_PASSWORD,
        role: 'reviewer',
      })) as { id: number };
      await adminPost('/operators', { username: operator, password: OPERATOR_PASSWORD, role: 'operator' });

      const page = await desktop(lang);
      // Sign-in: a wrong password is refused with one message for name and password.
      await page.goto(`${baseUrl()}/admin/`);
      await page.locator('input[autocomplete=username]').fill(reviewer);
      await page.locator('input[autocomplete=current-password]').fill('wrong-password');
      await page.locator('button[type=submit]').click();
      await shows(page, t.errors.login_failed);
      await adminShot(page, lang, 'login');

      // The reviewer: the menu holds only what the role may open.
      await signInAdmin(page, reviewer, OPERATOR_PASSWORD);
      await expect.poll(() => page.locator('.ant-menu-item').count()).toBe(3);
      await adminShot(page, lang, 'dashboard-reviewer');
      await page.goto(`${baseUrl()}/admin/#/reviews`);

      // Approve the real name: the ID images come through the authorised route, with zoom.
      await selectQueueItem(page, lang, 'kyc', account);
      await expect.poll(() => page.getByTestId('review-image').count(), { timeout: 15_000 }).toBe(2);
      await adminShot(page, lang, 'reviews-kyc');
      await page.getByTestId('review-image').first().click();
      await expect
        .poll(() => page.locator('.ant-image-preview').count(), { timeout: 5_000 })
        .toBeGreaterThan(0);
      await adminShot(page, lang, 'reviews-image-zoom');
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.locator('.ant-image-preview-wrap, .ant-image-preview:visible').count(), {
          timeout: 5_000,
        })
        .toBe(0);
      await page.keyboard.press('a');
      await giveReason(page, lang, '', false);
      await shows(page, t.reviews.approved);

      // Reject the deposit with the keyboard: the reason is required.
      await selectQueueItem(page, lang, 'deposit', account);
      await expect.poll(() => page.getByTestId('due-tag').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('review-image').count(), { timeout: 15_000 }).toBe(1);
      await adminShot(page, lang, 'reviews-deposit');
      await page.keyboard.press('r');
      await giveReason(page, lang, depositReason, true, 'reviews-reject-reason');
      await shows(page, t.reviews.rejected);
      // The session ends on the server (a password reset): the next call returns to sign-in.
      await adminPost(`/operators/${reviewerId}/password`, {
        password: `${OPERATOR_PASSWORD}-2`,
        reason: 'Rotation',
      });
      await page.locator('.ant-menu-item').first().click();
      await expect
        .poll(() => page.locator('input[autocomplete=username]').count(), { timeout: 15_000 })
        .toBe(1);

      // The investor sees both outcomes.
      const phonePage = await phone(browser, lang);
      await phonePage.context().addInitScript((s: Session) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('account', s.account);
      }, investor);
      await phonePage.goto(`${baseUrl()}/#/mine/verified`);
      await expect
        .poll(() => phonePage.getByTestId('kyc-status').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('verified');
      await phonePage.goto(`${baseUrl()}/#/mine/transactionRecords?tab=deposits`);
      await shows(phonePage, depositReason);
      await shot(phonePage, lang, 'admin-investor-deposit-rejected');

      // The admin: find the user, freeze the account with a reason, credit an adjustment.
      await signInAdmin(page, 'admin', (await import('vitest')).inject('adminPassword'));
      await expect.poll(() => page.locator('.ant-menu-item').count()).toBe(14);
      await adminShot(page, lang, 'dashboard');
      await page.goto(`${baseUrl()}/admin/#/users`);
      await adminShot(page, lang, 'users-empty');
      await page.getByPlaceholder(t.users.searchPlaceholder).fill(account);
      await page.getByPlaceholder(t.users.searchPlaceholder).press('Enter');
      const userRow = page.locator('.ant-table-row', { hasText: account });
      await expect.poll(() => userRow.count(), { timeout: 15_000 }).toBe(1);
      await adminShot(page, lang, 'users-search');
      await userRow.click();
      await expect
        .poll(() => page.getByTestId('profile').textContent(), { timeout: 15_000 })
        .toContain(account);
      await page.getByTestId('flag-frozen').click();
      await page.getByTestId('flags-save').click();
      await shows(page, t.form.reasonRequired);
      await page.getByTestId('flags-reason').fill(freezeReason);
      await page.getByTestId('flags-save').click();
      await expect
        .poll(() => page.getByTestId('profile').textContent(), { timeout: 15_000 })
        .toContain(freezeReason);
      await page.getByTestId('adjust-amount').fill('5000');
      await page.getByTestId('adjust-reason').fill(adjustReason);
      await page.getByTestId('adjust-submit').click();
      await shows(page, t.adjust.posted);
      await expect
        .poll(() => page.getByTestId('ledger-table').textContent(), { timeout: 15_000 })
        .toContain(adjustReason);
      await adminShot(page, lang, 'user');
      await page.getByRole('tab', { name: t.users.applications }).click();
      await expect
        .poll(() => page.getByTestId('applications-table').textContent(), { timeout: 15_000 })
        .toContain(depositReason);
      await adminShot(page, lang, 'user-applications');

      // The investor: withdrawals refused with the reason; the adjustment in the fund records.
      await phonePage.goto(`${baseUrl()}/#/mine/withdraw`);
      await expect
        .poll(() => phonePage.getByTestId('account-frozen').textContent(), { timeout: 15_000 })
        .toContain(freezeReason);
      await shot(phonePage, lang, 'admin-investor-frozen');
      const withdraw = await apiCall(
        '/user/withdraw',
        { amount: '30000', card_id: 1, fund_password: FUND_PASSWORD, type: 'jpy' },
        investor,
      );
      expect(withdraw).toMatchObject({ status: 0, msg: 'account_blocked', data: { reason: freezeReason } });
      await phonePage.goto(`${baseUrl()}/#/mine/transactionRecords`);
      await shows(phonePage, adjustReason);
      await shot(phonePage, lang, 'admin-investor-adjustment');

      // The other admin screens, photographed.
      // Above the configured amount an adjustment waits for a second operator.
      const userId = (await apiCall<{ id: number }>('/user/getUserinfo', {}, investor)).data.id;
      await adminPost(`/users/${userId}/adjustments`, {
        currency: 'JPY',
        direction: 'credit',
        amount: '200000',
        reason: 'Missed transfer',
      });
      await page.goto(`${baseUrl()}/admin/#/adjustments`);
      await expect
        .poll(() => page.locator('.ant-table-row', { hasText: account }).count(), { timeout: 15_000 })
        .toBe(1);
      await adminShot(page, lang, 'adjustments');
      await page.getByRole('button', { name: t.totp.title }).click();
      await page.getByRole('button', { name: t.totp.setup }).click();
      await expect.poll(() => page.locator('.ant-qrcode').count(), { timeout: 10_000 }).toBe(1);
      await adminShot(page, lang, 'totp-setup');
      await page.keyboard.press('Escape');
      await page.goto(`${baseUrl()}/admin/#/messages`);
      await page.getByTestId('message-account').fill(account);
      for (const l of LANGUAGES) {
        await page.getByRole('tab', { name: { cn: '简体中文', us: 'English', jp: '日本語' }[l] }).click();
        await page.getByTestId(`title-${l}`).fill(`${l} notice`);
        await page.getByTestId(`body-${l}`).fill(`${l} body`);
      }
      await adminShot(page, lang, 'messages');
      await page.getByTestId('message-submit').click();
      await shows(page, t.messages.sent);
      await page.goto(`${baseUrl()}/admin/#/config`);
      await expect
        .poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 })
        .toBeGreaterThan(10);
      await adminShot(page, lang, 'config');
      await page.getByTestId('edit-leverageChoices').click();
      await adminShot(page, lang, 'config-edit');
      await page.keyboard.press('Escape');
      await page.goto(`${baseUrl()}/admin/#/operators`);
      await expect
        .poll(() => page.locator('.ant-table-row', { hasText: reviewer }).count(), { timeout: 15_000 })
        .toBe(1);
      await adminShot(page, lang, 'operators');
      await signOutAdmin(page, lang);

      // The operator publishes news in three languages; the investor reads it in theirs.
      await signInAdmin(page, operator, OPERATOR_PASSWORD);
      await expect.poll(() => page.locator('.ant-menu-item').count()).toBe(8);
      await page.goto(`${baseUrl()}/admin/#/news`);
      for (const l of LANGUAGES) {
        await page.getByRole('tab', { name: { cn: '简体中文', us: 'English', jp: '日本語' }[l] }).click();
        await page.getByTestId(`title-${l}`).fill(headline[l]);
        await page.getByTestId(`summary-${l}`).fill(`${headline[l]} summary`);
        await page.getByTestId(`body-${l}`).fill(`${headline[l]} body`);
      }
      await adminShot(page, lang, 'news');
      await page.getByTestId('news-submit').click();
      await shows(page, t.news.published);
      await signOutAdmin(page, lang);
      await phonePage.goto(`${baseUrl()}/#/news/index`);
      await shows(phonePage, headline[lang]);

      // The audit log shows every step, by whom and why.
      await signInAdmin(page, 'admin', (await import('vitest')).inject('adminPassword'));
      await page.goto(`${baseUrl()}/admin/#/audit`);
      const table = page.getByTestId('audit-table');
      // Each action by its label in the operator's language, never by its key.
      for (const action of [
        'kyc_approve',
        'deposit_reject',
        'user_flags',
        'adjustment_posted',
        'news_publish',
        'message_send',
      ] as const)
        await expect.poll(() => table.textContent(), { timeout: 15_000 }).toContain(t.audit.actions[action]);
      await expect.poll(() => table.textContent()).toContain(depositReason);
      await expect.poll(() => table.textContent()).toContain(freezeReason);
      await adminShot(page, lang, 'audit');
      const download = page.waitForEvent('download');
      await page.getByTestId('audit-export').click();
      expect((await download).suggestedFilename()).toBe('audit-log.csv');

      // Lift the freeze so the next language starts clean.
      await adminPost(`/users/${userId}/flags`, {
        frozen: false,
        reason: 'Documents received',
      });
      await page.context().close();
      await phonePage.context().close();
    });
  },
);
