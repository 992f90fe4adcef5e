import { MAX_LOTTERY_SAMPLE, MAX_LOTTERY_TICKETS } from '@kabuto/contract';
import { drawLottery, roundToTick } from '@kabuto/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  fund,
  registerUser,
  type Session,
  setFundPassword,
  type TestApp,
} from '../../../test/helpers';
import { checkInvariant, userBalances } from '../../ledger/ledger';
import { operatorToken } from '../identity/testing';
import type { IpoContext } from './context';
import { seedDemoShares } from './demo';
import { advance, relistAll } from './lifecycle';

const FUND_PASSWORD = 'fund1234';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
});
afterAll(() => t.close());

let codeCounter = 0;
/** Lists a share through the back office; moments are offsets (ms) from now. */
async function listShare(
  overrides: Record<string, unknown> = {},
  at: { opens?: number; closes?: number; lottery?: number; pay?: number; lists?: number } = {},
) {
  const now = t.clock.now().getTime();
  const iso = (ms: number) => new Date(now + ms).toISOString();
  codeCounter += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/newshares',
    headers: { authorization: `Bearer ${await operatorToken(t)}` },
    payload: {
      code: `IPO${codeCounter}`,
      market: 'jpy',
      name: { cn: '测试新股', us: 'Test IPO', jp: 'テスト新規株' },
      sector: 'services',
      price: '1000',
      provisionalPrice: '950–1000',
      pe: '20.5',
      leadUnderwriter: 'Kabuto Securities',
      issueMarket: 'TSE Growth',
      offeredQuantity: 1_000,
      minQuantity: 100,
      maxQuantity: 1_000,
      sharesOutstanding: 1_000_000,
      opensAt: iso(at.opens ?? 0),
      closesAt: iso(at.closes ?? DAY),
      lotteryAt: iso(at.lottery ?? 2 * DAY),
      payUntil: iso(at.pay ?? 3 * DAY),
      listsAt: iso(at.lists ?? 4 * DAY),
      ...overrides,
    },
  });
  return { status: res.statusCode, body: res.json() as { id: number; code: string; state: string } };
}

async function investor(yen = 10_000_000): Promise<Session> {
  const session = await registerUser(t.app);
  await setFundPassword(t.app, session, FUND_PASSWORD);
  await fund(t.ctx, session.userId, 'JPY', yen);
  return session;
}

const subscribe = (session: Session, id: number, quantity: unknown, headers?: Record<string, string>) =>
  api<{ id: number; state: string; status: number; rjmoney: string; amount: string }>(
    t.app,
    '/trade/subscribe',
    { type: 'jpy', id, quantity },
    { session, ...(headers ? { headers } : {}) },
  );

type SubView = {
  wonAmount: string;
  id: number;
  state: string;
  wonQuantity: number;
  status: number;
  rjmoney: string;
  positionId: number | null;
};
const mySubs = (session: Session) =>
  api<{ list: SubView[]; total: number; frozen: string }>(
    t.app,
    '/trade/usernewstocklist',
    { type: 'jpy' },
    { session },
  );

/** Moves the clock in steps (running the due jobs; the users look in so their sessions stay). */
async function advanceBy(ms: number, sessions: Session[] = []) {
  const step = 6 * HOUR;
  let left = ms;
  while (left > 0) {
    const d = Math.min(step, left);
    t.clock.advance(d);
    left -= d;
    await t.ctx.jobs.runDue();
    for (const s of sessions) await api(t.app, '/user/getUserinfo', {}, { session: s });
  }
}

