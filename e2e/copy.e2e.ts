import { isOpen, localDateIn, zonedInstant } from '@kabuto/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyI18n } from '../apps/web/src/features/copy/i18n';
import { keysOf, rawKeysIn } from './i18n';
import { listCopyProduct } from './products';
import {
  advanceClock,
  apiCall,
  baseUrl,
  FUND_PASSWORD,
  fundedInvestor,
  LANGUAGES,
  type Lang,
  launch,
  openAs,
  PASSWORD,
  phone,
  type Session,
  shot,
} from './support';

/**
 * The copy-trading journey (SPEC §2 /home/qcList, /home/follow, /mine/followOrder, the Following
 * orders tab; §6.5): an operator lists a product on the index-basket leader; an investor in each
 * language follows it with the fund password and sees the amount frozen. The server's clock is
 * driven to the first trading day of the next month, when the basket rebalances: its fills are
 * mirrored into every follower's holding, scaled by amount ÷ leader equity in whole shares, and
 * show under Following orders with the day's profit. At the end of the lock-in the holding's value
 * returns to available funds; every movement is in the fund records.
 */

const DAY = 86_400_000;
const AMOUNT = 600_000;
const START = 1_000_000;
const TOKYO = 'Asia/Tokyo';

const OWN_KEYS = keysOf(copyI18n.resources.cn).filter((k) => k.includes('.'));

interface Holding {
  id: number;
  orderNo: string;
  amount: string;
  state: string;
  dailyProfit: string;
  returned: string | null;
  lockUntil: string;
}
interface FollowOrder {
  id: number;
  code: string;
  quantity: number;
  state: string;
  closeReason: string | null;
  holdingId: number;
  leaderQuantity: number | null;
  leaderEquity: string | null;
}
interface Trade {
  id: number;
  code: string;
  side: 'open' | 'close';
  quantity: number;
  simulated: boolean;
}

let browser: Browser;
let product: { id: number; name: string };
let rebalanceAt: number;
const investors = new Map<Lang, Session>();
/** Each investor's mirrored orders on the rebalance day. */
const mirrored = new Map<Lang, FollowOrder[]>();
const sessions = () => [...investors.values()];

/** 10:00 in Tokyo on the first trading day of the month after `now` (the basket's rebalance). */
function nextRebalance(now: Date): number {
  const [year, month] = localDateIn(TOKYO, now).split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(month === 12 ? year + 1 : year, month === 12 ? 0 : month, 1));
  for (let day = first; ; day = new Date(day.getTime() + DAY)) {
    const at = zonedInstant(TOKYO, day.toISOString().slice(0, 10), '10:00');
    if (isOpen('jpy', at)) return at.getTime();
  }
}

const holdings = async (session: Session) =>
  (await apiCall<{ list: Holding[] }>('/trade/userproductlist', { type: 'jpy' }, session)).data.list;
const followOrders = async (session: Session) =>
  (await apiCall<{ list: FollowOrder[] }>('/trade/followOrders', { type: 'jpy', size: 100 }, session)).data
    .list;
const available = async (session: Session) =>
  Number((await apiCall<Record<string, string>>('/user/getUserinfo', { type: 'jpy' }, session)).data.jpy);
/** The figures as the screens write them: digits only. */
const digits = (text: string | null) => (text ?? '').replace(/[^\d]/g, '');

/**
 * Signs the investors in again after a clock drive: a session ends 30 days after its sign-in
 * whatever its use (`sessionAbsoluteHours`), and journeys before this one may have moved the
 * clock so the next month's first trading day is more than that away.
 */
async function signInAgain() {
  for (const [lang, session] of investors) {
    const login = await apiCall<Session>('/user/login', { account: session.account, password: PASSWORD });
    expect(login.status, login.msg).toBe(1);
    investors.set(lang, login.data);
  }
}

beforeAll(async () => {
  browser = await launch();
  // The operator lists a product on the basket leader whose lock-in ends a day after its rebalance.
  const { now } = await advanceClock(1);
  rebalanceAt = nextRebalance(new Date(now));
  product = await listCopyProduct({
    name: `Journey Basket ${Date.now().toString(36)}`,
    lockDays: Math.ceil((rebalanceAt - new Date(now).getTime()) / DAY) + 1,
    cutoffAt: new Date(new Date(now).getTime() + 2 * DAY),
  });
  for (const lang of LANGUAGES) investors.set(lang, await fundedInvestor({ prefix: 'cp' }));
});
afterAll(async () => {
  await browser?.close();
});

/** The JPY wallet's available and frozen figures on the fund records page. */
async function wallet(page: Page) {
  const row = page.getByTestId('wallet-JPY');
  await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
  const cells = row.locator('td');
  return {
    available: digits(await cells.nth(0).textContent()),
    frozen: digits(await cells.nth(1).textContent()),
  };
}

