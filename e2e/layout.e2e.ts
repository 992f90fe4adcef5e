import { Decimal } from '@kabuto/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../apps/web/src/shared/routing/paths';
import { at, DECIMALS, MARKET, pickStock, quote, TICK } from './orders';
import { listBlockProduct, listCopyProduct, listNewShare } from './products';
import {
  apiCall,
  decideReview,
  FUND_PASSWORD,
  fundedInvestor,
  LANGUAGES,
  launch,
  layoutFaults,
  openAs,
  openRoute,
  phone,
  type Session,
  serverNow,
  shot,
} from './support';

/**
 * Every screen of the investor app, signed in as an investor who owns one of everything a screen
 * can show (positions pending, holding and closed with take-profit, stop-loss and a GTC expiry; a
 * copy holding; a new-share subscription; block-trade applications; a day-trading application
 * with a day order; a loan), in three languages at 320 and 390 px: no page scrolls sideways and no
 * amount of money is cut (SPEC §12). The screens that show one thing by its id are walked with the
 * investor's own. One visit per screen, language and width, no waiting beyond the screen settling.
 */
const SIGNED_OUT = new Set<string>([
  PATHS.start,
  PATHS.logon,
  PATHS.login,
  PATHS.register,
  PATHS.loginAfter,
  PATHS.changeLang,
]);
const ROUTES = [...new Set(Object.values(PATHS))].filter((route) => !SIGNED_OUT.has(route));
const WIDTHS = [320, 390] as const;

/** What the investor owns, by id. */
interface Owned {
  session: Session;
  positions: { pending: number; holding: number; closed: number };
  copyProduct: number;
  share: number;
  blockApplication: number;
  dayApplication: number;
  message: number;
}

/** A refusal of a setup call fails the journey with the server's key. */
function ok<T>(answer: { status: number; msg: string; data: T }, what: string): T {
  if (answer.status !== 1) throw new Error(`${what}: ${answer.msg}`);
  return answer.data;
}

/** A price on the market's grid. */
const grid = (price: Decimal) => at(price.toDecimalPlaces(DECIMALS));

/**
 * A verified investor with ¥10,000,000 who owns one of everything, made through the investor API
 * the app calls (and the back-office API for the operator's part): a holding with a take-profit
 * and a stop-loss, a pending GTC buy limit with both attached, a closed position, a copy holding,
 * a new-share subscription, two block-trade applications (one approved into a position, one under
 * review), an approved day-trading application with a day order bought and sold, and a loan.
 */
async function investorOwningOneOfEach(): Promise<Owned> {
  const cutoffAt = new Date((await serverNow()) + 2 * 86_400_000);
  const [session, share, block, copy, code] = await Promise.all([
    fundedInvestor({ prefix: 'layout', amount: '10000000', realName: 'Suzuki Ichiro' }),
    listNewShare(),
    listBlockProduct('7203', 100),
    listCopyProduct({ name: `Layout Basket ${Date.now().toString(36)}`, lockDays: 30, cutoffAt }),
    pickStock(),
  ]);
  const call = async <T>(path: string, body: Record<string, unknown>) =>
    ok(await apiCall<T>(path, { type: MARKET, ...body }, session), path);
  const fundPassword = { fund_password: FUND_PASSWORD };

  // Positions: a holding protected both ways, a GTC buy limit under the price with both attached,
  // and one bought and sold.
  const { price, limitDown } = await quote(code);
  const order = { code, direction: 'long', quantity: 100, leverage: 2 };
  const holding = await call<{ id: number }>('/trade/order', {
    ...order,
    take_profit: grid(price.times('1.05')),
    stop_loss: grid(price.times('0.95')),
  });
  let low = price.times('0.95').toDecimalPlaces(DECIMALS, Decimal.ROUND_DOWN);
  if (limitDown && low.lt(limitDown)) low = limitDown.plus(TICK.times(20));
  const pending = await call<{ id: number }>('/trade/order', {
    ...order,
    order_type: 'limit',
    price: at(low),
    validity: 'gtc',
    take_profit: grid(price.times('1.05')),
    stop_loss: grid(low.times('0.95')),
  });
  const closed = await call<{ id: number }>('/trade/order', order);
  await call('/trade/close', { id: closed.id });

  await call('/trade/productBuy', { id: copy.id, amount: '100000', ...fundPassword });
  await call('/trade/subscribe', { id: share.id, quantity: 300 });

  // Two block-trade applications: the first approved (it opens a position), the second under review.
  await call('/trade/blockApply', { id: block.id, lots: 100, ...fundPassword });
  await decideReview('block', session.account, 'approve');
  const underReview = await call<{ id: number }>('/trade/blockApply', {
    id: block.id,
    lots: 100,
    ...fundPassword,
  });

  // A day's participation, approved, with a day order bought and sold.
  const day = await call<{ id: number }>('/trade/dayApply', { amount: '1000000', ...fundPassword });
  await decideReview('daytrade', session.account, 'approve');
  const dayOrder = await call<{ id: number }>('/trade/order', {
    ...order,
    quantity: Math.max(1, Math.floor(200_000 / price.toNumber())),
    leverage: 1,
    mode: 'day',
  });
  await call('/trade/close', { id: dayOrder.id });

  await call('/user/loan', { amount: '100000', ...fundPassword });
  await decideReview('loan', session.account, 'approve');

  const messages = await call<{ list: Array<{ id: number }> }>('/user/messageList', { page: 1, size: 1 });
  return {
    session,
    positions: { pending: pending.id, holding: holding.id, closed: closed.id },
    copyProduct: copy.id,
    share: share.id,
    blockApplication: underReview.id,
    dayApplication: day.id,
    message: messages.list[0]!.id,
  };
}

