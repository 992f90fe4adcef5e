import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cn } from '../apps/admin/src/shared/i18n/cn';
import { jp } from '../apps/admin/src/shared/i18n/jp';
import { us } from '../apps/admin/src/shared/i18n/us';
import {
  adminPage,
  adminToken,
  advanceClock,
  apiCall,
  baseUrl,
  FUND_PASSWORD,
  LANGUAGES,
  type Lang,
  launch,
  PASSWORD,
  pngBlob,
  type Session,
  shot,
  uniqueAccount,
  uploadCall,
} from './support';

/**
 * The back office as an operator trusts it (issue: all queues, labels, forms, products): in each
 * language the all-queues tab approves a real name and rejects a deposit of the same number; a
 * block product is changed and closed early with reasons; a new share is changed (its price and
 * its issue market in the operator's language) and then withdrawn before it opens; and no
 * back-office page shows a raw key or is wider than the window, at 1440 and 390 px.
 */

const TEXTS = { cn, us, jp };
const CODE = '7203';
/**
 * Pages without cards on a phone: the review queue (its keys and selection), the audit log (rows
 * that expand), messages and settings (forms). Every other page's tables become cards
 * (ResponsiveTable).
 */
const TABLE_PAGES = new Set(['reviews', 'messages', 'config', 'audit']);
const PAGES = [
  'dashboard',
  'reviews',
  'daytrades',
  'users',
  'adjustments',
  'block',
  'newshares',
  'news',
  'copy',
  'messages',
  'config',
  'audit',
  'operators',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function adminPost<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/admin${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok, `${path}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (await res.json()) as T;
}

async function adminGet<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/admin${path}`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  return (await res.json()) as T;
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(
      () => document.querySelectorAll('.ant-spin-spinning, .ant-skeleton').length === 0,
      undefined,
      {
        timeout: 15_000,
      },
    )
    .catch(() => undefined);
}

/** Visible words that are keys, not language: snake_case or camelCase, outside codes. */
async function rawKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('code, kbd, script, style, [hidden], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      for (const word of (node.textContent ?? '').split(/[^A-Za-z0-9_:]+/)) {
        if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(word) || /^[a-z]+[A-Z][A-Za-z]*$/.test(word))
          found.add(word);
      }
    }
    return [...found];
  });
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function pendingInvestor(prefix: string): Promise<Session> {
  const account = uniqueAccount(prefix);
  const registered = await apiCall<Session>('/user/register', {
    account,
    password: PASSWORD,
    repassword: PASSWORD,
    agree: 1,
    language: 'jp',
  });
  expect(registered.status).toBe(1);
  const session = registered.data;
  await apiCall('/user/acceptRisk', { agree: 1 }, session);
  await apiCall('/user/setFundPassword', { password: FUND_PASSWORD, repassword: FUND_PASSWORD }, session);
  const png = (color: string) => pngBlob(color, { width: 320, height: 200 });
  for (const [path, fields] of [
    [
      '/user/verify',
      {
        name: 'Sato Hanako',
        id_number: 'CD7654321',
        agree: '1',
        front: await png('#8fb3ff'),
        back: await png('#ffb38f'),
      },
    ],
    [
      '/user/deposit',
      {
        channel: 'bank',
        amount: '120000',
        fund_password: FUND_PASSWORD,
        type: 'jpy',
        receipt: await png('#b3f0c0'),
      },
    ],
  ] as const) {
    expect(await uploadCall(path, fields as Record<string, string | Blob>, session)).toMatchObject({
      status: 1,
    });
  }
  return session;
}

async function reason(page: Page, text: string) {
  const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('reason-input') });
  await expect.poll(() => modal.count(), { timeout: 10_000 }).toBe(1);
  if (text) await page.getByTestId('reason-input').fill(text);
  await page.getByTestId('reason-ok').click();
  await expect.poll(() => modal.count(), { timeout: 10_000 }).toBe(0);
}

