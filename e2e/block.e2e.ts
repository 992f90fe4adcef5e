import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cn } from '../apps/admin/src/shared/i18n/cn';
import { jp } from '../apps/admin/src/shared/i18n/jp';
import { us } from '../apps/admin/src/shared/i18n/us';
import { blockI18n } from '../apps/web/src/features/block/i18n';
import { homeI18n } from '../apps/web/src/features/home/i18n';
import { keysOf, rawKeysIn } from './i18n';
import { listBlockProduct } from './products';
import {
  advanceClock,
  apiCall,
  baseUrl,
  decideReview,
  FUND_PASSWORD,
  fundedInvestor,
  LANGUAGES,
  type Lang,
  launch,
  openAs,
  phone,
  shot,
} from './support';

/**
 * The block-trade journey (SPEC §2 /home/large…; §6.5): an operator lists a product through the
 * back-office API; the investor finds it on the Stocks tab, reads it, applies with the fund
 * password and sees the application pending; the review screen shows the block details; approval
 * through the back-office API opens a holding position at the block price. In every language.
 */

const CODE = '7203';
const LOTS = 100;
const ADMIN_TEXTS = { cn, us, jp };

const OWN_KEYS = keysOf(blockI18n.resources.cn).filter((k) => k.includes('.'));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A verified investor with a fund password and ¥1,000,000. */
const investor = () => fundedInvestor({ prefix: 'bk', realName: 'Ito Kenji' });

/** The server's time (journeys before this one may have moved its clock forward). */
const serverNow = async () => new Date((await advanceClock(1)).now).getTime();

/** A desktop page signed in to the back office as the first operator, in the given language. */
async function backOffice(lang: Lang): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: { cn: 'zh-CN', us: 'en-US', jp: 'ja-JP' }[lang],
  });
  await context.addInitScript((language) => localStorage.setItem('language', language), lang as string);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/admin/#/dashboard`);
  await page.locator('input[autocomplete=username]').fill('admin');
  await page
    .locator('input[autocomplete=current-password]')
    .fill((await import('vitest')).inject('adminPassword'));
  await page.locator('button[type=submit]').click();
  await expect.poll(() => page.getByTestId('operator-name').textContent(), { timeout: 15_000 }).toBe('admin');
  return page;
}

const grouped = (price: string) => Number(price).toLocaleString('en-US', { minimumFractionDigits: 1 });
/** A price as the back office shows it: grouped, no padding zeros ("3319.000000" → "3,319"). */
const deskPrice = (price: string) => Number(price).toLocaleString('en-US', { maximumFractionDigits: 6 });

