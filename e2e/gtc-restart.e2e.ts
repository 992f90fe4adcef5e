import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Decimal } from '@kabuto/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tradingI18n } from '../apps/web/src/features/trading/i18n';
import {
  at,
  card,
  confirmOrder,
  DECIMALS,
  fill,
  inProgress,
  looksRight,
  openSheet,
  pickStock,
  positions,
  quote,
  TICK,
  toastGone,
  waitForPreview,
} from './orders';
import { freePort, type ServerProcess, startServer } from './server';
import { fundedInvestor, type Lang, launch, openAs, phone, shot, useServer } from './support';

/**
 * Orders that protect the investor survive a server restart (SPEC §13.2), in Japanese at 390 px
 * (the GTC expiry is shown in Chinese and English by protective-orders.e2e.ts). The journeys'
 * shared server is never stopped, so this one starts a server of its own on an embedded data
 * directory of its own. From the order sheet: a buy limit over the price with a take-profit and a
 * stop-loss attached (IFD), which fills and hands them to its position; a GTC buy limit far under
 * the price with both attached (IFDOCO), which waits with its expiry. The server is stopped
 * (SIGTERM) and started again on the same directory; after a reload the page shows the same
 * pending order with the same expiry, take-profit and stop-loss, and the position still protected.
 */

const LANG: Lang = 'jp';

let browser: Browser;
let server: ServerProcess | null = null;
let dataDir = '';
let port = 0;

const since = (start: number) => ((performance.now() - start) / 1000).toFixed(1);

