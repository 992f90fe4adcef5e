import { drawLottery } from '@kabuto/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipoI18n } from '../apps/web/src/features/ipo/i18n';
import { listNewShare } from './products';
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
  phone,
  shot,
} from './support';

/**
 * The new-share journey (SPEC §2 /home/newShare, /home/newShareInfo, /mine/newShareOrder, the
 * Subscription tab; §6.5): an investor subscribes and sees the amount frozen; the draw runs when
 * the server's clock reaches it; the investor pays for the win with the fund password and on
 * listing day holds the shares at the subscription price; a second investor declines and sees the
 * release; the lottery proof re-runs to the same winners. In every language.
 */

const HOUR = 3_600_000;
const texts = (lang: Lang) => ipoI18n.resources[lang];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** An investor with a fund password and ¥1,000,000. */
const investor = () => fundedInvestor({ prefix: 'ip' });

async function confirmDialog(page: Page) {
  await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
}

describe.each(LANGUAGES)('new-share journey in %s', (lang) => {
  it('subscribes with funds frozen, wins the draw, pays, holds on listing day; a second investor declines', async () => {
    const t = texts(lang);
    const share = await listNewShare();
    const [buyer, decliner] = [await investor(), await investor()];

    // The home tile leads to the lists; the share is in progress.
    const page = await phone(browser, lang);
    await openAs(page, buyer, '/home/home');
    await page.locator('.kb-entry-tile').first().click({ timeout: 20_000 });
    await page.waitForURL(/#\/home\/newShare/, { waitUntil: 'commit' });
    await page.getByTestId('ipo-tab-inProgress').click();
    await expect.poll(() => page.getByTestId(`share-${share.code}`).count(), { timeout: 20_000 }).toBe(1);
    await shot(page, lang, 'ipo-list');

    // Detail: every field, the stepper and the amount to freeze; subscribe 300 shares.
    await page.getByTestId(`share-${share.code}`).click();
    await page.waitForURL(/#\/home\/newShareInfo/, { waitUntil: 'commit' });
    await expect
      .poll(() => page.getByTestId('share-fields').textContent(), { timeout: 15_000 })
      .toContain(share.code);
    await page.getByTestId('subscribe-quantity').locator('input').fill('300');
    await page.getByTestId('subscribe-quantity').locator('input').blur();
    await expect.poll(() => page.getByTestId('subscribe-amount').textContent()).toMatch(/360,000/);
    await shot(page, lang, 'ipo-detail');
    await page.getByTestId('subscribe-submit').click();
    await confirmDialog(page);
    await expect
      .poll(() => page.getByTestId('share-mine-state').textContent(), { timeout: 15_000 })
      .toBe(t.sub.applied);
    await expect.poll(() => page.getByTestId('share-mine-frozen').textContent()).toMatch(/360,000/);
    const frozen = await apiCall<Record<string, string>>('/user/getUserinfo', { type: 'jpy' }, buyer);
    expect(frozen.data.jpy).toBe('640000');
    await shot(page, lang, 'ipo-subscribed');

    // The Subscription tab shows it with the frozen amount.
    await page.goto(`${baseUrl()}/#/position/index?tab=subscription`);
    await expect
      .poll(() => page.getByTestId('positions-ipo-frozen').textContent(), { timeout: 15_000 })
      .toMatch(/360,000/);
    await shot(page, lang, 'ipo-positions-subscription');

    // The second investor subscribes too.
    const second = await apiCall('/trade/subscribe', { type: 'jpy', id: share.id, quantity: 200 }, decliner);
    expect(second.status, second.msg).toBe(1);

    // The clock reaches the lottery: both win (10,000 offered, 500 applied).
    await advanceClock(2 * HOUR, [buyer, decliner]);
    await page.goto(`${baseUrl()}/#/mine/newShareOrder?tab=winning`);
    const card = page.locator('[data-testid^="pay-panel-"]').first();
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => card.getByTestId('pay-countdown').textContent()).toBeTruthy();
    await shot(page, lang, 'ipo-won');
    await card.getByTestId('pay-open').click();
    await card.locator('input[type=password]').fill(FUND_PASSWORD);
    await card.getByTestId('pay-confirm').click();
    await expect
      .poll(() => page.getByTestId('subscription-state').first().textContent(), { timeout: 15_000 })
      .toBe(t.sub.paid);
    await shot(page, lang, 'ipo-paid');

    // The second investor declines and sees the release.
    const other = await phone(browser, lang);
    await openAs(other, decliner, '/mine/newShareOrder?tab=winning');
    const otherCard = other.locator('[data-testid^="pay-panel-"]').first();
    await expect.poll(() => otherCard.count(), { timeout: 20_000 }).toBe(1);
    await otherCard.getByTestId('abstain').click();
    await confirmDialog(other);
    await expect
      .poll(() => other.getByTestId('subscription-state').first().textContent(), { timeout: 15_000 })
      .toBe(t.sub.waived);
    await expect.poll(() => other.getByTestId('subscription-frozen').first().textContent()).toBe('—');
    const released = await apiCall<Record<string, string>>('/user/getUserinfo', { type: 'jpy' }, decliner);
    expect(released.data.jpy).toBe('1000000');
    await shot(other, lang, 'ipo-declined');
    await other.close();

    // The lottery proof re-runs to the same winners, in the browser and here.
    await page.goto(`${baseUrl()}/#/home/newShareLottery?id=${share.id}`);
    await expect
      .poll(() => page.getByTestId('lottery-seed').textContent(), { timeout: 15_000 })
      .toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId('lottery-rerun').click();
    await expect.poll(() => page.getByTestId('lottery-rerun-result').textContent()).toBe(t.lottery.rerunSame);
    await shot(page, lang, 'ipo-lottery');
    const proof = await apiCall<{
      seed: string;
      inputsDigest: string;
      offeredShares: number;
      lotSize: number;
      applications: Array<{ id: number; quantity: number }>;
      winners: Array<{ id: number; allottedShares: number }>;
    }>('/trade/newstockLottery', { type: 'jpy', id: share.id }, buyer);
    const rerun = drawLottery({
      seed: proof.data.seed,
      offeredShares: proof.data.offeredShares,
      lotSize: proof.data.lotSize,
      applications: proof.data.applications,
    });
    expect(rerun.winners).toEqual(proof.data.winners);
    expect(rerun.inputsDigest).toBe(proof.data.inputsDigest);

    // Listing day: the paid shares are a holding position at the subscription price.
    await advanceClock(48 * HOUR + 10_000, [buyer]);
    await page.goto(`${baseUrl()}/#/position/index?tab=inProgress`);
    await expect.poll(() => page.locator('body').textContent(), { timeout: 20_000 }).toContain(share.code);
    await shot(page, lang, 'ipo-listed-position');
    const positions = await apiCall<{ list: Array<{ code: string; stock_num: number; buy_price: string }> }>(
      '/trade/userstocklist',
      { type: 'jpy' },
      buyer,
    );
    const held = positions.data.list.find((p) => p.code === share.code);
    expect(held).toMatchObject({ stock_num: 300 });
    expect(Number(held?.buy_price)).toBe(1200);
    await page.close();
  });
});
