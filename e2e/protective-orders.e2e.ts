import { Decimal } from '@kabuto/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingI18n } from '../apps/web/src/features/trading/i18n';
import { successI18n } from '../apps/web/src/shared/i18n/errors';
import {
  at,
  card,
  confirmOrder,
  DECIMALS,
  fill,
  inProgress,
  looksRight,
  MARKET,
  openSheet,
  pickStock,
  positions,
  quote,
  TICK,
  toastGone,
  waitForPreview,
} from './orders';
import { apiCall, baseUrl, fundedInvestor, LANGUAGES, launch, openAs, phone, shot } from './support';

/**
 * Orders that protect the investor (SPEC §13.2), in the browser at 390 px: a take-profit and a
 * stop-loss set on a 5× long from its row, the simulated market moves until one fires and the
 * other goes with the position; a trailing sell placed from the order sheet with its sentence,
 * fired when the price falls back by its trail; a pending GTC limit showing its expiry, modified
 * (price down, quantity down) from its row; and the ledger lines all of it leaves in the fund
 * records.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LANGUAGES)('protective orders in %s', (lang) => {
  it('sets a stop-loss and take-profit that fire, trails a sell that fires, modifies a pending limit, and finds the ledger lines', async () => {
    const t = tradingI18n.resources[lang];
    const p = t.protect;
    const session = await fundedInvestor({ prefix: 'po', amount: '10000000' });
    const code = await pickStock();
    const page = await phone(browser, lang);
    await openAs(page, session, '/home/home');

    // 1. A 5× long at market through the order sheet.
    let sheet = await openSheet(page, code, 'buy');
    await fill(sheet.getByTestId('order-quantity'), '100');
    await sheet.getByTestId('order-leverage-5').click();
    await waitForPreview(sheet);
    await confirmOrder(page, lang);
    const [long] = await positions(session);
    expect(long).toMatchObject({ code, direction: 'long', state: 'holding' });

    // 2. Take-profit and stop-loss from the position's row, 0.04 % either side of the price (about
    // a dozen seconds of the simulated market's moves).
    await inProgress(page);
    const longCard = card(page, long!);
    await expect.poll(() => longCard.getAttribute('data-state'), { timeout: 15_000 }).toBe('holding');
    await expect.poll(() => longCard.getByTestId('position-tpsl').textContent()).toBe(p.card.none);
    await longCard.getByTestId('position-tpsl-edit').click();
    const tpsl = page.getByTestId('tpsl-sheet');
    await expect.poll(() => tpsl.getByTestId('tpsl-take-profit').count(), { timeout: 10_000 }).toBe(1);
    // A stop-loss over the price is named under its field before anything is sent.
    const now = await quote(code);
    await fill(tpsl.getByTestId('tpsl-stop-loss'), at(now.price.times('1.01').toDecimalPlaces(DECIMALS)));
    await expect.poll(() => tpsl.getByTestId('tpsl-stop-loss').getAttribute('aria-invalid')).toBe('true');
    await looksRight(page);
    await shot(page, lang, 'protect-tpsl-sheet-wrong-side');
    let saved = false;
    for (let attempt = 0; attempt < 3 && !saved; attempt++) {
      const { price } = await quote(code);
      const gap = Decimal.max(TICK.times(10), price.times('0.0004').toDecimalPlaces(DECIMALS));
      await fill(tpsl.getByTestId('tpsl-take-profit'), at(price.plus(gap)));
      await fill(tpsl.getByTestId('tpsl-stop-loss'), at(price.minus(gap)));
      if (attempt === 0) await shot(page, lang, 'protect-tpsl-sheet');
      await tpsl.getByTestId('tpsl-save').click();
      // The price may cross a level between reading and saving: the refusal shows at its field.
      await expect
        .poll(
          async () => !(await tpsl.isVisible()) || (await tpsl.locator('[aria-invalid=true]').count()) > 0,
          {
            timeout: 10_000,
          },
        )
        .toBe(true);
      saved = !(await tpsl.isVisible());
    }
    expect(saved).toBe(true);
    const protectedLong = (await positions(session)).find((x) => x.id === long!.id);
    expect(protectedLong?.takeProfit).not.toBeNull();
    expect(protectedLong?.stopLoss).not.toBeNull();
    await expect
      .poll(() => longCard.getByTestId('position-tpsl').textContent(), { timeout: 10_000 })
      .not.toBe(p.card.none);
    await toastGone(page);
    await looksRight(page);
    await shot(page, lang, 'protect-position-tpsl');

    // 3. The market reaches one of them: the position closes by it, and the other goes with it.
    await expect
      .poll(async () => (await positions(session)).some((x) => x.id === long!.id), {
        timeout: 120_000,
        interval: 1_000,
      })
      .toBe(false);
    const closedLong = (await positions(session, true)).find((x) => x.id === long!.id);
    expect(['take_profit', 'stop_loss']).toContain(closedLong?.closeReason);
    await page.goto(`${baseUrl()}/#/position/info?id=${long!.id}`);
    const detail = page.getByTestId('position-detail');
    await expect.poll(() => detail.getAttribute('data-state'), { timeout: 15_000 }).toBe('closed');
    await expect
      .poll(() => page.getByText(t.closeReason[closedLong!.closeReason as 'take_profit']).count())
      .toBeGreaterThan(0);
    await looksRight(page);
    await shot(page, lang, 'protect-fired-detail');

    // 4. A trailing sell from the order sheet, trailing five ticks behind the best price.
    sheet = await openSheet(page, code, 'sell');
    await sheet.getByTestId('order-type-trailing_stop').click();
    await fill(sheet.getByTestId('order-trail'), at(TICK.times(5)));
    await fill(sheet.getByTestId('order-quantity'), '100');
    await sheet.getByTestId('order-leverage-2').click();
    await waitForPreview(sheet);
    const sentence = await sheet.getByTestId('order-sentence').textContent();
    expect(sentence).toContain('100');
    await expect.poll(() => sheet.getByTestId('order-expiry').textContent()).toMatch(/\d/);
    await looksRight(page);
    await shot(page, lang, 'protect-order-sheet-trailing');
    await confirmOrder(page, lang, 'protect-order-confirm-trailing');
    const trailing = (await positions(session)).find((x) => x.orderType === 'trailing_stop');
    expect(trailing).toMatchObject({ direction: 'short' });
    // It fires once the price falls five ticks from its best since placing: a short opens.
    await expect
      .poll(async () => (await positions(session)).find((x) => x.id === trailing!.id)?.state, {
        timeout: 120_000,
        interval: 1_000,
      })
      .toBe('holding');

    // 5. A GTC buy limit well under the price waits, showing its expiry; it is modified from its row.
    const { price, limitDown } = await quote(code);
    let low = price.times('0.95').toDecimalPlaces(DECIMALS, Decimal.ROUND_DOWN);
    if (limitDown && low.lt(limitDown)) low = limitDown.plus(TICK.times(20));
    sheet = await openSheet(page, code, 'buy');
    await sheet.getByTestId('order-type-limit').click();
    await fill(sheet.getByTestId('order-price'), at(low));
    await fill(sheet.getByTestId('order-quantity'), '100');
    await sheet.getByTestId('order-validity-gtc').click();
    await waitForPreview(sheet);
    await expect.poll(() => sheet.getByTestId('order-sentence').textContent()).toMatch(/\d{4}/);
    await shot(page, lang, 'protect-order-sheet-gtc');
    await confirmOrder(page, lang);
    const pending = (await positions(session)).find((x) => x.state === 'pending');
    expect(pending).toMatchObject({ orderType: 'limit', validity: 'gtc', quantity: 100 });

    await inProgress(page);
    const pendingCard = card(page, pending!);
    await expect.poll(() => pendingCard.getAttribute('data-state'), { timeout: 15_000 }).toBe('pending');
    expect(await pendingCard.getByTestId('position-expires').textContent()).toMatch(/2026|2027/);
    await toastGone(page);
    await looksRight(page);
    await shot(page, lang, 'protect-positions-pending');
    await pendingCard.getByTestId('position-modify').click();
    const modify = page.getByTestId('modify-sheet');
    await expect.poll(() => modify.getByTestId('modify-price').count(), { timeout: 10_000 }).toBe(1);
    // More shares is named at the quantity before anything is sent.
    await fill(modify.getByTestId('modify-quantity'), '150');
    await expect.poll(() => modify.getByText(p.modify.quantityUp.split('{{')[0]!.trim()).count()).toBe(1);
    await shot(page, lang, 'protect-modify-sheet-quantity-up');
    const lower = low.minus(TICK.times(10));
    await fill(modify.getByTestId('modify-price'), at(lower));
    await fill(modify.getByTestId('modify-quantity'), '50');
    await looksRight(page);
    await shot(page, lang, 'protect-modify-sheet');
    await modify.getByTestId('modify-save').click();
    // The toast shows for two seconds: waited for in the page, so a busy machine cannot miss it.
    await page
      .getByText(successI18n.resources[lang].modify)
      .first()
      .waitFor({ state: 'attached', timeout: 20_000 });
    const modified = (await positions(session)).find((x) => x.id === pending!.id);
    expect(modified).toMatchObject({ quantity: 50, limitPrice: at(lower), state: 'pending' });
    await expect.poll(() => pendingCard.textContent(), { timeout: 10_000 }).toContain('50');

    // 6. Every posting is in the fund records: the modify's re-freeze, the orders, the close.
    const records = await apiCall<{
      list: Array<{
        kind: string;
        orderNo: string;
        memo: string | null;
        amount: string;
        frozenChange: string;
      }>;
    }>('/user/fundRecords', { type: MARKET, kind: 'transactions', size: 50 }, session);
    const kinds = records.data.list.map((r) => r.kind);
    expect(kinds).toContain('order_modify');
    expect(kinds).toContain('position_close');
    expect(kinds).toContain('order_place');
    const modifyLine = records.data.list.find((r) => r.kind === 'order_modify');
    // The modify's line names the order and hands back what fewer, cheaper shares no longer need.
    expect(modifyLine?.memo).toContain(pending!.orderNo);
    expect(Number(modifyLine?.amount)).toBeGreaterThan(0);
    expect(Number(modifyLine?.frozenChange)).toBeLessThan(0);
    await page.goto(`${baseUrl()}/#/mine/transactionRecords`);
    const list = page.getByTestId('records-transactions');
    await expect
      .poll(() => list.locator('[data-testid=fund-record]').count(), { timeout: 15_000 })
      .toBe(records.data.list.length);
    const shown = await list.textContent();
    for (const record of records.data.list) expect(shown).toContain(record.orderNo);
    await shot(page, lang, 'protect-fund-records');

    await page.context().close();
  }, 420_000);
});