beforeAll(async () => {
  browser = await launch();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kabuto-e2e-restart-'));
  port = await freePort();
  const start = performance.now();
  server = await startServer({ port, dataDir });
  process.stdout.write(`gtc-restart: own server started in ${since(start)} s\n`);
  useServer(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  useServer(null);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Turns on "attach take-profit / stop-loss" in the sheet and types both levels. */
async function attach(sheet: Locator, takeProfit: Decimal, stopLoss: Decimal) {
  await sheet.getByTestId('order-attach-switch').click();
  await fill(sheet.getByTestId('order-take-profit'), at(takeProfit));
  await fill(sheet.getByTestId('order-stop-loss'), at(stopLoss));
}

/** What the positions screen shows of a card: its state and its terms (type, expiry, TP/SL). */
async function shown(page: Page, position: { id: number }) {
  const row = card(page, position);
  const term = async (testId: string) =>
    (await row.getByTestId(testId).count()) > 0 ? await row.getByTestId(testId).textContent() : null;
  return {
    state: await row.getAttribute('data-state'),
    expires: await term('position-expires'),
    tpsl: await term('position-tpsl'),
  };
}

/** Waits for the pending order's card and the position's card in their states, and reads both. */
async function bothCards(page: Page, pending: { id: number }, filled: { id: number }) {
  await expect
    .poll(() => card(page, pending).getAttribute('data-state'), { timeout: 20_000 })
    .toBe('pending');
  await expect.poll(() => card(page, filled).getAttribute('data-state'), { timeout: 20_000 }).toBe('holding');
  return { pending: await shown(page, pending), filled: await shown(page, filled) };
}

it('keeps a GTC limit with its expiry, take-profit and stop-loss, and a protected position, across a server restart', async () => {
  const p = tradingI18n.resources[LANG].protect;
  const session = await fundedInvestor({ prefix: 'gr', amount: '10000000' });
  const code = await pickStock();
  const page = await phone(browser, LANG);
  await openAs(page, session, '/home/home');

  // 1. IFD: a buy limit a little over the price fills on the next tick; the take-profit and
  // stop-loss attached on the sheet, 3 % either side of the limit, pass to the position it opens.
  const { price } = await quote(code);
  const over = price.times('1.002').toDecimalPlaces(DECIMALS, Decimal.ROUND_UP);
  let sheet = await openSheet(page, code, 'buy');
  await sheet.getByTestId('order-type-limit').click();
  await fill(sheet.getByTestId('order-price'), at(over));
  await fill(sheet.getByTestId('order-quantity'), '100');
  await sheet.getByTestId('order-leverage-5').click();
  const ifdTakeProfit = over.times('1.03').toDecimalPlaces(DECIMALS);
  const ifdStopLoss = over.times('0.97').toDecimalPlaces(DECIMALS);
  await attach(sheet, ifdTakeProfit, ifdStopLoss);
  await waitForPreview(sheet);
  await expect.poll(() => sheet.getByTestId('order-sentence').textContent()).toContain('100');
  await looksRight(page);
  await shot(page, LANG, 'protect-order-sheet-ifd');
  await confirmOrder(page, LANG, 'protect-order-confirm-ifd');
  await expect
    .poll(async () => (await positions(session)).find((x) => x.state === 'holding'), {
      timeout: 30_000,
      interval: 500,
    })
    .toMatchObject({ code, takeProfit: at(ifdTakeProfit), stopLoss: at(ifdStopLoss) });
  const [filled] = (await positions(session)).filter((x) => x.state === 'holding');

  // 2. IFDOCO: a GTC buy limit 5 % under the price waits; its take-profit and stop-loss wait with it.
  const now = await quote(code);
  let low = now.price.times('0.95').toDecimalPlaces(DECIMALS, Decimal.ROUND_DOWN);
  if (now.limitDown && low.lt(now.limitDown)) low = now.limitDown.plus(TICK.times(20));
  sheet = await openSheet(page, code, 'buy');
  await sheet.getByTestId('order-type-limit').click();
  await fill(sheet.getByTestId('order-price'), at(low));
  await fill(sheet.getByTestId('order-quantity'), '100');
  await sheet.getByTestId('order-leverage-5').click();
  await sheet.getByTestId('order-validity-gtc').click();
  const takeProfit = low.times('1.03').toDecimalPlaces(DECIMALS);
  const stopLoss = low.times('0.98').toDecimalPlaces(DECIMALS);
  await attach(sheet, takeProfit, stopLoss);
  await waitForPreview(sheet);
  await expect.poll(() => sheet.getByTestId('order-expiry').textContent()).toMatch(/\d{4}/);
  await looksRight(page);
  await shot(page, LANG, 'protect-order-sheet-ifdoco');
  await confirmOrder(page, LANG, 'protect-order-confirm-ifdoco');
  const pending = (await positions(session)).find((x) => x.state === 'pending');
  expect(pending).toMatchObject({
    orderType: 'limit',
    validity: 'gtc',
    limitPrice: at(low),
    takeProfit: at(takeProfit),
    stopLoss: at(stopLoss),
  });
  expect(pending?.expiresAt).toBeTruthy();

  await inProgress(page);
  const before = await bothCards(page, pending!, filled!);
  expect(before.pending.expires).toMatch(/2026|2027/);
  expect(before.pending.tpsl).not.toBe(p.card.none);
  expect(before.filled.tpsl).not.toBe(p.card.none);
  await toastGone(page);
  await looksRight(page);
  await shot(page, LANG, 'protect-restart-before');

  // 3. The server stops as an operator stops it and starts again on the same data directory.
  const stopping = performance.now();
  await server!.stop();
  const stopped = since(stopping);
  const starting = performance.now();
  server = await startServer({ port, dataDir });
  process.stdout.write(`gtc-restart: stopped in ${stopped} s, started again in ${since(starting)} s\n`);

  // 4. After a reload the same order waits with the same expiry and levels; the position is still protected.
  await page.reload();
  expect(await bothCards(page, pending!, filled!)).toEqual(before);
  const after = await positions(session);
  expect(after.find((x) => x.id === pending!.id)).toMatchObject({
    state: 'pending',
    validity: 'gtc',
    expiresAt: pending!.expiresAt,
    limitPrice: at(low),
    takeProfit: at(takeProfit),
    stopLoss: at(stopLoss),
  });
  expect(after.find((x) => x.id === filled!.id)).toMatchObject({
    state: 'holding',
    takeProfit: at(ifdTakeProfit),
    stopLoss: at(ifdStopLoss),
  });
  await looksRight(page);
  await shot(page, LANG, 'protect-restart-after');
  await page.context().close();
}, 300_000);