describe.each(process.env.E2E_ONLY ? [process.env.E2E_ONLY as Lang] : LANGUAGES)(
  'back office in %s',
  (lang) => {
    it('decides from all queues, changes and closes a block product, changes and withdraws a new share; no raw key, no overflow', async () => {
      const t = TEXTS[lang];
      const investor = await pendingInvestor(`aq${lang}`);
      const page = await adminPage(browser, lang);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(
        { cn: 'zh-CN', us: 'en', jp: 'ja' }[lang],
      );
      expect(await page.title()).toBe(t.app.title);

      // All queues (the default tab): the real name and the deposit, each its own row.
      await page.goto(`${baseUrl()}/admin/#/reviews`);
      await page.getByPlaceholder(t.reviews.search).fill(investor.account);
      const rows = page.locator('.ant-table-row', { hasText: investor.account });
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      const kycRow = page.locator('.ant-table-row[data-row-key^="kyc:"]', { hasText: investor.account });
      const depositRow = page.locator('.ant-table-row[data-row-key^="deposit:"]', {
        hasText: investor.account,
      });
      await kycRow.click();
      await expect.poll(() => page.getByTestId('review-detail').getAttribute('data-key')).toMatch(/^kyc:/);
      await expect.poll(() => page.locator('.kb-review-row-selected').count()).toBe(1);
      await shot(page, lang, 'backoffice-all-queues');
      await page.getByTestId('approve').click();
      await reason(page, '');
      await expect
        .poll(() => page.getByText(t.reviews.approved).count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
      await depositRow.click();
      await expect
        .poll(() => page.getByTestId('review-detail').getAttribute('data-key'))
        .toMatch(/^deposit:/);
      await page.getByTestId('reject').click();
      await reason(page, `Receipt unreadable ${lang}`);
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(0);
      const decided = await adminGet<{ list: Array<{ kind: string; account: string; state: string }> }>(
        '/reviews?state=all&size=100',
      );
      const mine = decided.list.filter((i) => i.account === investor.account);
      expect(mine.map((i) => [i.kind, i.state]).sort()).toEqual([
        ['deposit', 'rejected'],
        ['kyc', 'approved'],
      ]);

      // A block product: changed with a reason, then closed early with a reason.
      const quote = await apiCall<{ price: string }>('/market/quote', { type: 'jpy', code: CODE });
      const now = new Date((await advanceClock(1)).now).getTime();
      const price = (fraction: number) =>
        (Math.floor(Number(quote.data.price) * fraction * 10) / 10).toFixed(1);
      const product = await adminPost<{ id: number }>('/block/products', {
        code: CODE,
        market: 'jpy',
        price: price(0.95),
        minLots: 100,
        totalLots: 10_000,
        startsAt: new Date(now - 60_000).toISOString(),
        endsAt: new Date(now + 86_400_000).toISOString(),
      });
      await page.goto(`${baseUrl()}/admin/#/block`);
      await settled(page);
      await page.getByTestId(`block-edit-${product.id}`).click();
      await page.getByTestId('block-edit-price').fill(price(0.9));
      await page.getByTestId('block-edit-reason').fill(`Repriced ${lang}`);
      await shot(page, lang, 'backoffice-block-edit');
      await page.getByTestId('block-edit-ok').click();
      await expect.poll(() => page.getByTestId('block-edit-form').count(), { timeout: 10_000 }).toBe(0);
      await page.getByTestId(`block-close-${product.id}`).click();
      await reason(page, `Seller withdrew ${lang}`);
      await expect
        .poll(() => page.getByTestId(`block-close-${product.id}`).count(), { timeout: 10_000 })
        .toBe(0);
      const products = await adminGet<{ list: Array<{ id: number; state: string; price: string }> }>(
        '/block/products?size=50',
      );
      expect(products.list.find((p) => p.id === product.id)).toMatchObject({
        state: 'closed',
        price: price(0.9),
      });

      // A new share changed, then withdrawn, before its subscription opens.
      const day = 86_400_000;
      const at = (days: number) => new Date(now + days * day).toISOString();
      const code = `W${Date.now().toString(36).slice(-5).toUpperCase()}`;
      await adminPost('/newshares', {
        code,
        market: 'jpy',
        name: { cn: '撤回测试', us: 'Withdrawal test', jp: '取り下げテスト' },
        sector: 'services',
        price: '1000',
        provisionalPrice: '950–1000',
        leadUnderwriter: {
          cn: 'Kabuto 证券（样本）',
          us: 'Kabuto Securities (sample)',
          jp: 'Kabuto 証券（サンプル）',
        },
        issueMarket: { cn: '东证成长板', us: 'TSE Growth', jp: '東証グロース' },
        offeredQuantity: 10_000,
        minQuantity: 100,
        maxQuantity: 1_000,
        sharesOutstanding: 1_000_000,
        opensAt: at(60),
        closesAt: at(64),
        lotteryAt: at(65),
        payUntil: at(67),
        listsAt: at(69),
      });
      await page.goto(`${baseUrl()}/admin/#/newshares`);
      await settled(page);
      await page.getByTestId(`newshare-edit-${code}`).click();
      await expect.poll(() => page.getByTestId('newshare-code').inputValue()).toBe(code);
      const market = { cn: '东证标准板', us: 'TSE Standard', jp: '東証スタンダード' }[lang];
      await page.getByTestId('newshare-price').fill('1100');
      await page.getByTestId(`issueMarket-${lang}`).fill(market);
      await page.getByTestId('newshare-reason').fill(`Price range revised ${lang}`);
      await shot(page, lang, 'backoffice-newshare-edit');
      await page.getByTestId('newshare-submit').click();
      await page.getByTestId('newshare-confirm').click();
      await expect
        .poll(async () => {
          const shares = await adminGet<{
            list: Array<{ code: string; price: string; issueMarketNames: Record<string, string> | null }>;
          }>('/newshares?size=50');
          const share = shares.list.find((s) => s.code === code);
          return [share?.price, share?.issueMarketNames?.[lang]];
        })
        .toEqual(['1100', market]);
      await expect.poll(() => page.getByTestId('newshare-card').textContent()).toContain(t.newshares.list);
      await page.getByTestId(`newshare-withdraw-${code}`).click();
      await reason(page, `Issuer postponed ${lang}`);
      await expect
        .poll(() => page.getByTestId(`newshare-withdraw-${code}`).count(), { timeout: 10_000 })
        .toBe(0);
      await shot(page, lang, 'backoffice-newshares');

      // Every page: no raw key in visible text, nothing wider than the window.
      for (const area of PAGES) {
        await page.goto(`${baseUrl()}/admin/#/${area}`);
        await settled(page);
        expect.soft(await rawKeys(page), `${area} at 1440`).toEqual([]);
        expect.soft(await overflow(page), `${area} overflow at 1440`).toBeLessThanOrEqual(0);
        if (area === 'news' || area === 'copy') await shot(page, lang, `backoffice-${area}`);
      }
      await page.goto(`${baseUrl()}/admin/#/audit`);
      await settled(page);
      await shot(page, lang, 'backoffice-audit');

      const phone = await adminPage(browser, lang, { width: 390, height: 844 });
      for (const area of PAGES) {
        await phone.goto(`${baseUrl()}/admin/#/${area}`);
        await settled(phone);
        expect.soft(await overflow(phone), `${area} overflow at 390`).toBeLessThanOrEqual(0);
        expect.soft(await rawKeys(phone), `${area} at 390`).toEqual([]);
        if (!TABLE_PAGES.has(area)) {
          // Their tables are cards on a phone.
          expect.soft(await phone.locator('.kb-cards').count(), `${area} cards at 390`).toBeGreaterThan(0);
          await phone.locator('.kb-cards').first().scrollIntoViewIfNeeded();
          await shot(phone, lang, `backoffice-phone-${area}`);
        }
      }
      await phone.goto(`${baseUrl()}/admin/#/reviews`);
      await settled(phone);
      await shot(phone, lang, 'backoffice-phone-reviews');
      await phone.context().close();
      await page.context().close();
    });
  },
);