async function snapshot(userId: number) {
  const subs = await t.ctx.db
    .selectFrom('ipo_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  const tx = await t.ctx.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return { balances: await userBalances(t.ctx.db, userId), subs: subs.length, tx: tx.length };
}

const shareState = async (id: number) =>
  (await t.ctx.db.selectFrom('new_shares').select('state').where('id', '=', id).executeTakeFirstOrThrow())
    .state;

describe('listing (back office)', () => {
  it('lists a share with every field and refuses moments out of order and a taken code', async () => {
    const listed = await listShare();
    expect(listed.status).toBe(200);
    expect(listed.body.state).toBe('upcoming');
    expect((await listShare({ code: listed.body.code })).status).toBe(409);
    expect((await listShare({ code: '7203' })).status).toBe(409);
    expect((await listShare({ maxQuantity: 950 })).body).toMatchObject({ field: 'maxQuantity' });
    const bad = await listShare({}, { closes: 3 * DAY, lottery: 2 * DAY });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'lotteryAt' });
    const noAuth = await t.app.inject({ method: 'GET', url: '/api/admin/newshares' });
    expect(noAuth.statusCode).toBe(401);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'new_share')
      .where('target_id', '=', String(listed.body.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['new_share_list']);
  });

  it("names the issue market and lead underwriter in the reader's language when listed per language", async () => {
    const share = await listShare({
      issueMarket: { cn: '东证成长板', us: 'TSE Growth', jp: '東証グロース' },
      leadUnderwriter: { cn: 'Kabuto 证券', us: 'Kabuto Securities', jp: 'Kabuto 証券' },
    });
    expect(share.status).toBe(200);
    const user = await investor();
    const read = async (language: string) =>
      (
        await api<{ issueMarket: string; leadUnderwriter: string }>(
          t.app,
          '/trade/newstockinfo',
          { type: 'jpy', id: share.body.id },
          { session: user, headers: { language } },
        )
      ).data;
    expect(await read('jp')).toMatchObject({ issueMarket: '東証グロース', leadUnderwriter: 'Kabuto 証券' });
    expect(await read('cn')).toMatchObject({ issueMarket: '东证成长板', leadUnderwriter: 'Kabuto 证券' });
    expect(await read('us')).toMatchObject({
      issueMarket: 'TSE Growth',
      leadUnderwriter: 'Kabuto Securities',
    });
    // A name given once (NASDAQ) reads the same in every language.
    const plain = await listShare({ issueMarket: 'NASDAQ' });
    const jp = await api<{ issueMarket: string }>(
      t.app,
      '/trade/newstockinfo',
      { type: 'jpy', id: plain.body.id },
      { session: user, headers: { language: 'jp' } },
    );
    expect(jp.data.issueMarket).toBe('NASDAQ');
  });

  it('withdraws a share before its subscription opens, with a reason, and refuses once it has opened', async () => {
    const token = await operatorToken(t);
    const withdraw = (id: number, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/newshares/${id}/withdraw`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const upcoming = await listShare(
      {},
      { opens: DAY, closes: 2 * DAY, lottery: 3 * DAY, pay: 4 * DAY, lists: 5 * DAY },
    );
    expect((await withdraw(upcoming.body.id, {})).json()).toMatchObject({
      error: 'bad_request',
      field: 'reason',
    });
    const done = await withdraw(upcoming.body.id, { reason: 'issuer postponed' });
    expect(done.statusCode).toBe(200);
    expect(
      await t.ctx.db
        .selectFrom('new_shares')
        .select('id')
        .where('id', '=', upcoming.body.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'new_share_withdraw')
      .where('target_id', '=', String(upcoming.body.id))
      .executeTakeFirstOrThrow();
    expect(entry.reason).toBe('issuer postponed');
    expect(entry.details).toMatchObject({ before: { code: upcoming.body.code } });
    // The code is free again for the relisting.
    expect((await listShare({ code: upcoming.body.code })).status).toBe(200);

    const open = await listShare();
    expect((await withdraw(open.body.id, { reason: 'too late' })).json()).toMatchObject({
      error: 'not_upcoming',
    });
    expect((await withdraw(999_999, { reason: 'none' })).statusCode).toBe(404);
  });

  it('changes a share before its subscription opens, with a reason, audited; refuses once it has opened', async () => {
    const token = await operatorToken(t);
    const edit = (id: number, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/newshares/${id}`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const now = t.clock.now().getTime();
    const iso = (ms: number) => new Date(now + ms).toISOString();
    const upcoming = await listShare(
      {},
      { opens: DAY, closes: 2 * DAY, lottery: 3 * DAY, pay: 4 * DAY, lists: 5 * DAY },
    );
    const change = {
      name: { cn: '改名新股', us: 'Renamed IPO', jp: '改名新規株' },
      sector: 'services',
      price: '1200',
      provisionalPrice: '1100–1200',
      leadUnderwriter: { cn: 'Kabuto 证券', us: 'Kabuto Securities', jp: 'Kabuto 証券' },
      issueMarket: { cn: '东证成长板', us: 'TSE Growth', jp: '東証グロース' },
      offeredQuantity: 2_000,
      minQuantity: 100,
      maxQuantity: 1_000,
      sharesOutstanding: 1_000_000,
      opensAt: iso(2 * DAY),
      closesAt: iso(3 * DAY),
      lotteryAt: iso(4 * DAY),
      payUntil: iso(5 * DAY),
      listsAt: iso(6 * DAY),
    };
    expect((await edit(upcoming.body.id, change)).json()).toEqual({ error: 'bad_request', field: 'reason' });
    // The code and market name the share: they are not part of a change.
    expect((await edit(upcoming.body.id, { ...change, code: 'OTHER', reason: 'r' })).statusCode).toBe(400);
    expect((await edit(upcoming.body.id, { ...change, closesAt: iso(DAY), reason: 'dates' })).json()).toEqual(
      { error: 'bad_request', field: 'closesAt' },
    );
    const done = await edit(upcoming.body.id, { ...change, reason: 'price range revised' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      code: upcoming.body.code,
      price: '1200',
      offeredQuantity: 2_000,
      issueMarketNames: { jp: '東証グロース' },
      opensAt: change.opensAt,
    });
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'new_share_update')
      .where('target_id', '=', String(upcoming.body.id))
      .executeTakeFirstOrThrow();
    expect(entry.reason).toBe('price range revised');
    expect(entry.details).toMatchObject({ before: { price: '1000' }, after: { price: '1200' } });
    const user = await investor();
    const read = await api<{ issueMarket: string; leadUnderwriter: string; price: string }>(
      t.app,
      '/trade/newstockinfo',
      { type: 'jpy', id: upcoming.body.id },
      { session: user, headers: { language: 'cn' } },
    );
    expect(read.data).toMatchObject({ issueMarket: '东证成长板', leadUnderwriter: 'Kabuto 证券' });

    const open = await listShare();
    expect((await edit(open.body.id, { ...change, reason: 'too late' })).json()).toEqual({
      error: 'not_upcoming',
      field: 'id',
    });
    expect((await edit(999_999, { ...change, reason: 'none' })).statusCode).toBe(404);
  });

  it('moves the states by the jobs runner within 10 s of each moment', async () => {
    const { body } = await listShare(
      {},
      { opens: HOUR, closes: 2 * HOUR, lottery: 3 * HOUR, pay: 4 * HOUR, lists: 5 * HOUR },
    );
    await advanceBy(HOUR - 1_000);
    expect(await shareState(body.id)).toBe('upcoming');
    await advanceBy(10_000);
    expect(await shareState(body.id)).toBe('subscribing');
    await advanceBy(HOUR);
    expect(await shareState(body.id)).toBe('closed');
    await advanceBy(3 * HOUR);
    expect(await shareState(body.id)).toBe('listed');
    expect(t.ctx.market.quote(body.code)).not.toBeNull();
  });
});