/** A screen of the walk: its address, and the name of its picture (the same in every run). */
type Stop = { route: string; name: string };

/** Every signed-in route, the ones that show one thing by its id with the investor's own, and the screens listing what the investor owns. */
function walkOf(owned: Owned): Stop[] {
  const stop = (route: string, name = route): Stop => ({ route, name: `layout${name.replace(/\//g, '-')}` });
  const byId: Partial<Record<string, number>> = {
    [PATHS.newShareInfo]: owned.share,
    [PATHS.newShareLottery]: owned.share,
    [PATHS.dayTradeDetail]: owned.dayApplication,
    [PATHS.messageInfo]: owned.message,
  };
  return [
    ...ROUTES.map((route) => (byId[route] ? stop(`${route}?id=${byId[route]}`, route) : stop(route))),
    stop(`${PATHS.positions}?tab=terminated`, `${PATHS.positions}-terminated`),
    stop(`/position/info?id=${owned.positions.holding}`, '/position/info-holding'),
    stop(`/position/info?id=${owned.positions.pending}`, '/position/info-pending'),
    stop(`/position/info?id=${owned.positions.closed}`, '/position/info-closed'),
    stop(`/home/follow?id=${owned.copyProduct}`, '/home/follow'),
    stop('/home/largeQc'),
    stop(`/home/large3?id=${owned.blockApplication}`, '/home/large3'),
  ];
}

let browser: Browser;
let owned: Owned;
let walk: Stop[];

beforeAll(async () => {
  browser = await launch();
  const start = performance.now();
  owned = await investorOwningOneOfEach();
  walk = walkOf(owned);
  process.stdout.write(`layout: investor set up in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('the layout check itself', () => {
  it('reports an amount cut by an ellipsis and a page wider than the phone', async () => {
    const page = await phone(browser, 'us');
    await page.setContent(`
      <div style="width: 80px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">
        Balance ¥12,345,678,901
      </div>
      <div style="width: 600px">A row wider than the screen</div>`);
    await page.addStyleTag({ content: 'body { margin: 0 }' });
    const faults = await layoutFaults(page);
    await page.context().close();
    expect(faults).toContain('cut by an ellipsis: "Balance ¥12,345,678,901"');
    expect(faults).toContain('the page is 600 px wide in a 390 px viewport');
  });

  it('finds nothing on a page where the amount has room', async () => {
    const page = await phone(browser, 'us');
    await page.setContent(`
      <div style="width: 300px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">
        Balance ¥12,345
      </div>`);
    const faults = await layoutFaults(page);
    await page.context().close();
    expect(faults).toEqual([]);
  });
});

describe('every investor screen fits the phone and never cuts an amount', () => {
  for (const lang of LANGUAGES)
    for (const width of WIDTHS)
      it(`${lang} at ${width} px`, async () => {
        const page: Page = await phone(browser, lang);
        await page.setViewportSize({ width, height: 844 });
        await openAs(page, owned.session, PATHS.home);
        const found: string[] = [];
        for (const { route, name } of walk) {
          await openRoute(page, route.replace(/^\//, ''));
          for (const fault of await layoutFaults(page)) found.push(`${route}: ${fault}`);
          // One picture of every screen per language at the phone's width, to look at (SPEC §12),
          // the whole page: an amount cut below the fold shows too.
          if (width === 390) await shot(page, lang, name, { screen: 'route', fullPage: true });
        }
        await page.context().close();
        expect(found).toEqual([]);
      }, 300_000);
});
