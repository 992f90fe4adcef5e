import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../test/chromium';

export const LANGUAGES = ['cn', 'us', 'jp'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const SCREENSHOT_DIR = path.resolve('.artifacts/screenshots');

/** A server of the journey's own (see useServer), or the run's shared one (e2e/global-setup.ts). */
let ownServerUrl: string | null = null;

export const baseUrl = () => ownServerUrl ?? inject('baseUrl');

/**
 * Points this journey file's helpers at a server it started itself (e2e/server.ts), e.g. one it
 * restarts; `null` goes back to the shared server. A file's modules are its own, so other journeys
 * never see it.
 */
export function useServer(url: string | null): void {
  ownServerUrl = url;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
}

/** A phone-sized page (390×844) in the given language, with `stock` and `language` preset. */
export async function phone(browser: Browser, lang: Lang, market = 'jpy'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    locale: { cn: 'zh-CN', us: 'en-US', jp: 'ja-JP' }[lang],
    // Asked for less motion, as a phone's setting can: a moving price's tint shows without fading
    // (apps/web/src/app/styles.css). Fading, every screen of live prices keeps a headless browser
    // without a GPU drawing frames: the home screen idle cost 12.5 CPU-s in 20 s, 1.9 without
    // (docs/benchmarks.md "The whole test suite"). The fade itself is a component test's
    // (shared/ui/trend-text.test.tsx).
    reducedMotion: 'reduce',
  });
  await context.addInitScript(
    ({ language, stock }) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', language);
      if (!localStorage.getItem('stock')) localStorage.setItem('stock', stock);
    },
    { language: lang as string, stock: market },
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

/** Waits until requests have settled and nothing matching `loading` is left on screen. */
async function settleUntilGone(page: Page, loading: string, timeout: number): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction((selector) => document.querySelectorAll(selector).length === 0, loading, { timeout })
    .catch(() => undefined);
}

/** Waits until requests have settled and no loading skeleton is left on screen. */
export async function settle(page: Page): Promise<void> {
  await settleUntilGone(page, '.adm-skeleton, [aria-busy="true"]', 30_000);
}

/** The same in the back office: no antd spinner or skeleton left. */
export async function settleBackOffice(page: Page): Promise<void> {
  await settleUntilGone(page, '.ant-spin-spinning, .ant-skeleton', 15_000);
}

/**
 * Moves the signed-in app to `route` and waits until that screen is the one shown and settled.
 * The app keeps the screen it showed for its fade-out after the address changes, so a check made
 * at once would find the previous screen, already loaded, and the new one's skeletons still to come.
 */
export async function openRoute(page: Page, route: string): Promise<void> {
  const target = `${baseUrl()}/#/${route}`;
  // Already there (a redirect may have landed on it): no screen leaves, so none is waited for.
  const shown = page.url() === target ? null : await page.$('.kb-route');
  await page.goto(target);
  // Compared as text: a query ("?id=7") would be a pattern in a RegExp.
  await page.waitForURL((url) => url.hash.startsWith(`#/${route}`), { waitUntil: 'commit' });
  if (shown) await page.waitForFunction((element) => !element.isConnected, shown, { timeout: 30_000 });
  await settle(page);
}

/**
 * A picture of the screen, once settled. `screen: 'route'` is for a screen just opened with
 * openRoute and nothing else moving (no sheet or dialog sliding in): it waits for the route's
 * fade-in to end rather than a fixed while. `fullPage` pictures the whole page, below the fold
 * too, so an amount cut further down is seen.
 */