describe.each(LANGUAGES)('block-trade journey in %s', (lang) => {
  it('applies for a block product, is approved through the back office, holds a position at the block price', async () => {
    const b = blockI18n.resources[lang];
    const session = await investor();
    const product = await listBlockProduct(CODE, LOTS);
    const page = await phone(browser, lang);

    // The Stocks tab lists it; the product detail shows the block price and quota.
    await openAs(page, session, '/home/home');
    await page.getByRole('button', { name: homeI18n.resources[lang].entries.blockTrade }).click();
    await page.waitForURL(/#\/home\/large$/, { timeout: 15_000, waitUntil: 'commit' });
    const card = page.getByTestId(`block-product-${product.id}`);
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    expect(await card.getByTestId('block-price').textContent()).toBe(grouped(product.price));
    expect(rawKeysIn((await page.locator('body').textContent()) ?? '', OWN_KEYS)).toEqual([]);
    await shot(page, lang, 'block-stocks');
    await card.click();
    await page.waitForURL(/#\/home\/largeInfo\?id=/, { waitUntil: 'commit' });
    await expect
      .poll(() => page.getByTestId('block-product').textContent(), { timeout: 15_000 })
      .toContain(CODE);
    await shot(page, lang, 'block-product');

    // Apply: below the minimum is refused on the field before anything is sent; then 100 shares.
    await page.getByTestId('block-apply').click();
    await page.waitForURL(/#\/home\/large2\?id=/, { waitUntil: 'commit' });
    const lots = page.getByTestId('block-lots').locator('input');
    await lots.fill(String(LOTS - 1));
    await page.locator('input[type=password]').fill(FUND_PASSWORD);
    await page.getByTestId('block-submit').click();
    await expect
      .poll(() => page.locator('.adm-form-item-feedback-error').textContent())
      .toContain(String(LOTS));
    await lots.fill(String(LOTS));
    await expect.poll(() => page.getByTestId('block-amount').textContent()).toMatch(/\d/);
    await shot(page, lang, 'block-apply');
    await page.getByTestId('block-submit').click();
    await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
    await page.waitForURL(/#\/home\/large3\?id=/, { timeout: 15_000, waitUntil: 'commit' });
    await expect
      .poll(() => page.getByTestId('block-application-state').textContent(), { timeout: 15_000 })
      .toBe(b.appState.pending);
    await shot(page, lang, 'block-application-pending');

    // The Application List tab shows it.
    await page.goto(`${baseUrl()}/#/home/largeQc`);
    await expect
      .poll(() => page.getByTestId('block-applications').textContent(), { timeout: 15_000 })
      .toContain(b.appState.pending);
    await shot(page, lang, 'block-applications');

    // The review screen renders the block details.
    const desk = await backOffice(lang);
    const t = ADMIN_TEXTS[lang];
    await desk.goto(`${baseUrl()}/admin/#/reviews`);
    await desk.getByRole('tab', { name: t.kinds.block }).click();
    await desk.getByPlaceholder(t.reviews.search).fill(session.account);
    const row = desk.locator('.ant-table-row', { hasText: session.account });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.click();
    const detail = desk.getByTestId('review-detail');
    await expect.poll(() => detail.textContent(), { timeout: 15_000 }).toContain(session.account);
    const text = (await detail.textContent()) ?? '';
    expect(text).toContain(t.reviews.field.lots);
    expect(text).toContain(t.reviews.field.price);
    expect(text).toContain(product.price);
    expect(text).toContain(CODE);
    await desk.screenshot({ path: `.artifacts/screenshots/${lang}/admin-block-review.png` });
    await desk.goto(`${baseUrl()}/admin/#/block`);
    await expect
      .poll(() => desk.getByTestId('block-table').textContent(), { timeout: 15_000 })
      .toContain(deskPrice(product.price));
    // The operator lists a product with the form: stock, block price, minimum, quota, window.
    const listed = `${3000 + LANGUAGES.indexOf(lang)}.0`;
    await desk.locator('#code').fill('6758');
    await desk.locator('#price').fill(listed);
    await desk.locator('#minLots').fill('10');
    await desk.locator('#totalLots').fill('1000');
    const listedAt = await serverNow();
    const day = (offset: number) => {
      const d = new Date(listedAt + offset * 86_400_000);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} 09:00:00`;
    };
    const range = desk.locator('.ant-picker-range input');
    await range.nth(0).click();
    await range.nth(0).fill(day(-1));
    await desk.locator('.ant-picker-ok button').click();
    await range.nth(1).fill(day(10));
    await desk.locator('.ant-picker-ok button').click();
    await desk.getByTestId('block-submit').click();
    await expect
      .poll(() => desk.getByTestId('block-table').textContent(), { timeout: 15_000 })
      .toContain(`${deskPrice(listed)} JPY`);
    await expect.poll(() => desk.locator('.ant-form-item-has-error').count(), { timeout: 5_000 }).toBe(0);
    await desk.screenshot({ path: `.artifacts/screenshots/${lang}/admin-block-products.png` });
    await desk.context().close();

    // Approval through the back-office API opens the position at the block price.
    await decideReview('block', session.account, 'approve');
    const applications = await apiCall<Array<{ id: number; positionId: number | null; state: string }>>(
      '/trade/ustockslist',
      { type: 'jpy' },
      session,
    );
    const approved = applications.data[0]!;
    expect(approved.state).toBe('approved');
    await page.goto(`${baseUrl()}/#/home/large3?id=${approved.id}`);
    await expect
      .poll(() => page.getByTestId('block-application-state').textContent(), { timeout: 15_000 })
      .toBe(b.appState.approved);
    await shot(page, lang, 'block-application-approved');
    await page.getByTestId('block-position').click();
    await page.waitForURL(/#\/position\/info\?id=/, { waitUntil: 'commit' });
    await expect
      .poll(() => page.getByTestId('position-detail').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('holding');
    expect(await page.getByTestId('position-detail').textContent()).toContain(grouped(product.price));
    await shot(page, lang, 'block-position');

    const positions = await apiCall<{
      list: Array<{ id: number; openPrice: string; quantity: number; leverage: number; source: string }>;
    }>('/trade/userstocklist', { type: 'jpy' }, session);
    expect(positions.data.list.find((p) => p.id === approved.positionId)).toMatchObject({
      openPrice: product.price,
      quantity: LOTS,
      leverage: 1,
      source: 'block',
    });

    await page.goto(`${baseUrl()}/#/home/large4`);
    await expect
      .poll(() => page.getByTestId('block-rules').textContent(), { timeout: 15_000 })
      .toContain(b.rules.items.r1);
    await shot(page, lang, 'block-rules');
    await page.close();
  });
});
