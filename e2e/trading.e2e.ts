import { Decimal } from '@kabuto/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingI18n } from '../apps/web/src/features/trading/i18n';
import { commonI18n } from '../apps/web/src/shared/i18n/common';
import { successI18n } from '../apps/web/src/shared/i18n/errors';
import { keysOf, rawKeysIn } from './i18n';
import {
  card,
  confirmOrder,
  DECIMALS,
  MARKET,
  positions as openPositions,
  openSheet,
  type PositionRow,
  pickStock,
  quote,
  toastGone,
  waitForPreview,
} from './orders';
import {
  apiCall,
  baseUrl,
  fundedInvestor,
  LANGUAGES,
  type Lang,
  launch,
  openAs,
  openRoute,
  phone,
  saw,
  shot,
} from './support';

/**
 * The trading journey (SPEC §2 /quotes/info order sheet, /position/index, /position/info; §6.3):
 * a funded user buys long at market with 2× leverage through the order sheet, watches the live
 * P&L, places a short limit that stays pending and cancels it, places a short limit just below
 * the price that fills, closes both positions from their detail pages, and finds every posting
 * in the fund records.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TRADING_KEYS = keysOf(tradingI18n.resources.cn).filter((k) => k.includes('.'));

async function expectNoRawKeys(page: Page) {
  const body = await page.locator('body').textContent();
  expect(rawKeysIn(body ?? '', TRADING_KEYS)).toEqual([]);
}

async function closeFromDetail(page: Page, lang: Lang, position: PositionRow, shots: boolean) {
  const t = tradingI18n.resources[lang];
  await openRoute(page, 'position/index?tab=inProgress');
  await card(page, position).locator('.kb-pos-card__open').click({ timeout: 15_000 });
  await expect
    .poll(() => new URL(page.url()).hash, { timeout: 15_000 })
    .toBe(`#/position/info?id=${position.id}`);
  const detail = page.getByTestId('position-detail');
  await expect.poll(() => detail.getAttribute('data-state'), { timeout: 10_000 }).toBe('holding');
  await expect.poll(() => page.getByTestId('detail-order-no').textContent()).toBe(position.orderNo);
  if (shots) {
    await expectNoRawKeys(page);
    await toastGone(page);
    await shot(page, lang, 'trading-position-detail');
  }
  await page.getByTestId('detail-close').click();
  const dialog = page.locator('.adm-dialog').filter({ has: page.getByTestId('close-confirm') });
  await expect.poll(() => dialog.count(), { timeout: 5_000 }).toBe(1);
  if (shots) await shot(page, lang, 'trading-close-confirm');
  await dialog.getByRole('button', { name: commonI18n.resources[lang].actions.confirm }).click();
  await saw(page, successI18n.resources[lang].close);
  await expect.poll(() => detail.getAttribute('data-state'), { timeout: 10_000 }).toBe('closed');
  await saw(page, t.detail.closePrice);
  if (shots) await shot(page, lang, 'trading-position-detail-closed');
}

describe.each(LANGUAGES)('trading journey in %s', (lang) => {
  it('buys long at market with 2× leverage, cancels a pending short, fills a short limit, closes both and finds every posting', async () => {
    const t = tradingI18n.resources[lang];
    const session = await fundedInvestor({ prefix: 'tr', amount: '10000000' });
    const code = await pickStock();
    const page = await phone(browser, lang);
    // Signed in before the app's first load: a sign-in through /login/start could send the page
    // on to home after the order sheet's screen was asked for.
    await openAs(page, session, '/home/home');

    // 1. Market long, 100 shares, 2× leverage, through the order sheet.
    let sheet = await openSheet(page, code, 'buy');
    expect(await sheet.getByTestId('order-direction-long').getAttribute('aria-pressed')).toBe('true');
    expect(await sheet.getByTestId('order-type-market').getAttribute('aria-pressed')).toBe('true');
    await sheet.getByTestId('order-quantity').fill('100');
    await sheet.getByTestId('order-leverage-2').click();
    await waitForPreview(sheet);
    await expectNoRawKeys(page);
    await shot(page, lang, 'trading-order-sheet');
    await confirmOrder(page, lang, 'trading-order-confirm');

    const [long] = await openPositions(session);
    expect(long).toMatchObject({ code, direction: 'long', state: 'holding' });

    // 2. The position in the Trade tab, priced live: the current price moves with the ticks.
    await page.goto(`${baseUrl()}/#/position/index`);
    const longCard = card(page, long!);
    await expect.poll(() => longCard.getAttribute('data-state'), { timeout: 15_000 }).toBe('holding');
    const firstPrice = await longCard.getByTestId('position-price').textContent();
    await expect
      .poll(() => longCard.getByTestId('position-price').textContent(), { timeout: 30_000, interval: 500 })
      .not.toBe(firstPrice);
    const pnl = longCard.locator('[data-testid=position-pnl] .kb-num');
    const pnlClass = (await pnl.getAttribute('class')) ?? '';
    const pnlText = await pnl.textContent();
    if (pnlClass.includes('kb-trend-up')) expect(pnlText).toMatch(/\+/);
    if (pnlClass.includes('kb-trend-down')) expect(pnlText).toMatch(/-|−/);
    await expect.poll(() => page.getByTestId('positions-floating-pnl').locator('.kb-num').count()).toBe(1);

    // 3. A short limit well above the price waits as pending; it is cancelled from the list.
    const { price, limitUp } = await quote(code);
    let high = price.times('1.05').toDecimalPlaces(DECIMALS, Decimal.ROUND_DOWN);
    if (limitUp && high.gt(limitUp)) high = limitUp;
    sheet = await openSheet(page, code, 'sell');
    expect(await sheet.getByTestId('order-direction-short').getAttribute('aria-pressed')).toBe('true');
    await sheet.getByTestId('order-type-limit').click();
    await sheet.getByTestId('order-price').fill(high.toFixed(DECIMALS));
    await sheet.getByTestId('order-quantity').fill('100');
    await sheet.getByTestId('order-leverage-2').click();
    await waitForPreview(sheet);
    await shot(page, lang, 'trading-order-sheet-limit');
    await confirmOrder(page, lang);
    const pending = (await openPositions(session)).find((p) => p.state === 'pending');
    expect(pending).toMatchObject({ direction: 'short' });

    await page.goto(`${baseUrl()}/#/position/index`);
    const pendingCard = card(page, pending!);
    await expect.poll(() => pendingCard.getAttribute('data-state'), { timeout: 15_000 }).toBe('pending');
    await expectNoRawKeys(page);
    await toastGone(page);
    await shot(page, lang, 'trading-positions-in-progress');
    await pendingCard.getByTestId('position-cancel').click();
    const cancelDialog = page.locator('.adm-dialog').filter({ has: page.getByTestId('cancel-confirm') });
    await expect.poll(() => cancelDialog.count(), { timeout: 5_000 }).toBe(1);
    await shot(page, lang, 'trading-cancel-confirm');
    await cancelDialog.getByRole('button', { name: t.positions.cancelAction }).click();
    await saw(page, successI18n.resources[lang].cancel);
    await expect.poll(() => pendingCard.count(), { timeout: 10_000 }).toBe(0);

    // 4. A short limit 1 % under the price, priced from a quote read just before it is typed:
    // the market trades through it at once. (Ten ticks under, a simulated price falling for the
    // seconds the sheet takes could leave it waiting for the price to come back.)
    sheet = await openSheet(page, code, 'sell');
    await sheet.getByTestId('order-type-limit').click();
    await sheet.getByTestId('order-quantity').fill('100');
    await sheet.getByTestId('order-leverage-2').click();
    const now = await quote(code);
    let below = now.price.times('0.99').toDecimalPlaces(DECIMALS, Decimal.ROUND_DOWN);
    if (now.limitDown && below.lt(now.limitDown)) below = now.limitDown;
    const low = below.toFixed(DECIMALS);
    await sheet.getByTestId('order-price').fill(low);
    await waitForPreview(sheet);
    await confirmOrder(page, lang);
    await expect
      .poll(
        async () =>
          (await openPositions(session)).filter((p) => p.direction === 'short' && p.state === 'holding')
            .length,
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(1);
    const short = (await openPositions(session)).find((p) => p.direction === 'short')!;

    await page.goto(`${baseUrl()}/#/position/index`);
    await expect
      .poll(() => card(page, short).getAttribute('data-state'), { timeout: 15_000 })
      .toBe('holding');
    await expect.poll(() => page.locator('[data-testid=position-card]').count()).toBe(2);
    await toastGone(page);
    await shot(page, lang, 'trading-positions-holding');

    // 5. Close both from their detail pages.
    await closeFromDetail(page, lang, long!, true);
    await closeFromDetail(page, lang, short, false);
    expect(await openPositions(session)).toEqual([]);

    // 6. Terminated: two closed and one cancelled, with the realised P&L over them.
    await page.goto(`${baseUrl()}/#/position/index`);
    await page.getByTestId('positions-tab-terminated').click();
    await expect.poll(() => page.locator('[data-testid=position-card]').count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => page.locator('[data-testid=position-card][data-state=closed]').count()).toBe(2);
    await expect
      .poll(() => page.locator('[data-testid=position-card][data-state=cancelled]').count())
      .toBe(1);
    const ended = await apiCall<{ list: PositionRow[]; lsyk: string }>(
      '/trade/userstocklists',
      { type: MARKET, size: 50 },
      session,
    );
    const realised = ended.data.list.reduce((sum, p) => sum.plus(p.realisedPnl ?? 0), new Decimal(0));
    expect(new Decimal(ended.data.lsyk).equals(realised)).toBe(true);
    await expectNoRawKeys(page);
    await toastGone(page);
    await shot(page, lang, 'trading-positions-terminated');

    // 7. Every posting is in the fund records: the deposit, the fill, the pending order and its
    // release, the filled limit and both closes, each with its order number.
    const records = await apiCall<{ list: Array<{ kind: string; orderNo: string }> }>(
      '/user/fundRecords',
      { type: MARKET, kind: 'transactions', size: 50 },
      session,
    );
    const kinds = records.data.list.map((r) => r.kind);
    expect(kinds.filter((k) => k === 'position_close')).toHaveLength(2);
    expect(kinds).toContain('deposit');
    expect(kinds).toContain('order_open');
    expect(kinds).toContain('order_place');
    expect(kinds).toContain('order_cancel');
    await page.goto(`${baseUrl()}/#/mine/transactionRecords`);
    const list = page.getByTestId('records-transactions');
    await expect
      .poll(() => list.locator('[data-testid=fund-record]').count(), { timeout: 15_000 })
      .toBe(records.data.list.length);
    const shown = await list.textContent();
    for (const record of records.data.list) expect(shown).toContain(record.orderNo);
    await shot(page, lang, 'trading-fund-records');

    await page.context().close();
  }, 300_000);
});