export async function shot(
  page: Page,
  lang: Lang,
  name: string,
  { screen = 'any', fullPage = false }: { screen?: 'route' | 'any'; fullPage?: boolean } = {},
): Promise<void> {
  const dir = path.join(SCREENSHOT_DIR, lang);
  mkdirSync(dir, { recursive: true });
  await settle(page);
  if (screen === 'route')
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.kb-route')).every((route) =>
        route.getAnimations().every((animation) => animation.playState !== 'running'),
      ),
    );
  else await page.waitForTimeout(350); // let the route fade finish
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (!fullPage || !viewport || height <= viewport.height) {
    await page.screenshot({ path: path.join(dir, `${name}.png`) });
    return;
  }
  // The whole page, by a viewport as tall as the page: charts drawn on a canvas redraw after a
  // resize, so they are given two frames to draw before the picture (the screenshot's own
  // full-page mode resizes and pictures at once, catching them blank); then the phone's height again.
  await page.setViewportSize({ width: viewport.width, height });
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
  await page.setViewportSize(viewport);
}

/**
 * Waits until `text` is on the page (within `scope`, the page by default). A success toast lasts
 * 2 s (SPEC §10): Playwright waits for it inside the page, frame by frame, where a poll from here
 * could miss it on a busy machine. When it never comes, the error says which toasts did.
 */
export async function saw(
  page: Page,
  text: string,
  { timeout = 15_000, scope }: { timeout?: number; scope?: Locator } = {},
): Promise<void> {
  try {
    await (scope ?? page).getByText(text, { exact: false }).first().waitFor({ state: 'attached', timeout });
  } catch (error) {
    const toasts = await page.locator('.adm-toast-main, .ant-message-notice').allTextContents();
    throw new Error(`"${text}" never showed (toasts then: ${toasts.join(' | ') || 'none'}): ${error}`);
  }
}

export async function skeletonCount(page: Page): Promise<number> {
  return page.locator('.adm-skeleton, [aria-busy="true"]').count();
}

/** Opens the app already signed in with a session made through the API. */
export async function signIn(page: Page, session: { token: string; account: string }): Promise<void> {
  await page.goto(`${baseUrl()}/#/login/start`);
  await page.evaluate(({ token, account }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('account', account);
  }, session);
  // The app has already sent this visitor on to /login/logon, or is about to: a fresh load of
  // /login/start (not a reload of whichever screen it is on by then) reads the stored session. A
  // page of the same origin in between makes the next one a new document, not a hash change.
  await page.goto(`${baseUrl()}/healthz`);
  await page.goto(`${baseUrl()}/#/login/start`);
}

/** Calls the investor API directly (for setup steps that are not under test). */
export async function apiCall<T = unknown>(
  pathName: string,
  body: Record<string, unknown>,
  session?: { token: string; account: string },
) {
  const res = await fetch(`${baseUrl()}/api/vue${pathName}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(session ? { token: session.token, account: session.account } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; msg: string; data: T };
}

export async function adminToken(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: inject('adminPassword') }),
  });
  const json = (await res.json()) as { token: string };
  return json.token;
}

/** A back-office page in `lang` (a desktop app by default), signed in as the seeded admin. */
export async function adminPage(
  browser: Browser,
  lang: Lang,
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: { cn: 'zh-CN', us: 'en-US', jp: 'ja-JP' }[lang],
  });
  await context.addInitScript((language) => localStorage.setItem('language', language), lang as string);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${baseUrl()}/admin/#/dashboard`);
  await page.locator('input[autocomplete=username]').fill('admin');
  await page.locator('input[autocomplete=current-password]').fill(inject('adminPassword'));
  await page.locator('button[type=submit]').click();
  await page.getByTestId('operator-name').waitFor({ timeout: 15_000 });
  return page;
}

export const uniqueAccount = (prefix = 'e2e') =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);

export type Session = { token: string; account: string };

/** A small real PNG, as a phone camera would hand one over (the server checks content). */
export async function pngBlob(background: string, size = { width: 160, height: 100 }): Promise<Blob> {
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { ...size, channels: 3, background } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

/** Calls a multipart investor call (uploads) for setup steps; files are PNG blobs. */
export async function uploadCall(pathName: string, fields: Record<string, string | Blob>, session: Session) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.set(name, value, `${name}.png`);
    else form.set(name, value);
  }
  const answer = await fetch(`${baseUrl()}/api/vue${pathName}`, {
    method: 'POST',
    headers: { token: session.token, account: session.account },
    body: form,
  });
  return (await answer.json()) as { status: number; msg: string };
}

