import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ADJUST_MODES, KLINE_PERIODS } from '@kabuto/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeI18n } from '../apps/web/src/features/home/i18n';
import { marketI18n } from '../apps/web/src/features/market/i18n';
import { newsI18n } from '../apps/web/src/features/news/i18n';
import { commonI18n } from '../apps/web/src/shared/i18n/common';
import { keysOf, rawKeysIn, type Tree } from './i18n';
import {
  apiCall,
  baseUrl,
  LANGUAGES,
  type Lang,
  launch,
  phone,
  SCREENSHOT_DIR,
  shot,
  uniqueAccount,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'secret123';
const accountFor = (lang: Lang) =>
  lang === 'us' ? `08${String(Date.now()).slice(-8)}` : uniqueAccount(`mk${lang}`);
/** Toyota's name as a reader of each language types it. */
const TOYOTA: Record<Lang, string> = { us: 'Toyota', jp: 'トヨタ', cn: '丰田' };

const OWN_KEYS = [marketI18n, newsI18n].flatMap((b) => keysOf(b.resources.cn as Tree));

/** A screenshot once toasts (loading, saved) have gone, so the screen itself is what is seen. */
async function snap(page: Page, lang: Lang, name: string) {
  await expect.poll(() => page.locator('.adm-toast-mask').count(), { timeout: 8_000 }).toBe(0);
  await shot(page, lang, name);
}

/** The whole scrolling page, for screens taller than a phone (every overview section at once). */
async function fullShot(page: Page, lang: Lang, name: string) {
  const dir = path.join(SCREENSHOT_DIR, lang);
  mkdirSync(dir, { recursive: true });
  await expect.poll(() => page.locator('.adm-toast-mask').count(), { timeout: 8_000 }).toBe(0);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

async function expectNoRawKeys(page: Page) {
  const body = (await page.locator('body').textContent()) ?? '';
  expect(rawKeysIn(body, OWN_KEYS)).toEqual([]);
}

/** A new investor with a session, straight to home (sign-in itself is the foundation journey's subject). */
async function signedIn(
  lang: Lang,
): Promise<{ page: Page; errors: string[]; session: { token: string; account: string } }> {
  const account = accountFor(lang);
  const registered = await apiCall('/user/register', {
    account,
    password: PASSWORD,
    repassword: PASSWORD,
    agree: 1,
  });
  expect(registered.status, registered.msg).toBe(1);
  const login = await apiCall<{ token: string; account: string }>('/user/login', {
    account,
    password: PASSWORD,
  });
  expect(login.status, login.msg).toBe(1);
  const session = { token: login.data.token, account: login.data.account };
  await apiCall('/user/acceptRisk', {}, session);
  const page = await phone(browser, lang, 'jpy');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${baseUrl()}/#/login/logon`);
  await page.evaluate(
    ({ token, acc }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('account', acc);
    },
    { token: session.token, acc: session.account },
  );
  // A new document reads the stored session: a hash change to /home/home could reach a router
  // that has already read no session, which sends the visitor to /login/login, where a reload
  // would stay. A page of the same origin in between makes the next load a new document.
  await page.goto(`${baseUrl()}/healthz`);
  await page.goto(`${baseUrl()}/#/home/home`);
  return { page, errors, session };
}

const rowCodes = (page: Page, testId: string) =>
  page
    .locator(`[data-testid="${testId}"]`)
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code') ?? ''));
const rowPrices = (page: Page, testId: string) =>
  page
    .locator(`[data-testid="${testId}"]`)
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-price') ?? ''));

async function waitForChart(page: Page, period: string, adjust: string) {
  const chart = page.locator(`[data-testid="stock-chart"][data-period="${period}"][data-adjust="${adjust}"]`);
  await expect
    .poll(() => chart.getAttribute('data-state'), { timeout: 15_000, message: `chart ${period}/${adjust}` })
    .toBe('ready');
  expect(Number(await chart.getAttribute('data-bars'))).toBeGreaterThan(0);
  // The chart library draws on canvases inside the chart area.
  expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
}

async function search(page: Page, text: string, code: string) {
  const input = page.locator('.kb-mk-search-bar input');
  await input.fill(text);
  const row = page.locator(`[data-testid="search-results"] [data-testid="stock-row"][data-code="${code}"]`);
  await expect
    .poll(() => row.count(), { timeout: 10_000, message: `search "${text}" finds ${code}` })
    .toBeGreaterThan(0);
  return row;
}

describe.each(LANGUAGES)('market journey in %s', (lang) => {
  it('sees live prices, searches, charts every period and adjustment, keeps a reordered watchlist, reads news', {
    timeout: 300_000,
  }, async () => {
    const t = {
      common: commonI18n.resources[lang],
      home: homeI18n.resources[lang],
      market: marketI18n.resources[lang],
    };
    const { page, errors, session } = await signedIn(lang);

    // Home: popular stocks with prices, and a price that changes within a few seconds (ticks every second).
    await page.waitForURL(/#\/home\/home/, { waitUntil: 'commit' });
    const homeRows = page.locator('[data-testid="home-stock"]');
    await expect.poll(() => homeRows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-testid="home-indices"] li').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-testid="home-rankings"] li').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-testid="home-news"] li').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await page.locator('.kb-sim-badge').count()).toBeGreaterThan(0);
    const before = await rowPrices(page, 'home-stock');
    expect(before.every((p) => /^\d+(\.\d+)?$/.test(p))).toBe(true);
    await expect
      .poll(async () => (await rowPrices(page, 'home-stock')).some((p, i) => p !== before[i]), {
        timeout: 15_000,
        message: 'a home price moves',
      })
      .toBe(true);
    for (const window of ['1m', '3m', '6m', '1w'] as const) {
      await page.locator('.kb-window-switch').getByText(t.home.windows[window], { exact: true }).click();
      await expect
        .poll(() => page.locator('[data-testid="home-rankings"]').getAttribute('data-window'))
        .toBe(window);
    }
    await expectNoRawKeys(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, lang, 'market-home');
    await fullShot(page, lang, 'market-home-full');

    // The market switch changes the lists (SPEC §1): US stocks, then back to Japan.
    const japanCodes = await rowCodes(page, 'home-stock');
    await page.locator('.kb-market-switch').getByText(t.common.markets.usd, { exact: true }).click();
    await expect
      .poll(async () => (await rowCodes(page, 'home-stock')).some((c) => /^[A-Z]/.test(c)), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.locator('.kb-market-switch').getByText(t.common.markets.jpy, { exact: true }).click();
    await expect.poll(() => rowCodes(page, 'home-stock'), { timeout: 15_000 }).toEqual(japanCodes);

    // Quotes tab: the market overview.
    await page.locator('.kb-tabbar').getByText(t.common.tabs.quotes, { exact: true }).click();
    await page.waitForURL(/#\/home\/index/, { waitUntil: 'commit' });
    await expect
      .poll(() => page.locator('[data-testid="overview-indices"] li').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid="overview-sectors"] li').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByText(t.market.overview.shortSelling, { exact: true }).count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByText(t.market.overview.companies, { exact: true }).count())
      .toBeGreaterThan(0);
    await expectNoRawKeys(page);
    await snap(page, lang, 'market-quotes');
    await fullShot(page, lang, 'market-quotes-full');

    // Search by code, then by name in the reader's script.
    await page.getByRole('button', { name: t.common.header.searchPlaceholder }).click();
    await page.waitForURL(/#\/quotes\/search/, { waitUntil: 'commit' });
    await search(page, '7203', '7203');
    const toyota = await search(page, TOYOTA[lang], '7203');
    await expectNoRawKeys(page);
    await snap(page, lang, 'market-search');
    await toyota.first().locator('button').click();
    await page.waitForURL(/#\/quotes\/info\?code=7203/, { waitUntil: 'commit' });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('searchList') ?? '[]')[0]?.code)).toBe(
      '7203',
    );

    // Detail: quote, chart in every period and adjustment, indicators.
    await expect.poll(() => page.locator('[data-testid="quote-price"]').textContent()).toMatch(/\d/);
    // Forward adjustment unless the reader asks otherwise (a split is not a crash).
    await waitForChart(page, 'day', 'forward');
    // Two years of simulated history: too few year bars, so the year period is not offered.
    await expect
      .poll(() => page.locator('[data-testid="chart-period"] button').count())
      .toBe(KLINE_PERIODS.length - 1);
    expect(await page.locator('[data-testid="chart-period"] button[data-value="year"]').count()).toBe(0);
    for (const period of KLINE_PERIODS.filter((p) => p !== 'year')) {
      await page.locator(`[data-testid="chart-period"] button[data-value="${period}"]`).click();
      await waitForChart(page, period, 'forward');
      // The intraday line carries no overlay and offers none.
      expect(await page.locator('[data-testid="chart-main"]').count()).toBe(period === 'time' ? 0 : 1);
    }
    await page.locator('[data-testid="chart-period"] button[data-value="day"]').click();
    for (const adjust of [...ADJUST_MODES, 'forward' as const]) {
      await page.locator(`[data-testid="chart-adjust"] button[data-value="${adjust}"]`).click();
      await waitForChart(page, 'day', adjust);
    }
    for (const name of ['EMA', 'BOLL', 'MA'])
      await page.locator(`[data-testid="chart-main"] button[data-value="${name}"]`).click();
    for (const name of ['MACD', 'KDJ', 'RSI', 'VOL'])
      await page.locator(`[data-testid="chart-sub"] button[data-value="${name}"]`).click();
    await waitForChart(page, 'day', 'forward');
    // The readout and the indicator values sit above the plot, never over the candles; prices
    // and indicator values at the price's decimals (one for Tokyo).
    const legend = await page.locator('[data-testid="chart-legend"]').boundingBox();
    const plot = await page.locator('[data-testid="stock-chart"] canvas').first().boundingBox();
    if (!legend || !plot) throw new Error('chart has no legend or plot');
    expect(legend.y + legend.height).toBeLessThanOrEqual(plot.y + 0.5);
    await expect
      .poll(() => page.locator('[data-testid="chart-legend-main"]').textContent())
      .toMatch(/^MA5 [\d,.]+?\.\d(?!\d)/);
    // Every value of the legend is in view (none cut off or pushed out of its line).
    expect(
      await page
        .locator('[data-testid="chart-legend"] p')
        .evaluateAll((lines) =>
          lines.every((p) => p.scrollHeight <= p.clientHeight + 1 && p.scrollWidth <= p.clientWidth + 1),
        ),
    ).toBe(true);
    expect(await page.locator('[data-testid="chart-legend-sub"]').textContent()).toMatch(
      { cn: /成交量 /, us: /Volume /, jp: /出来高 / }[lang],
    );
    // Keyboard order follows the page: nothing, the chart's plot included, jumps ahead of it.
    expect(
      await page
        .locator('[tabindex]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('tabindex')).filter((v) => Number(v) > 0)),
    ).toEqual([]);
    expect(errors).toEqual([]);
    await expectNoRawKeys(page);
    await snap(page, lang, 'market-detail');
    // Dragging to the left edge pages older bars in (`before` = the first bar's time).
    const chart = page.locator('[data-testid="stock-chart"]');
    const firstPage = Number(await chart.getAttribute('data-bars'));
    const box = await chart.boundingBox();
    if (!box) throw new Error('chart has no box');
    for (let i = 0; i < 40 && Number(await chart.getAttribute('data-bars')) <= firstPage; i += 1) {
      await page.mouse.move(box.x + 30, box.y + 120);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 60, box.y + 120, { steps: 8 });
      await page.mouse.up();
    }
    expect(Number(await chart.getAttribute('data-bars'))).toBeGreaterThan(firstPage);

    // Buy opens the order sheet.
    await page.locator('[data-testid="buy"]').click();
    await expect.poll(() => page.locator('.adm-popup-body').first().isVisible()).toBe(true);
    await page
      .locator('.adm-popup .adm-mask')
      .first()
      .click({ position: { x: 195, y: 40 } });
    await expect.poll(() => page.locator('.adm-popup-body').first().isVisible()).toBe(false);

    // Watchlist: Toyota, then a second stock.
    const watch = page.locator('[data-testid="watch-toggle"]');
    await expect.poll(() => watch.isEnabled()).toBe(true);
    await watch.click();
    await expect.poll(() => watch.getAttribute('aria-pressed')).toBe('true');
    await page.goto(`${baseUrl()}/#/quotes/search`);
    const apple = await search(page, 'AAPL', 'AAPL');
    await apple.first().locator('button').click();
    await page.waitForURL(/#\/quotes\/info\?code=AAPL/, { waitUntil: 'commit' });
    await expect.poll(() => watch.isEnabled(), { timeout: 10_000 }).toBe(true);
    await watch.click();
    await expect.poll(() => watch.getAttribute('aria-pressed')).toBe('true');

    // Reorder in edit mode; the order survives a reload.
    await page.goto(`${baseUrl()}/#/quotes/self`);
    const watchRows = () => rowCodes(page, 'stock-row');
    await expect.poll(watchRows, { timeout: 10_000 }).toEqual(['7203', 'AAPL']);
    await expectNoRawKeys(page);
    await snap(page, lang, 'market-watchlist');
    await page.locator('[data-testid="watch-edit"]').click();
    await page.locator('[data-testid="stock-row"][data-code="AAPL"] [data-testid="move-up"]').click();
    await expect.poll(watchRows).toEqual(['AAPL', '7203']);
    await snap(page, lang, 'market-watchlist-edit');
    await page.locator('[data-testid="watch-done"]').click();
    await expect.poll(() => page.locator('[data-testid="watch-edit"]').count()).toBe(1);
    await page.reload();
    await expect.poll(watchRows, { timeout: 10_000 }).toEqual(['AAPL', '7203']);
    const saved = await apiCall<{ list: Array<{ code: string }> }>('/market/watchlist', {}, session);
    expect(saved.data.list.map((q) => q.code)).toEqual(['AAPL', '7203']);

    // News list and an article, in the reader's language.
    await page.goto(`${baseUrl()}/#/home/home`);
    await page.locator('.kb-tabbar').getByText(t.common.tabs.news, { exact: true }).click();
    await page.waitForURL(/#\/news\/index/, { waitUntil: 'commit' });
    const items = page.locator('[data-testid="news-item"]');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expectNoRawKeys(page);
    await snap(page, lang, 'news-list');
    const firstTitle = (await items.first().locator('.kb-news-item__title').textContent()) ?? '';
    await items.first().click();
    await page.waitForURL(/#\/news\/info\?id=\d+/, { waitUntil: 'commit' });
    const article = page.locator('[data-testid="news-article"]');
    await expect.poll(() => article.count(), { timeout: 10_000 }).toBe(1);
    expect(await article.locator('h2').textContent()).toBe(firstTitle);
    const id = Number(new URL(page.url().replace('/#/', '/')).searchParams.get('id'));
    const answer = await fetch(`${baseUrl()}/api/vue/news/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: lang },
      body: JSON.stringify({ id }),
    }).then((r) => r.json() as Promise<{ data: { title: string } }>);
    expect(firstTitle).toBe(answer.data.title);
    await expectNoRawKeys(page);
    await snap(page, lang, 'news-article');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