describe('copy-trading journey', () => {
  it.each(LANGUAGES)(
    'in %s: finds the product, follows it with the fund password and sees the amount frozen',
    async (lang) => {
      const c = copyI18n.resources[lang];
      const session = investors.get(lang)!;
      const page = await phone(browser, lang);
      await openAs(page, session, '/home/qcList');
      const card = page.getByTestId(`copy-product-${product.id}`);
      await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
      expect(await card.textContent()).toContain(product.name);
      expect(rawKeysIn((await page.locator('body').textContent()) ?? '', OWN_KEYS)).toEqual([]);
      await shot(page, lang, 'copy-products');

      await card.click();
      await page.waitForURL(/#\/home\/follow\?id=/, { waitUntil: 'commit' });
      await expect
        .poll(() => page.getByTestId('copy-product-name').textContent(), { timeout: 15_000 })
        .toBe(product.name);
      expect(await page.getByTestId('copy-historical-note').textContent()).toBeTruthy();
      expect(rawKeysIn((await page.locator('body').textContent()) ?? '', OWN_KEYS)).toEqual([]);
      await shot(page, lang, 'copy-product');

      await page.getByTestId('copy-follow-amount').locator('input').fill(String(AMOUNT));
      await page.locator('.kb-form input[type=password]').last().fill(FUND_PASSWORD);
      await page.getByTestId('copy-follow-submit').scrollIntoViewIfNeeded();
      await shot(page, lang, 'copy-follow-form');
      await page.getByTestId('copy-follow-submit').click();
      await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
      await page.waitForURL(/#\/mine\/followOrder/, { timeout: 15_000, waitUntil: 'commit' });
      const [holding] = await holdings(session);
      expect(holding).toMatchObject({ state: 'active', amount: String(AMOUNT) });
      const mine = page.getByTestId(`copy-holding-${holding!.id}`);
      await expect
        .poll(() => mine.getByTestId('copy-holding-state').textContent(), { timeout: 15_000 })
        .toBe(c.holdings.state.active);
      await shot(page, lang, 'copy-holding-followed');

      // The amount is frozen: out of available, into frozen.
      expect(await available(session)).toBe(START - AMOUNT);
      await page.goto(`${baseUrl()}/#/mine/transactionRecords`);
      await expect
        .poll(() => wallet(page), { timeout: 15_000 })
        .toEqual({
          available: String(START - AMOUNT),
          frozen: String(AMOUNT),
        });
      await page.context().close();
    },
  );

  it('the basket leader rebalances on the first trading day of the month; its buys are mirrored into every holding', async () => {
    const { now } = await advanceClock(1);
    const moved = await advanceClock(rebalanceAt - new Date(now).getTime(), sessions());
    expect(moved.jobs.some((run) => run.startsWith('copy.strategies@'))).toBe(true);
    await signInAgain();
    // The fan-out runs off the decision's path: the next sweeps finish it.
    await expect
      .poll(
        async () => {
          await advanceClock(5_000, sessions());
          const counts = await Promise.all(sessions().map(async (s) => (await followOrders(s)).length));
          return Math.min(...counts);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
  });

  it.each(LANGUAGES)(
    "in %s: sees the mirrored orders with the scaled quantities and the day's profit",
    async (lang) => {
      const c = copyI18n.resources[lang];
      const session = investors.get(lang)!;
      const [holding] = await holdings(session);
      const orders = await followOrders(session);
      const info = await apiCall<{ recentTrades: Trade[] }>(
        '/trade/productinfo',
        { type: 'jpy', id: product.id },
        session,
      );
      const live = info.data.recentTrades.filter((t) => !t.simulated && t.side === 'open');
      expect(orders.length).toBeGreaterThan(0);
      for (const order of orders) {
        // The leader's own live buy of the code, with the quantity the order was scaled from.
        expect(live.find((t) => t.code === order.code)?.quantity).toBe(order.leaderQuantity);
        // Holding amount ÷ leader equity × leader quantity, in whole shares.
        expect(order.quantity).toBe(
          Math.floor((order.leaderQuantity! * AMOUNT) / Number(order.leaderEquity)),
        );
        expect(order).toMatchObject({ state: 'holding', holdingId: holding!.id });
      }

      mirrored.set(lang, orders);

      // The product shows the leader's live buys.
      const page = await phone(browser, lang);
      await openAs(page, session, `/home/follow?id=${product.id}`);
      const fills = page.getByTestId('copy-trade-fill');
      await expect.poll(() => fills.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const shown = await fills.allTextContents();
      for (const order of orders) {
        // "1,200 shares × ¥14,422.8": the quantity in the reader's words, then the price.
        const quantity = order.leaderQuantity!.toLocaleString('en-US');
        const prefix = c.detail.fill.split('{{price}}')[0]!.replace('{{quantity}}', quantity);
        expect(shown.some((text) => text.startsWith(prefix))).toBe(true);
      }
      await page.getByTestId('copy-trades').scrollIntoViewIfNeeded();
      await shot(page, lang, 'copy-product-live-trades');

      await page.goto(`${baseUrl()}/#/position/index?tab=following`);
      for (const order of orders) {
        const card = page.locator(`[data-testid=position-card][data-id="${order.id}"]`);
        await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
        expect(await card.textContent()).toContain(order.code);
        expect(await card.textContent()).toContain(String(order.quantity));
      }
      await shot(page, lang, 'copy-following-orders');

      // The day's profit the server last sent this screen: the screen asks again every few seconds
      // while the market moves, so the figure on screen is that answer's, not a later call's.
      let answered: string | undefined;
      page.on('response', async (response) => {
        if (new URL(response.url()).pathname !== '/api/vue/trade/userproductlist') return;
        const body = (await response.json().catch(() => null)) as { data?: { list?: Holding[] } } | null;
        const sent = body?.data?.list?.find((h) => h.id === holding!.id);
        if (sent) answered = sent.dailyProfit;
      });
      await page.goto(`${baseUrl()}/#/mine/followOrder`);
      const mine = page.getByTestId(`copy-holding-${holding!.id}`);
      const quantities = mine.getByTestId('copy-mirrored-quantity');
      await expect.poll(() => quantities.count(), { timeout: 20_000 }).toBe(orders.length);
      expect((await quantities.allTextContents()).map(Number).sort()).toEqual(
        orders.map((o) => o.quantity).sort(),
      );
      // The day's profit: the mirrored positions' move since they opened, less their fees.
      await expect
        .poll(
          async () =>
            answered !== undefined &&
            digits(await mine.getByTestId('copy-holding-daily').textContent()) === digits(answered),
          { timeout: 15_000 },
        )
        .toBe(true);
      expect(Number(answered)).not.toBe(0);
      expect(Number((await holdings(session))[0]!.dailyProfit)).not.toBe(0);
      expect(await mine.getByTestId('copy-holding-state').textContent()).toBe(c.holdings.state.active);
      await shot(page, lang, 'copy-holding-mirrored');
      await page.context().close();
    },
  );

  it("the lock-in ends on the server's clock and each holding closes at market", async () => {
    const [holding] = await holdings(investors.get('cn')!);
    const { now } = await advanceClock(1);
    const moved = await advanceClock(
      new Date(holding!.lockUntil).getTime() - new Date(now).getTime() + 2 * 60_000,
      sessions(),
    );
    expect(moved.jobs.some((run) => run.startsWith('copy.lockin@'))).toBe(true);
    await signInAgain();
    for (const [lang, session] of investors) {
      expect((await holdings(session))[0]!.state).toBe('ended');
      // The basket did not trade again on the following days of the month: the orders of the
      // rebalance are all there were, closed at the end of the lock-in.
      const orders = await followOrders(session);
      expect(orders.map((o) => o.id).sort()).toEqual(
        mirrored
          .get(lang)!
          .map((o) => o.id)
          .sort(),
      );
      for (const order of orders) expect(order).toMatchObject({ state: 'closed', closeReason: 'settlement' });
    }
  });

  it.each(LANGUAGES)(
    'in %s: finds the value back in available funds and every movement in the fund records',
    async (lang) => {
      const c = copyI18n.resources[lang];
      const session = investors.get(lang)!;
      const [holding] = await holdings(session);
      const returned = Number(holding!.returned);
      expect(returned).toBeGreaterThan(0);
      expect(await available(session)).toBe(START - AMOUNT + returned);

      const page = await phone(browser, lang);
      await openAs(page, session, '/mine/followOrder');
      const mine = page.getByTestId(`copy-holding-${holding!.id}`);
      await expect
        .poll(() => mine.getByTestId('copy-holding-state').textContent(), { timeout: 20_000 })
        .toBe(c.holdings.state.ended);
      expect(digits(await mine.getByTestId('copy-holding-value').textContent())).toBe(String(returned));
      await shot(page, lang, 'copy-holding-ended');

      const records = await apiCall<{ list: Array<{ kind: string; orderNo: string }> }>(
        '/user/fundRecords',
        { type: 'jpy', kind: 'transactions', size: 50 },
        session,
      );
      const kinds = records.data.list.map((r) => r.kind);
      expect(kinds.filter((k) => k === 'copy_follow')).toHaveLength(1);
      expect(kinds.filter((k) => k === 'copy_open')).toHaveLength((await followOrders(session)).length);
      expect(kinds.filter((k) => k === 'copy_end')).toHaveLength(1);
      await page.goto(`${baseUrl()}/#/mine/transactionRecords`);
      await expect
        .poll(() => wallet(page), { timeout: 15_000 })
        .toEqual({ available: String(START - AMOUNT + returned), frozen: '0' });
      // Every copy movement is listed (older pages load as the list scrolls).
      const list = page.getByTestId('records-transactions');
      await expect.poll(() => list.count(), { timeout: 15_000 }).toBe(1);
      const wanted = records.data.list.filter((r) => r.kind.startsWith('copy_')).map((r) => r.orderNo);
      await expect
        .poll(
          async () => {
            await page.getByTestId('fund-record').last().scrollIntoViewIfNeeded();
            const text = (await list.textContent()) ?? '';
            return wanted.filter((orderNo) => !text.includes(orderNo));
          },
          { timeout: 20_000 },
        )
        .toEqual([]);
      await page.getByTestId('records-transactions').scrollIntoViewIfNeeded();
      await shot(page, lang, 'copy-fund-records');
      await page.context().close();
    },
  );
});