/** Decides the pending review of `kind` for `account` through the back-office API (SPEC §9). */
export async function decideReview(
  kind: 'kyc' | 'deposit' | 'withdrawal' | 'loan' | 'daytrade' | 'block',
  account: string,
  decision: 'approve' | 'reject',
  reason = 'checked against the documents',
): Promise<void> {
  const token = await adminToken();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const pending = (await (
    await fetch(`${baseUrl()}/api/admin/reviews?kind=${kind}&state=pending&size=100`, { headers })
  ).json()) as { list: Array<{ id: number; account: string }> };
  const item = pending.list.find((r) => r.account === account);
  if (!item) throw new Error(`no pending ${kind} review for ${account}`);
  const answer = await fetch(`${baseUrl()}/api/admin/reviews/${kind}/${item.id}/${decision}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ reason }),
  });
  if (!answer.ok) throw new Error(`${decision} ${kind}: ${answer.status}`);
}

/** The login and fund passwords of the investors the journeys set up. */
export const PASSWORD = 'secret123';
export const FUND_PASSWORD = 'fund-pass-1';

export interface InvestorSetup {
  /** Start of the account name. */
  prefix: string;
  /** The currency deposited (by its market). */
  market?: 'jpy' | 'usd' | 'cny';
  /** The deposit, approved through the back office. */
  amount?: string;
  /** When given, identity verification under this name, approved through the back office. */
  realName?: string;
  idNumber?: string;
}

/** An investor registered through the API (in Japanese) with the risk disclosure accepted. */
export async function registeredInvestor(account: string): Promise<Session> {
  const registered = await apiCall<Session>('/user/register', {
    account,
    password: PASSWORD,
    repassword: PASSWORD,
    agree: 1,
    language: 'jp',
  });
  if (registered.status !== 1) throw new Error(`register ${account}: ${registered.msg}`);
  const risk = await apiCall('/user/acceptRisk', { agree: 1 }, registered.data);
  if (risk.status !== 1) throw new Error(`accept risk ${account}: ${risk.msg}`);
  return registered.data;
}

/**
 * An investor set up through the API (steps not under test): registered, the risk disclosure
 * accepted, a fund password, optionally verified, and a deposit approved (¥1,000,000 by default).
 */
export async function fundedInvestor({
  prefix,
  market = 'jpy',
  amount = '1000000',
  realName,
  idNumber = 'EF1234567',
}: InvestorSetup): Promise<Session> {
  const account = uniqueAccount(prefix);
  const session = await registeredInvestor(account);
  await apiCall('/user/setFundPassword', { password: FUND_PASSWORD, repassword: FUND_PASSWORD }, session);
  const upload = async (pathName: string, fields: Record<string, string | Blob>) => {
    const answer = await uploadCall(pathName, fields, session);
    if (answer.status !== 1) throw new Error(`${pathName} ${account}: ${answer.msg}`);
  };
  if (realName) {
    await upload('/user/verify', {
      name: realName,
      id_number: idNumber,
      agree: '1',
      front: await pngBlob('#8fb3ff'),
      back: await pngBlob('#ffb38f'),
    });
    await decideReview('kyc', account, 'approve');
  }
  await upload('/user/deposit', {
    type: market,
    channel: 'bank',
    amount,
    fund_password: FUND_PASSWORD,
    receipt: await pngBlob('#b3f0c0'),
  });
  await decideReview('deposit', account, 'approve');
  return session;
}

/** Binds a bank card in `holder`'s name (the verified real name) through the API; answers its id. */
export async function bindCard(session: Session, holder: string): Promise<number> {
  const card = await apiCall<{ id: number }>(
    '/user/bankAdd',
    {
      holder,
      // One bank account pays out to one investor (card_exists): a number of this user's own.
      card_number: `6222${String(Date.now()).slice(-8)}7890`,
      card_type: 'savings',
      institution: 'MUFG Bank',
      branch: 'Tokyo Main Office',
      branch_code: '001',
    },
    session,
  );
  if (card.status !== 1) throw new Error(`bankAdd ${session.account}: ${card.msg}`);
  return card.data.id;
}

/** Opens `route` in the app signed in as `session` (on this page and any it opens later). */
export async function openAs(page: Page, session: Session, route: string): Promise<void> {
  await page.context().addInitScript((stored: Session) => {
    localStorage.setItem('token', stored.token);
    localStorage.setItem('account', stored.account);
  }, session);
  await page.goto(`${baseUrl()}/#${route}`);
}

/** Sessions end after a day without a call (config `sessionIdleMinutes`): the clock moves in smaller steps. */
const CLOCK_STEP_MS = 12 * 3_600_000;

/**
 * Moves the journeys' server clock forward by `ms` and runs the jobs that fell due (the server
 * runs with KABUTO_CLOCK_TRAVEL=1). It moves in steps of at most 12 hours and makes a call with
 * each of `keep` between steps, so those investors stay signed in across a jump of days. The
 * clock never goes back: later journeys run after it.
 */
export async function advanceClock(
  ms: number,
  keep: Session[] = [],
): Promise<{ now: string; jobs: string[] }> {
  let left = ms;
  let now = '';
  const jobs: string[] = [];
  while (left > 0) {
    const step = Math.min(left, CLOCK_STEP_MS);
    const res = await fetch(`${baseUrl()}/api/admin/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({ ms: step }),
    });
    if (!res.ok) throw new Error(`clock advance refused: ${res.status} ${await res.text()}`);
    const answer = (await res.json()) as { now: string; jobs: string[] };
    now = answer.now;
    jobs.push(...answer.jobs);
    for (const session of keep) await apiCall('/user/summary', {}, session);
    left -= step;
  }
  return { now, jobs };
}

/** The server's now (the journeys' server clock travels), from the time header of an answer. */
export async function serverNow(): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/vue/common/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const at = Number(res.headers.get('x-server-time'));
  if (!Number.isFinite(at) || at <= 0) throw new Error('no server time on the answer');
  return at;
}

/** The code an authenticator app shows now for `secret`, by the server's clock. */
export async function totpCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor((await serverNow()) / 1000) });
}

/**
 * What a reader would see as broken on the current screen (SPEC §12): the page wider than the
 * viewport (it scrolls sideways), and an amount of money cut — an ellipsis in an element holding
 * an amount, or an amount pushed past the screen's edge. Containers meant to scroll sideways
 * (tab bars, chart buttons) are left alone.
 */
export async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) faults.push(`the page is ${scrollWidth} px wide in a ${width} px viewport`);
    const money = /(?:[¥$￥]|CN¥|JP¥|US\$|元)\s?-?[\d,]+(?:\.\d+)?|[\d,]+(?:\.\d+)?\s?元/;
    const scrolls = (el: Element | null): boolean => {
      for (let node = el; node; node = node.parentElement) {
        const overflowX = getComputedStyle(node).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const text = el.textContent ?? '';
      if (!money.test(text) || el.offsetParent === null) continue;
      const style = getComputedStyle(el);
      const cut = style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
      if (cut) faults.push(`cut by an ellipsis: "${text.trim().slice(0, 60)}"`);
      if (el.children.length === 0 && !scrolls(el)) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && (box.right > width + 1 || box.left < -1))
          faults.push(
            `off the screen (${Math.round(box.left)}–${Math.round(box.right)} px): "${text.trim().slice(0, 60)}"`,
          );
      }
    }
    return [...new Set(faults)];
  });
}
