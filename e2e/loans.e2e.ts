import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyI18n } from '../apps/web/src/features/money/i18n';
import { errorsI18n } from '../apps/web/src/shared/i18n/errors';
import { keysOf, rawKeysIn } from './i18n';
import {
  advanceClock,
  apiCall,
  decideReview,
  FUND_PASSWORD,
  fundedInvestor,
  LANGUAGES,
  type Lang,
  launch,
  openAs,
  phone,
  type Session,
  shot,
} from './support';

/**
 * The loan journey (SPEC §2 /mine/loan, /mine/loanOrder; §6.4): a verified investor with funds
 * sees the credit score and quota, applies for a loan, is credited on approval with the debt
 * shown, is refused a withdrawal while the loan is unpaid, repays in full and can withdraw again;
 * the loan records show each state. In every language.
 */

const REAL_NAME = 'Sato Hanako';

const money = (lang: Lang) => moneyI18n.resources[lang];
const OWN_KEYS = keysOf(moneyI18n.resources.cn).filter((k) => k.includes('.'));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A verified investor with a card, a fund password and ¥1,000,000 (credit score 600: quota ¥200,000). */
async function investor(): Promise<{ session: Session; cardId: number }> {
  const session = await fundedInvestor({ prefix: 'ln', realName: REAL_NAME, idNumber: 'CD7654321' });
  const card = await apiCall<{ id: number }>(
    '/user/bankAdd',
    {
      holder: REAL_NAME,
      card_number: `6222${String(Date.now()).slice(-12)}`,
      card_type: 'debit',
      institution: 'MUFG Bank',
      branch: 'Shibuya',
      branch_code: '135',
    },
    session,
  );
  return { session, cardId: card.data.id };
}

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

async function fillPassword(page: Page) {
  await page.locator('.kb-money-form input[type=password]').last().fill(FUND_PASSWORD);
}

async function confirmDialog(page: Page) {
  await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
}

describe.each(LANGUAGES)('loan journey in %s', (lang) => {
  it('borrows, sees the wallet credited and the debt, interest accrue over two days, is refused a withdrawal, repays, withdraws', async () => {
    const m = money(lang);
    const { session, cardId } = await investor();
    const page = await phone(browser, lang);
    await openAs(page, session, '/mine/loan');

    await expect.poll(() => page.getByTestId('loan-score').textContent(), { timeout: 20_000 }).toBe('600');
    await expect.poll(() => page.getByTestId('loan-quota').textContent()).toMatch(/200,000/);
    expect(rawKeysIn((await page.locator('body').textContent()) ?? '', OWN_KEYS)).toEqual([]);
    await shot(page, lang, 'loan-apply');

    // A loan above the quota is refused as the user types.
    await input(page, 'loan-amount').fill('250000');
    await fillPassword(page);
    await page.getByTestId('loan-submit').click();
    await expect.poll(() => page.locator('.adm-form-item-feedback-error').count()).toBeGreaterThan(0);

    await input(page, 'loan-amount').fill('100000');
    await page.getByTestId('loan-submit').click();
    await confirmDialog(page);
    await expect
      .poll(() => page.getByTestId('loan-state').textContent(), { timeout: 15_000 })
      .toBe(m.loan.state.pending);
    await shot(page, lang, 'loan-pending');

    await decideReview('loan', session.account, 'approve');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('loan-state').textContent(), { timeout: 15_000 })
      .toBe(m.loan.state.active);
    await expect.poll(() => page.getByTestId('loan-outstanding').textContent()).toMatch(/100,000/);
    const user = await apiCall<Record<string, string>>('/user/getUserinfo', { type: 'jpy' }, session);
    expect(user.data).toMatchObject({ jpy: '1100000', jpyyjed: '100000' });
    await shot(page, lang, 'loan-active');

    // Two days pass on the server's clock: the daily job accrues ¥50 (5 bp of ¥100,000) each day.
    const moved = await advanceClock(2 * 86_400_000, [session]);
    const accruals = moved.jobs.filter((run) => run.startsWith('loans.interest@')).length;
    // Two, or three when the real clock also crossed the accrual time while the journey ran.
    expect(accruals).toBeGreaterThanOrEqual(2);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('loan-outstanding').textContent(), { timeout: 15_000 })
      .toMatch(accruals === 2 ? /100,100/ : /100,1[05]0/);
    await shot(page, lang, 'loan-interest');

    // Withdrawals are refused while the loan is unpaid (SPEC §6.4).
    const refused = await apiCall(
      '/user/withdraw',
      { type: 'jpy', amount: '30000', card_id: cardId, fund_password: FUND_PASSWORD },
      session,
    );
    expect(refused.msg).toBe('loan_unpaid');
    expect(errorsI18n.resources[lang].loan_unpaid.length).toBeGreaterThan(0);

    await fillPassword(page);
    await page.getByTestId('repay-submit').click();
    await confirmDialog(page);
    await expect
      .poll(() => page.getByTestId('loan-outstanding').textContent(), { timeout: 15_000 })
      .toMatch(/[¥￥]\s?0$/);
    await expect.poll(() => page.getByTestId('loan-score').textContent()).toBe('610');
    await shot(page, lang, 'loan-repaid');

    const paid = await apiCall(
      '/user/withdraw',
      { type: 'jpy', amount: '30000', card_id: cardId, fund_password: FUND_PASSWORD },
      session,
    );
    expect(paid.status).toBe(1);

    await page.getByTestId('loan-records-link').click();
    await page.waitForURL(/#\/mine\/loanOrder/, { waitUntil: 'commit' });
    await expect
      .poll(() => page.getByTestId('loan-order-state').first().textContent(), { timeout: 15_000 })
      .toBe(m.loan.state.repaid);
    await shot(page, lang, 'loan-orders');
    await page.close();
  });
});
