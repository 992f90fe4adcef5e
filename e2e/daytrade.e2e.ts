import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daytradeI18n } from '../apps/web/src/features/daytrade/i18n';
import { tradingI18n } from '../apps/web/src/features/trading/i18n';
import { successI18n } from '../apps/web/src/shared/i18n/errors';
import { keysOf, rawKeysIn } from './i18n';
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
  type Session,
  saw,
  shot,
} from './support';

/**
 * The day-trading journey (SPEC §2 /home/withinDays, §6.5): an investor with yuan applies for a
 * day's participation from the home tile, is approved through the back-office API, buys a China
 * stock in day mode on the order sheet and sells it the same day (T+1 waived), holds a second
 * one into the session close (the server's clock driven there), and finds it force-closed and
 * the result settled in the application's details and the fund records. In every language.
 */

const MARKET = 'cny';

const OWN_KEYS = keysOf(daytradeI18n.resources.cn).filter((k) => k.includes('.'));

interface DayApp {
  id: number;
  state: string;
  closeAt: string;
  tradingDay: string;
  returned: string | null;
}
interface PositionRow {
  id: number;
  orderNo: string;
  mode: string;
  state: string;
  createdAt: string;
  closeReason: string | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** An investor with the risk disclosure accepted, a fund password and CN¥100,000 deposited and approved. */
const investor = () => fundedInvestor({ prefix: 'dt', market: MARKET, amount: '100000' });

/** A China stock priced well above its minimum and away from its limits. */
async function pickStock(): Promise<{ code: string; quantity: number }> {
  const hot = await apiCall<{ list: Array<{ code: string; price: string }> }>('/market/hot', {
    type: MARKET,
    size: 10,
  });
  const stock = hot.data.list.find((q) => Number(q.price) > 20 && Number(q.price) < 500) ?? hot.data.list[0];
  // Well within the participation at 1×: about CN¥8,000 a time.
  return { code: stock!.code, quantity: Math.max(1, Math.floor(8000 / Number(stock!.price))) };
}

async function dayOrderFromSheet(
  page: Page,
  lang: Lang,
  stock: { code: string; quantity: number },
  shots: boolean,
) {
  const t = tradingI18n.resources[lang];
  await page.goto(`${baseUrl()}/#/quotes/info?code=${stock.code}`);
  await page.getByTestId('buy').click({ timeout: 20_000 });
  const sheet: Locator = page.getByTestId('order-sheet');
  await expect.poll(() => sheet.getByTestId('order-mode-day').count(), { timeout: 15_000 }).toBe(1);
  await sheet.getByTestId('order-mode-day').click();
  await sheet.getByTestId('order-quantity').fill(String(stock.quantity));
  await sheet.getByTestId('order-leverage-1').click();
  await expect
    .poll(() => sheet.locator('[data-testid=order-summary] dd .kb-num').count(), { timeout: 15_000 })
    .toBe(4);
  if (shots) await shot(page, lang, 'daytrade-order-sheet');
  await page.getByTestId('order-submit').click();
  const dialog = page.locator('.adm-dialog').filter({ has: page.getByTestId('order-confirm') });
  await expect.poll(() => dialog.count(), { timeout: 5_000 }).toBe(1);
  await dialog.getByRole('button', { name: t.sheet.confirmAction }).click();
  await saw(page, successI18n.resources[lang].place);
}

async function dayPositions(session: Session): Promise<PositionRow[]> {
  const answer = await apiCall<{ list: PositionRow[] }>(
    '/trade/userstocklist',
    { type: MARKET, size: 50 },
    session,
  );
  return answer.data.list.filter((p) => p.mode === 'day');
}

describe.each(LANGUAGES)('day-trading journey in %s', (lang) => {
  it('applies, is approved, trades in day mode the same day, holds into the close and is settled', async () => {
    const d = daytradeI18n.resources[lang];
    const session = await investor();
    const page = await phone(browser, lang, MARKET);

    // The home tile leads to the program.
    await openAs(page, session, '/home/home');
    await page.locator('.kb-entry-tile').last().click({ timeout: 20_000 });
    await page.waitForURL(/#\/home\/withinDays/, { waitUntil: 'commit' });
    await expect.poll(() => page.getByTestId('day-terms').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('day-submit').count(), { timeout: 15_000 }).toBe(1);
    expect(rawKeysIn((await page.locator('body').textContent()) ?? '', OWN_KEYS)).toEqual([]);
    await shot(page, lang, 'daytrade-apply');

    await page.getByTestId('day-amount').locator('input').fill('20000');
    await page.locator('.kb-form input[type=password]').last().fill(FUND_PASSWORD);
    await expect.poll(() => page.getByTestId('day-buying-power').textContent()).toMatch(/100,000/);
    await page.getByTestId('day-submit').click();
    const confirm = page.locator('.adm-dialog').filter({ has: page.getByTestId('day-confirm') });
    await expect.poll(() => confirm.count(), { timeout: 5_000 }).toBe(1);
    await shot(page, lang, 'daytrade-confirm');
    await confirm.getByRole('button', { name: d.form.confirmAction }).click();
    await expect
      .poll(() => page.getByTestId('day-current').getByTestId('day-state').textContent(), { timeout: 15_000 })
      .toBe(d.state.pending);

    await decideReview('daytrade', session.account, 'approve');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('day-current').getByTestId('day-state').textContent(), { timeout: 15_000 })
      .toBe(d.state.approved);
    await expect.poll(() => page.getByTestId('day-capital-left').textContent()).toMatch(/20,000/);
    await shot(page, lang, 'daytrade-approved');

    // Buy in day mode and sell the same day: China's T+1 does not hold a day position back.
    const stock = await pickStock();
    await dayOrderFromSheet(page, lang, stock, true);
    const [first] = await dayPositions(session);
    expect(first).toMatchObject({ mode: 'day', state: 'holding' });
    const sold = await apiCall<PositionRow>('/trade/close', { type: MARKET, id: first!.id }, session);
    expect(sold.status, sold.msg).toBe(1);

    // A second one is held into the close.
    await dayOrderFromSheet(page, lang, stock, false);
    const held = (await dayPositions(session)).find((p) => p.state === 'holding')!;
    await page.goto(`${baseUrl()}/#/position/index`);
    await expect
      .poll(() => page.locator(`[data-testid=position-card][data-id="${held.id}"]`).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expect
      .poll(() =>
        page
          .locator(`[data-testid=position-card][data-id="${held.id}"] [data-testid=position-mode-day]`)
          .count(),
      )
      .toBe(1);
    await shot(page, lang, 'daytrade-positions');

    const info = await apiCall<{ active: DayApp }>('/trade/dayInfo', { type: MARKET }, session);
    const app = info.data.active;
    expect(app.state).toBe('trading');
    const toClose = new Date(app.closeAt).getTime() - new Date(held.createdAt).getTime() + 60_000;
    const moved = await advanceClock(toClose, [session]);
    expect(moved.jobs.some((run) => run.startsWith('daytrade.close.cny@'))).toBe(true);

    const detail = await apiCall<{ application: DayApp; positions: PositionRow[] }>(
      '/trade/dayDetail',
      { type: MARKET, id: app.id },
      session,
    );
    expect(detail.data.application.state).toBe('executed');
    expect(detail.data.positions.find((p) => p.id === held.id)).toMatchObject({
      state: 'closed',
      closeReason: 'settlement',
    });

    await page.goto(`${baseUrl()}/#/home/withinDaysInfo?id=${app.id}`);
    await expect
      .poll(() => page.getByTestId('day-detail').getByTestId('day-state').textContent(), { timeout: 15_000 })
      .toBe(d.state.executed);
    await expect
      .poll(() => page.locator(`[data-testid=day-position][data-reason=settlement]`).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expect
      .poll(() => page.locator('[data-testid=day-record][data-kind=daytrade_settle]').count())
      .toBe(1);
    expect(rawKeysIn((await page.locator('body').textContent()) ?? '', OWN_KEYS)).toEqual([]);
    await shot(page, lang, 'daytrade-settled');

    // The settlement shows in the fund records.
    const records = await apiCall<{ list: Array<{ kind: string; orderNo: string }> }>(
      '/user/fundRecords',
      { type: MARKET, kind: 'transactions', size: 50 },
      session,
    );
    const settle = records.data.list.find((r) => r.kind === 'daytrade_settle');
    expect(settle).toBeDefined();
    await page.goto(`${baseUrl()}/#/mine/transactionRecords`);
    await expect
      .poll(() => page.getByTestId('records-transactions').textContent(), { timeout: 15_000 })
      .toContain(settle!.orderNo);
    await shot(page, lang, 'daytrade-fund-records');
    await page.context().close();
  }, 300_000);
});