describe('the draw limits: no share can reach a draw that cannot run', () => {
  const listings = async () => ({
    shares: (await t.ctx.db.selectFrom('new_shares').select('id').execute()).length,
    audit: (
      await t.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'new_share_list').execute()
    ).length,
  });

  it('refuses a listing offering more units than one draw samples (offer_above_draw_limit), changing nothing', async () => {
    const before = await listings();
    const over = await listShare({ offeredQuantity: (MAX_LOTTERY_SAMPLE + 1) * 100, minQuantity: 100 });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: 'offer_above_draw_limit', field: 'offeredQuantity' });
    expect(await listings()).toEqual(before);
    const atLimit = await listShare({ offeredQuantity: MAX_LOTTERY_SAMPLE * 100, minQuantity: 100 });
    expect(atLimit.status).toBe(200);
  });

  it('refuses an application taking the units applied for past 2^32 (subscription_full), changing nothing; the draw at the limit runs', async () => {
    const share = await listShare({ price: '1', minQuantity: 1, maxQuantity: MAX_LOTTERY_TICKETS });
    const id = share.body.id;
    const big = await investor(5_000_000_000);
    const small = await investor();
    const late = await investor();
    expect((await subscribe(big, id, MAX_LOTTERY_TICKETS - 296)).status).toBe(1);
    const applied = async () =>
      (
        await t.ctx.db
          .selectFrom('new_shares')
          .select('applied_lots')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).applied_lots;
    expect(await applied()).toBe(MAX_LOTTERY_TICKETS - 296);
    const before = await snapshot(small.userId);
    expect(await subscribe(small, id, 297)).toMatchObject({ status: 0, msg: 'subscription_full' });
    expect(await snapshot(small.userId)).toEqual(before);
    expect(await applied()).toBe(MAX_LOTTERY_TICKETS - 296);
    // Exactly 2^32 tickets are taken; one more is not.
    expect((await subscribe(small, id, 296)).status).toBe(1);
    const lateBefore = await snapshot(late.userId);
    expect(await subscribe(late, id, 1)).toMatchObject({ status: 0, msg: 'subscription_full' });
    expect(await snapshot(late.userId)).toEqual(lateBefore);
    expect(await applied()).toBe(MAX_LOTTERY_TICKETS);

    await advanceBy(2 * DAY + 10_000, [big, small, late]);
    const proof = await api<{ winners: Array<{ allottedShares: number }> }>(
      t.app,
      '/trade/newstockLottery',
      { type: 'jpy', id },
      { session: big },
    );
    expect(proof.data.winners.reduce((a, w) => a + w.allottedShares, 0)).toBe(1_000);
  });
});

