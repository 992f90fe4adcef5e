import { Decimal, PRICE_DECIMALS } from '@kabuto/contract';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { tradingI18n } from '../apps/web/src/features/trading/i18n';
import { successI18n } from '../apps/web/src/shared/i18n/errors';
import { keysOf, rawKeysIn } from './i18n';
import { apiCall, baseUrl, type Lang, layoutFaults, type Session, saw, shot } from './support';

/** What the protective-order journeys share: the stock, its quote, the order sheet, the positions. */

export type PositionRow = {
  id: number;
  orderNo: string;
  code: string;
  direction: 'long' | 'short';
  orderType: string;
  state: string;
  quantity: number;
  limitPrice: string | null;
  triggerPrice: string | null;
  takeProfit: string | null;
  stopLoss: string | null;
  closeReason: string | null;
  realisedPnl: string | null;
  expiresAt: string | null;
  validity: string;
};

export const MARKET = 'jpy';
export const DECIMALS = PRICE_DECIMALS[MARKET];
export const TICK = new Decimal(10).pow(-DECIMALS);
export const at = (d: Decimal) => d.toFixed(DECIMALS);

const TRADING_KEYS = keysOf(tradingI18n.resources.cn).filter((k) => k.includes('.'));

/** No raw key, nothing wider than the phone, no amount cut. */
export async function looksRight(page: Page) {
  const body = await page.locator('body').textContent();
  expect(rawKeysIn(body ?? '', TRADING_KEYS)).toEqual([]);
  expect(await layoutFaults(page)).toEqual([]);
}

export async function toastGone(page: Page) {
  // A live notice (a fill, a trigger) follows the success toast for its 3.5 s.
  await expect.poll(() => page.locator('.adm-toast-main').count(), { timeout: 15_000 }).toBe(0);
}

/** The highest-priced liquid stock: its price moves by many ticks a second, far from its limits. */
export async function pickStock(): Promise<string> {
  const hot = await apiCall<{ list: Array<{ code: string; price: string }> }>('/market/hot', {
    type: MARKET,
    size: 20,
  });
  const sorted = [...hot.data.list].sort((a, b) => Number(b.price) - Number(a.price));
  expect(sorted.length).toBeGreaterThan(0);
  return sorted[0]!.code;
}

export async function quote(
  code: string,
): Promise<{ price: Decimal; limitUp: Decimal | null; limitDown: Decimal | null }> {
  const answer = await apiCall<{ price: string; limitUp: string | null; limitDown: string | null }>(
    '/market/quote',
    { type: MARKET, code },
  );
  const limit = (value: string | null) => (value ? new Decimal(value) : null);
  return {
    price: new Decimal(answer.data.price),
    limitUp: limit(answer.data.limitUp),
    limitDown: limit(answer.data.limitDown),
  };
}

export async function positions(session: Session, ended = false): Promise<PositionRow[]> {
  const answer = await apiCall<{ list: PositionRow[] }>(
    ended ? '/trade/userstocklists' : '/trade/userstocklist',
    { type: MARKET, size: 50 },
    session,
  );
  return answer.data.list;
}

export async function openSheet(page: Page, code: string, side: 'buy' | 'sell'): Promise<Locator> {
  await page.goto(`${baseUrl()}/#/quotes/info?code=${code}`);
  await page.getByTestId(side).click({ timeout: 20_000 });
  const sheet = page.getByTestId('order-sheet');
  await expect.poll(() => sheet.getByTestId('order-quote').count(), { timeout: 15_000 }).toBe(1);
  return sheet;
}

export async function waitForPreview(sheet: Locator) {
  await expect
    .poll(() => sheet.locator('[data-testid=order-summary] dd .kb-num').count(), { timeout: 15_000 })
    .toBe(4);
  await expect
    .poll(() => sheet.getByTestId('order-summary').getAttribute('aria-busy'), { timeout: 10_000 })
    .toBe('false');
}

/** Whether the whole of `locator` lies on the phone's screen, not scrolled off it. */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const view = page.viewportSize();
  return (
    box !== null &&
    view !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= view.height &&
    box.x + box.width <= view.width
  );
}

/**
 * Submits the order sheet and confirms. The order in words (SPEC §13.2) is on screen both when
 * the button is pressed, with the form scrolled back to its first field, and in the confirmation.
 */
export async function confirmOrder(page: Page, lang: Lang, shotName?: string) {
  const t = tradingI18n.resources[lang];
  const sentence = page.getByTestId('order-sentence');
  const said = (await sentence.count()) > 0;
  if (said) {
    await page.getByTestId('order-quote').evaluate((element) => {
      for (let e: Element | null = element; e; e = e.parentElement) e.scrollTop = 0;
    });
    expect(await onScreen(page, sentence)).toBe(true);
    expect(await onScreen(page, page.getByTestId('order-submit'))).toBe(true);
  }
  await page.getByTestId('order-submit').click();
  const dialog = page.locator('.adm-dialog').filter({ has: page.getByTestId('order-confirm') });
  await expect.poll(() => dialog.count(), { timeout: 5_000 }).toBe(1);
  if (said) expect(await onScreen(page, dialog.getByTestId('order-confirm-sentence'))).toBe(true);
  if (shotName) await shot(page, lang, shotName);
  await dialog.getByRole('button', { name: t.sheet.confirmAction }).click();
  await saw(page, successI18n.resources[lang].place);
  await expect.poll(() => page.getByTestId('order-sheet').isVisible(), { timeout: 5_000 }).toBe(false);
}

export const card = (page: Page, position: { id: number }) =>
  page.locator(`[data-testid=position-card][data-id="${position.id}"]`);

export async function inProgress(page: Page) {
  await page.goto(`${baseUrl()}/#/position/index?tab=inProgress`);
}

export async function fill(locator: Locator, text: string) {
  await locator.fill('');
  await locator.fill(text);
}