describe('subscription refusals (SPEC §7): each answers its key and moves nothing', () => {
  it('subscription_not_open before the opening, product_deadline after the deadline', async () => {
    const user = await investor();
    const later = await listShare(
      {},
      { opens: HOUR, closes: 2 * HOUR, lottery: 3 * HOUR, pay: 4 * HOUR, lists: 5 * HOUR },
    );
    const before = await snapshot(user.userId);
    expect((await subscribe(user, later.body.id, 100)).msg).toBe('subscription_not_open');
    expect(await snapshot(user.userId)).toEqual(before);
    await advanceBy(2 * HOUR, [user]);
    const closed = await snapshot(user.userId);
    expect((await subscribe(user, later.body.id, 100)).msg).toBe('product_deadline');
    expect(await snapshot(user.userId)).toEqual(closed);
  });

  it('quantity_invalid below the minimum, above the cap, empty or fractional; product_missing', async () => {
    const user = await investor();
    const { body } = await listShare();
    const before = await snapshot(user.userId);
    for (const q of [99, 1_001, 150, '', '0', '150.5'])
      expect((await subscribe(user, body.id, q)).msg, String(q)).toMatch(/quantity_invalid|bad_request/);
    expect((await subscribe(user, body.id, 99)).msg).toBe('quantity_invalid');
    expect((await subscribe(user, body.id, 1_001)).msg).toBe('quantity_invalid');
    expect((await subscribe(user, body.id, 150)).msg).toBe('quantity_invalid');
    expect((await subscribe(user, 999_999, 100)).msg).toBe('product_missing');
    expect(await snapshot(user.userId)).toEqual(before);
  });

  it('ipo_once on a second subscription; balance_insufficient when the amount is not there', async () => {
    const user = await investor();
    const { body } = await listShare();
    expect((await subscribe(user, body.id, 200)).status).toBe(1);
    const before = await snapshot(user.userId);
    expect((await subscribe(user, body.id, 300)).msg).toBe('ipo_once');
    expect(await snapshot(user.userId)).toEqual(before);
    const poor = await investor(50_000);
    const poorBefore = await snapshot(poor.userId);
    expect((await subscribe(poor, body.id, 100)).msg).toBe('balance_insufficient');
    expect(await snapshot(poor.userId)).toEqual(poorBefore);
  });

  it('honours the Idempotency-Key: a repeat answers the first answer and freezes once', async () => {
    const user = await investor();
    const { body } = await listShare();
    const headers = { 'Idempotency-Key': `ipo-${body.id}` };
    const first = await subscribe(user, body.id, 300, headers);
    const second = await subscribe(user, body.id, 300, headers);
    expect(second).toEqual(first);
    expect((await snapshot(user.userId)).subs).toBe(1);
    expect((await userBalances(t.ctx.db, user.userId)).JPY.frozen.ipo).toBe(300_000);
  });
});

describe('from subscription to listing day', () => {
  it('gives no winning rate for a draw without applications', async () => {
    const share = await listShare();
    const user = await investor();
    await advanceBy(3 * DAY, [user]);
    const info = await api<{ appliedQuantity: number | null; winningRatePercent: string | null }>(
      t.app,
      '/trade/newstockinfo',
      { type: 'jpy', id: share.body.id },
      { session: user },
    );
    expect(info.data).toMatchObject({ appliedQuantity: 0, winningRatePercent: null });
  });

  it('dates a draw the jobs runner reaches late at the share’s lottery date, on the proof as on the detail', async () => {
    const share = await listShare({}, { lottery: 2 * DAY + HOUR });
    const id = share.body.id;
    const user = await investor();
    expect((await subscribe(user, id, 100)).status).toBe(1);
    // Jobs run every 6 hours here: the draw runs 5 hours after the lottery moment.
    await advanceBy(3 * DAY, [user]);
    const info = await api<{ lotteryAt: string }>(
      t.app,
      '/trade/newstockinfo',
      { type: 'jpy', id },
      { session: user },
    );
    const proof = await api<{ drawn: boolean; drawnAt: string }>(
      t.app,
      '/trade/newstockLottery',
      { type: 'jpy', id },
      { session: user },
    );
    expect(proof.data.drawn).toBe(true);
    expect(proof.data.drawnAt).toBe(info.data.lotteryAt);
    const sub = (
      await api<{ list: Array<{ drawnAt: string }> }>(
        t.app,
        '/trade/usernewstocklist',
        { type: 'jpy' },
        { session: user },
      )
    ).data.list[0]!;
    expect(sub.drawnAt).toBe(info.data.lotteryAt);
  });

  it('freezes, draws reproducibly, pays, abstains, fails the unpaid, and lists the paid as positions', async () => {
    const share = await listShare({ offeredQuantity: 1_500 });
    const id = share.body.id;
    const users = [await investor(), await investor(), await investor(), await investor()];
    const payer = users[0]!;
    for (const u of users) {
      const res = await subscribe(u, id, 1_000);
      expect(res).toMatchObject({
        status: 1,
        msg: 'subscribe',
        data: { state: 'applied', status: 1, rjmoney: '1000000' },
      });
    }
    // The seed's list shape: status 1 = funds frozen, rjmoney; its sum is the ledger's IPO freeze.
    const listed = await mySubs(payer);
    expect(listed.data.list).toHaveLength(1);
    expect(listed.data.frozen).toBe('1000000');
    expect((await userBalances(t.ctx.db, payer.userId)).JPY).toMatchObject({
      available: 9_000_000,
      frozen: expect.objectContaining({ ipo: 1_000_000 }),
    });

    // The draw: 4,000 applied for 1,500 offered.
    await advanceBy(2 * DAY + 10_000, users);
    const proof = await api<{
      seed: string;
      inputsDigest: string;
      algorithm: string;
      offeredShares: number;
      lotSize: number;
      applications: Array<{ id: number; quantity: number }>;
      winners: Array<{ id: number; allottedShares: number }>;
      myApplicationId: number;
    }>(t.app, '/trade/newstockLottery', { type: 'jpy', id }, { session: payer });
    expect(proof.status).toBe(1);
    expect(proof.data.applications).toHaveLength(4);
    const rerun = drawLottery({
      seed: proof.data.seed,
      offeredShares: proof.data.offeredShares,
      lotSize: proof.data.lotSize,
      applications: proof.data.applications,
    });
    expect(rerun.winners).toEqual(proof.data.winners);
    expect(rerun.inputsDigest).toBe(proof.data.inputsDigest);
    expect(proof.data.winners.reduce((s, w) => s + w.allottedShares, 0)).toBe(1_500);
    expect(await shareState(id)).toBe('closed');

    const won = new Map(proof.data.winners.map((w) => [w.id, w.allottedShares]));
    const subOf = async (u: Session) => (await mySubs(u)).data.list[0]!;
    for (const u of users) {
      const sub = await subOf(u);
      const wonQuantity = won.get(sub.id) ?? 0;
      expect(sub.wonQuantity).toBe(wonQuantity);
      expect(sub.state).toBe(wonQuantity > 0 ? 'won' : 'not_won');
      // Only what was won stays frozen; the rest is released at once.
      expect((await userBalances(t.ctx.db, u.userId)).JPY.frozen.ipo).toBe(wonQuantity * 1_000);
      expect((await userBalances(t.ctx.db, u.userId)).JPY.available).toBe(10_000_000 - wonQuantity * 1_000);
    }
    const winning: Session[] = [];
    for (const u of users) if ((await subOf(u)).state === 'won') winning.push(u);
    expect(winning.length).toBeGreaterThanOrEqual(2);
    const [p, a, ...rest] = winning as [Session, Session, ...Session[]];

    // Pay: a wrong fund password moves nothing.
    const pSub = await subOf(p);
    const before = await snapshot(p.userId);
    const wrong = await api(
      t.app,
      '/trade/newstockPay',
      { type: 'jpy', id: pSub.id, fund_password: 'wrong999' },
      { session: p },
    );
    expect(wrong.msg).toBe('fund_password_wrong');
    expect(await snapshot(p.userId)).toEqual(before);
    const paid = await api<SubView>(
      t.app,
      '/trade/newstockPay',
      { type: 'jpy', id: pSub.id, fund_password: FUND_PASSWORD },
      { session: p },
    );
    expect(paid).toMatchObject({ status: 1, msg: 'purchase', data: { state: 'paid', status: 1 } });
    // Another user's subscription is not found; a second pay is refused.
    expect(
      (await api(t.app, '/trade/newstockAbstain', { type: 'jpy', id: pSub.id }, { session: a })).msg,
    ).toBe('not_found');
    expect(
      (await api(t.app, '/trade/newstockAbstain', { type: 'jpy', id: pSub.id }, { session: p })).msg,
    ).toBe('bad_request');

    // Abstain: released at once.
    const aSub = await subOf(a);
    const abstained = await api<SubView>(
      t.app,
      '/trade/newstockAbstain',
      { type: 'jpy', id: aSub.id },
      { session: a },
    );
    expect(abstained).toMatchObject({ status: 1, data: { state: 'waived', status: 0, rjmoney: '-' } });
    expect((await userBalances(t.ctx.db, a.userId)).JPY).toMatchObject({
      available: 10_000_000,
      frozen: expect.objectContaining({ ipo: 0 }),
    });

    // Unpaid at the deadline: failed and released by the job; paying after it is product_deadline.
    await advanceBy(DAY, users);
    for (const u of rest) {
      const sub = await subOf(u);
      expect(sub.state).toBe('failed');
      expect((await userBalances(t.ctx.db, u.userId)).JPY.available).toBe(10_000_000);
      const late = await api(
        t.app,
        '/trade/newstockPay',
        { type: 'jpy', id: sub.id, fund_password: FUND_PASSWORD },
        { session: u },
      );
      expect(late.msg).toBe('bad_request');
    }

    // Listing day: the paid win is a holding position at the subscription price (source ipo, 1×, long).
    await advanceBy(DAY, users);
    expect(await shareState(id)).toBe('listed');
    const final = await subOf(p);
    expect(final.state).toBe('allotted');
    const position = await t.ctx.db
      .selectFrom('positions')
      .selectAll()
      .where('id', '=', final.positionId!)
      .executeTakeFirstOrThrow();
    expect(position).toMatchObject({
      user_id: p.userId,
      code: share.body.code,
      state: 'holding',
      direction: 'long',
      leverage: 1,
      source: 'ipo',
      quantity: final.wonQuantity,
      margin_minor: final.wonQuantity * 1_000,
    });
    expect(Number(position.open_price)).toBe(1000);
    expect((await userBalances(t.ctx.db, p.userId)).JPY.frozen).toMatchObject({
      ipo: 0,
      order: final.wonQuantity * 1_000,
    });
    const open = await api<{ list: Array<{ code: string; nowprice: string }> }>(
      t.app,
      '/trade/userstocklist',
      { type: 'jpy' },
      { session: p },
    );
    expect(open.data.list.map((x) => x.code)).toContain(share.body.code);
    const info = await api<{ marketPrice: string | null; state: string }>(
      t.app,
      '/trade/newstockinfo',
      { type: 'jpy', id },
      { session: p },
    );
    expect(info.data.state).toBe('listed');
    expect(info.data.marketPrice).not.toBeNull();
    // Every movement is in the fund records; the messages tell each step.
    const kinds = await t.ctx.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('user_id', '=', p.userId)
      .where('kind', 'like', 'ipo_%')
      .execute();
    expect(kinds.map((k) => k.kind)).toContain('ipo_allot');
    const lottery = await t.ctx.db
      .selectFrom('messages')
      .select('template')
      .where('user_id', '=', p.userId)
      .where('kind', '=', 'lottery')
      .orderBy('id')
      .execute();
    expect(lottery.map((m) => (m.template as { key: string }).key)).toEqual([
      'ipo_won',
      'ipo_paid',
      'ipo_listed',
    ]);
    const declined = await t.ctx.db
      .selectFrom('messages')
      .select('template')
      .where('user_id', '=', a.userId)
      .where('kind', '=', 'lottery')
      .orderBy('id')
      .execute();
    expect(declined.map((m) => m.template)).toEqual([
      expect.objectContaining({ key: 'ipo_won' }),
      {
        key: 'ipo_waived',
        params: { code: { text: share.body.code }, amount: { money: aSub.wonAmount, currency: 'JPY' } },
      },
    ]);
  });
});

describe('settling in batches', () => {
  it('settles applications a few per statement with each one its own ledger transaction and message', async () => {
    const quantities = [100, 200, 300, 300, 100, 200, 300, 200, 100, 300, 200];
    const tickets = quantities.reduce((a, q) => a + q / 100, 0);
    const share = await listShare({ offeredQuantity: Math.floor(tickets / 2) * 100, maxQuantity: 300 });
    const id = share.body.id;
    const users: Session[] = [];
    for (const q of quantities) {
      const u = await investor();
      expect((await subscribe(u, id, q)).status).toBe(1);
      users.push(u);
    }
    const ctx: IpoContext = { ...t.ctx, trading: t.ctx.trading, marketData: t.ctx.marketData };
    const start = t.clock.now().getTime();
    const batch = { batch: 3 };
    const ledgerOf = (userId: number) =>
      t.ctx.db
        .selectFrom('ledger_transactions')
        .select(['kind'])
        .where('user_id', '=', userId)
        .where('kind', 'like', 'ipo_%')
        .orderBy('id')
        .execute()
        .then((rows) => rows.map((r) => r.kind));
    const lotteryKeys = (userId: number) =>
      t.ctx.db
        .selectFrom('messages')
        .select('template')
        .where('user_id', '=', userId)
        .where('kind', '=', 'lottery')
        .orderBy('id')
        .execute()
        .then((rows) => rows.map((m) => (m.template as { key: string }).key));

    expect(await advance(ctx, new Date(start + 2 * DAY + 1_000), batch)).toMatch(/drawn/);
    const subs = await t.ctx.db
      .selectFrom('ipo_subscriptions')
      .selectAll()
      .where('share_id', '=', id)
      .orderBy('id')
      .execute();
    expect(subs.reduce((a, s) => a + s.won_quantity, 0)).toBe(Math.floor(tickets / 2) * 100);
    const partial = subs.filter((s) => s.won_quantity > 0 && s.won_quantity < s.quantity);
    const lost = subs.filter((s) => s.won_quantity === 0);
    expect(partial.length).toBeGreaterThan(0);
    expect(lost.length).toBeGreaterThan(0);
    for (const [i, sub] of subs.entries()) {
      const u = users[i]!;
      expect(sub.user_id).toBe(u.userId);
      expect(sub.state).toBe(sub.won_quantity > 0 ? 'won' : 'not_won');
      expect(sub.won_minor).toBe(sub.won_quantity * 1_000);
      expect((await userBalances(t.ctx.db, u.userId)).JPY).toMatchObject({
        available: 10_000_000 - sub.won_quantity * 1_000,
        frozen: expect.objectContaining({ ipo: sub.won_quantity * 1_000 }),
      });
      const full = sub.won_quantity === sub.quantity;
      expect(await ledgerOf(u.userId)).toEqual(
        sub.won_quantity === 0
          ? ['ipo_freeze', 'ipo_release']
          : full
            ? ['ipo_freeze']
            : ['ipo_freeze', 'ipo_release', 'ipo_freeze'],
      );
      expect(await lotteryKeys(u.userId)).toEqual([sub.won_quantity > 0 ? 'ipo_won' : 'ipo_not_won']);
      const hold = await t.ctx.db
        .selectFrom('ledger_holds')
        .select(['state', 'amount_minor'])
        .where('id', '=', sub.hold_id!)
        .executeTakeFirstOrThrow();
      expect(hold).toEqual(
        sub.won_quantity > 0
          ? { state: 'held', amount_minor: sub.won_minor }
          : { state: 'released', amount_minor: sub.amount_minor },
      );
    }

    // Half the winners pay; the deadline fails the rest, listing day allots the paid.
    const winners = subs.filter((s) => s.won_quantity > 0);
    const payers = winners.filter((_, i) => i % 2 === 0);
    for (const sub of payers) {
      const u = users[subs.indexOf(sub)]!;
      const paid = await api(
        t.app,
        '/trade/newstockPay',
        { type: 'jpy', id: sub.id, fund_password: FUND_PASSWORD },
        { session: u },
      );
      expect(paid.status).toBe(1);
    }
    expect(await advance(ctx, new Date(start + 3 * DAY + 1_000), batch)).toMatch(/unpaid failed/);
    expect(await advance(ctx, new Date(start + 4 * DAY + 1_000), batch)).toContain(
      `listed (${payers.length} positions)`,
    );
    const after = await t.ctx.db
      .selectFrom('ipo_subscriptions')
      .selectAll()
      .where('share_id', '=', id)
      .orderBy('id')
      .execute();
    for (const [i, sub] of after.entries()) {
      const u = users[i]!;
      const paid = payers.some((p) => p.id === sub.id);
      expect(sub.state).toBe(sub.won_quantity === 0 ? 'not_won' : paid ? 'allotted' : 'failed');
      expect((await userBalances(t.ctx.db, u.userId)).JPY).toMatchObject({
        available: 10_000_000 - (paid ? sub.won_minor : 0),
        frozen: expect.objectContaining({ ipo: 0, order: paid ? sub.won_minor : 0 }),
      });
      if (sub.state === 'failed') expect((await ledgerOf(u.userId)).at(-1)).toBe('ipo_release');
      if (sub.state === 'failed') expect((await lotteryKeys(u.userId)).at(-1)).toBe('ipo_failed');
      if (paid) {
        expect((await ledgerOf(u.userId)).at(-1)).toBe('ipo_allot');
        expect(await lotteryKeys(u.userId)).toEqual(['ipo_won', 'ipo_paid', 'ipo_listed']);
        const position = await t.ctx.db
          .selectFrom('positions')
          .selectAll()
          .where('id', '=', sub.position_id!)
          .executeTakeFirstOrThrow();
        expect(position).toMatchObject({
          user_id: u.userId,
          source: 'ipo',
          source_id: sub.id,
          quantity: sub.won_quantity,
          margin_minor: sub.won_minor,
          state: 'holding',
        });
      }
    }
    const held = await t.ctx.db
      .selectFrom('ledger_holds')
      .select('id')
      .where('ref_type', '=', 'ipo_subscription')
      .where(
        'ref_id',
        'in',
        after.map((s) => s.id),
      )
      .where('state', '=', 'held')
      .execute();
    expect(held).toEqual([]);
  });
});

describe('the demo', () => {
  it('seeds new shares in every state on the first start only', async () => {
    const demo = await createTestApp();
    try {
      const ctx: IpoContext = { ...demo.ctx, trading: demo.ctx.trading, marketData: demo.ctx.marketData };
      await seedDemoShares(ctx);
      await seedDemoShares(ctx);
      const rows = await demo.ctx.db
        .selectFrom('new_shares')
        .select(['code', 'market', 'state'])
        .orderBy('id')
        .execute();
      expect(rows.filter((r) => r.market === 'jpy').map((r) => r.state)).toEqual([
        'upcoming',
        'subscribing',
        'closed',
        'listed',
      ]);
      expect(rows.map((r) => r.market)).toEqual(expect.arrayContaining(['usd', 'cny']));
      expect(demo.ctx.market.quote('5593')).not.toBeNull();
      expect(await demo.ctx.db.selectFrom('ipo_draws').select('share_id').execute()).toHaveLength(2);
      // At a start, a node whose market does not know the listed share yet lists it again.
      const relisted: Array<{ code: string; referencePrice: string }> = [];
      const fresh: IpoContext = {
        ...ctx,
        market: Object.assign(Object.create(ctx.market), { instrument: () => null }),
        marketData: { ...ctx.marketData, list: (spec) => void relisted.push(spec) },
      };
      expect(await relistAll(fresh)).toBe(1);
      const first = await demo.ctx.db
        .selectFrom('new_shares')
        .select('first_price')
        .where('code', '=', '5593')
        .executeTakeFirstOrThrow();
      expect(relisted).toEqual([
        expect.objectContaining({ code: '5593', referencePrice: roundToTick('jpy', first.first_price!) }),
      ]);
    } finally {
      await demo.close();
    }
  });
});
