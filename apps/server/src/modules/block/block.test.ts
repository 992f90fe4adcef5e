import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, type Session, setFundPassword, TEST_DATABASE_URL, type TestApp } from '../../../test/helpers';
import { checkInvariant, userBalances } from '../../ledger/ledger';
import { decide, operatorToken, reviewList } from '../identity/testing';
import { FUND_PASSWORD } from '../money/testing';
import { CODES, createTradingApp, fundedUser, type PositionAnswer, tick } from '../trading/testing';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTradingApp();
});
beforeEach(async () => {
  token = await operatorToken(t);
});
afterEach(async () => {
  expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
});
afterAll(() => t.close());

interface Product {
  id: number;
  code: string;
  price: string;
  minLots: number;
  totalLots: number;
  remainingLots: number;
  state: string;
  marketPrice: string | null;
}
interface Application {
  id: number;
  orderNo: string;
  lots: number;
  amount: string;
  credit: string;
  status: number;
  state: string;
  reason: string | null;
  positionId: number | null;
}

const HOUR = 3_600_000;

async function adminPost(url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** Lists a product through the back-office API: Toyota at ¥2,700.0 (the market is ¥2,850.0). */
async function listProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
  const now = t.clock.now().getTime();
  const res = await adminPost('/api/admin/block/products', {
    code: CODES.jpy,
    market: 'jpy',
    price: '2700.0',
    minLots: 100,
    totalLots: 1_000,
    startsAt: new Date(now - HOUR).toISOString(),
    endsAt: new Date(now + 24 * HOUR).toISOString(),
    ...overrides,
  });
  expect(res.status).toBe(200);
  return res.body as unknown as Product;
}

/** A user with a fund password and ¥1,000,000. */
async function investor(minor = 1_000_000): Promise<Session> {
  const session = await fundedUser(t, 'JPY', minor);
  await setFundPassword(t.app, session, FUND_PASSWORD);
  return session;
}

const apply = (session: Session, body: Record<string, unknown>, headers?: Record<string, string>) =>
  api<Application>(
    t.app,
    '/trade/blockApply',
    { type: 'jpy', fund_password: FUND_PASSWORD, ...body },
    { session, ...(headers ? { headers } : {}) },
  );

async function snapshot(userId: number, productId: number) {
  const [apps, ledger, product, reviews] = await Promise.all([
    t.ctx.db.selectFrom('block_applications').select('id').where('user_id', '=', userId).execute(),
    t.ctx.db.selectFrom('ledger_transactions').select('id').where('user_id', '=', userId).execute(),
    t.ctx.db
      .selectFrom('block_products')
      .select('remaining_lots')
      .where('id', '=', productId)
      .executeTakeFirst(),
    t.ctx.db.selectFrom('reviews').select('id').where('user_id', '=', userId).execute(),
  ]);
  return {
    balances: await userBalances(t.ctx.db, userId),
    applications: apps.length,
    ledger: ledger.length,
    remaining: product?.remaining_lots,
    reviews: reviews.length,
  };
}

async function reviewId(applicationId: number) {
  const item = (await reviewList(t, token, 'block')).list.find((i) => i.id === applicationId);
  expect(item).toBeDefined();
  return item!;
}

describe('block products in the back office (SPEC §6.5, §9)', () => {
  it('lists a product with its window state, and refuses an unknown stock, a bad window and a minimum above the quota', async () => {
    const product = await listProduct();
    expect(product).toMatchObject({ price: '2700.0', minLots: 100, remainingLots: 1_000, state: 'open' });
    const now = t.clock.now().getTime();
    const window = { startsAt: new Date(now).toISOString(), endsAt: new Date(now + HOUR).toISOString() };
    const base = { code: CODES.jpy, price: '2700.0', minLots: 1, totalLots: 10, ...window };
    expect((await adminPost('/api/admin/block/products', { ...base, code: 'NOPE' })).body).toMatchObject({
      error: 'code_unknown',
      field: 'code',
    });
    expect(
      (await adminPost('/api/admin/block/products', { ...base, endsAt: window.startsAt })).body,
    ).toMatchObject({ error: 'ends_before_start', field: 'endsAt' });
    expect((await adminPost('/api/admin/block/products', { ...base, minLots: 11 })).body).toMatchObject({
      field: 'minLots',
    });
    expect((await adminPost('/api/admin/block/products', { ...base, market: 'usd' })).body).toMatchObject({
      field: 'market',
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/block/products',
      headers: { authorization: `Bearer ${token}` },
    });
    expect((listed.json() as { list: Product[] }).list.some((p) => p.id === product.id)).toBe(true);
    const inJapanese = await t.app.inject({
      method: 'GET',
      url: '/api/admin/block/products?language=jp',
      headers: { authorization: `Bearer ${token}` },
    });
    const named = (inJapanese.json() as { list: Array<Product & { name: string }> }).list.find(
      (p) => p.id === product.id,
    );
    expect(named?.name).toBe(t.ctx.market.instrument(CODES.jpy)?.name.jp);
  });

  it('refuses a block price outside the configured band around the market price, and follows the setting', async () => {
    const market = Number(t.ctx.market.quote(CODES.jpy)!.price);
    const now = t.clock.now().getTime();
    const base = {
      code: CODES.jpy,
      minLots: 1,
      totalLots: 10,
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + HOUR).toISOString(),
    };
    const priced = (fraction: number) => (Math.floor(market * fraction * 10) / 10).toFixed(1);
    const before = await t.ctx.db
      .selectFrom('block_products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // 94.8 % under the market: refused, naming the price.
    expect(await adminPost('/api/admin/block/products', { ...base, price: priced(0.052) })).toMatchObject({
      status: 400,
      body: { error: 'price_out_of_band', field: 'price' },
    });
    expect(await adminPost('/api/admin/block/products', { ...base, price: priced(1.35) })).toMatchObject({
      body: { error: 'price_out_of_band' },
    });
    const after = await t.ctx.db
      .selectFrom('block_products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
    expect((await adminPost('/api/admin/block/products', { ...base, price: priced(0.75) })).status).toBe(200);
    // A wider band set by an operator lets a deeper discount through.
    const saved = t.ctx.config.blockPriceBandPercent;
    t.ctx.config.blockPriceBandPercent = 60;
    try {
      expect((await adminPost('/api/admin/block/products', { ...base, price: priced(0.5) })).status).toBe(
        200,
      );
    } finally {
      t.ctx.config.blockPriceBandPercent = saved;
    }
  });

  it('changes a listed product with a reason: price, quota and end; the quota never drops below the lots taken; audited', async () => {
    const product = await listProduct();
    const user = await investor(10_000_000);
    const applied = await apply(user, { id: product.id, lots: '300' });
    expect(applied.status).toBe(1);
    const noReason = await adminPost(`/api/admin/block/products/${product.id}`, { price: '2710.0' });
    expect(noReason).toMatchObject({ status: 400, body: { field: 'reason' } });
    expect(
      await adminPost(`/api/admin/block/products/${product.id}`, { totalLots: 200, reason: 'smaller quota' }),
    ).toMatchObject({ status: 400, body: { error: 'below_taken', field: 'totalLots' } });
    const changed = await adminPost(`/api/admin/block/products/${product.id}`, {
      price: '2710.0',
      totalLots: 500,
      reason: 'repriced with the seller',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ price: '2710.0', totalLots: 500, remainingLots: 200 });
    // The pending application keeps the price it was held at.
    const held = await t.ctx.db
      .selectFrom('block_applications')
      .select('price')
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(Number(held.price)).toBe(2700);
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'block_product_update')
      .where('target_id', '=', String(product.id))
      .executeTakeFirstOrThrow();
    expect(entry.reason).toBe('repriced with the seller');
    expect(entry.details).toMatchObject({
      before: { price: '2700.0', totalLots: 1_000 },
      after: { totalLots: 500 },
    });
    expect(
      await adminPost('/api/admin/block/products/999999', { price: '2710.0', reason: 'x' }),
    ).toMatchObject({
      status: 404,
    });
  });

  it('closes a product early with a reason: no application lands after it, the pending one stays to review', async () => {
    const product = await listProduct();
    const first = await investor(10_000_000);
    expect((await apply(first, { id: product.id, lots: '100' })).status).toBe(1);
    const closed = await adminPost(`/api/admin/block/products/${product.id}/close`, {
      reason: 'seller withdrew',
    });
    expect(closed).toMatchObject({ status: 200, body: { state: 'closed' } });
    const second = await investor(10_000_000);
    expect((await apply(second, { id: product.id, lots: '100' })).status).toBe(0);
    expect(
      await adminPost(`/api/admin/block/products/${product.id}/close`, { reason: 'again' }),
    ).toMatchObject({
      status: 409,
      body: { error: 'product_closed' },
    });
    expect(
      await adminPost(`/api/admin/block/products/${product.id}`, { price: '2710.0', reason: 'late' }),
    ).toMatchObject({ status: 409, body: { error: 'product_closed' } });
    expect((await reviewList(t, token, 'block')).list.some((i) => i.account === first.account)).toBe(true);
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .select(['reason'])
      .where('action', '=', 'block_product_close')
      .where('target_id', '=', String(product.id))
      .executeTakeFirstOrThrow();
    expect(entry.reason).toBe('seller withdrew');
  });

  it('moves states from the window by the jobs runner', async () => {
    const now = t.clock.now().getTime();
    const product = await listProduct({
      startsAt: new Date(now + HOUR).toISOString(),
      endsAt: new Date(now + 2 * HOUR).toISOString(),
    });
    const stored = () =>
      t.ctx.db
        .selectFrom('block_products')
        .select('state')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
    expect((await stored()).state).toBe('upcoming');
    t.clock.advance(HOUR + 60_000);
    await t.ctx.jobs.runDue();
    expect((await stored()).state).toBe('open');
    t.clock.advance(HOUR);
    await t.ctx.jobs.runDue();
    expect((await stored()).state).toBe('closed');
  });
});

describe('block applications refused (SPEC §6.5, §7): each answers its key and moves nothing', () => {
  it('refuses below the minimum, no lots, a wrong fund password, an unknown product and too little money', async () => {
    const product = await listProduct();
    const session = await investor(100_000);
    const before = await snapshot(session.userId, product.id);
    expect((await apply(session, { id: product.id, lots: 99 })).msg).toBe('amount_below_min');
    expect((await apply(session, { id: product.id, lots: '' })).msg).toBe('quantity_invalid');
    expect((await apply(session, { id: product.id, lots: 100, fund_password: 'wrong999' })).msg).toBe(
      'fund_password_wrong',
    );
    expect((await apply(session, { id: 999_999, lots: 100 })).msg).toBe('product_missing');
    // ¥270,000 needed, ¥100,000 available.
    expect((await apply(session, { id: product.id, lots: 100 })).msg).toBe('balance_insufficient');
    expect(await snapshot(session.userId, product.id)).toEqual(before);
  });

  it('refuses outside the window (block_closed), before it opens and after it ends', async () => {
    const now = t.clock.now().getTime();
    const upcoming = await listProduct({
      startsAt: new Date(now + HOUR).toISOString(),
      endsAt: new Date(now + 2 * HOUR).toISOString(),
    });
    const ending = await listProduct({ endsAt: new Date(now + 60_000).toISOString() });
    const session = await investor();
    const before = await snapshot(session.userId, upcoming.id);
    expect((await apply(session, { id: upcoming.id, lots: 100 })).msg).toBe('block_closed');
    t.clock.advance(60_000);
    expect((await apply(session, { id: ending.id, lots: 100 })).msg).toBe('block_closed');
    expect(await snapshot(session.userId, upcoming.id)).toEqual(before);
  });

  it('refuses past the remaining quota (quota_insufficient)', async () => {
    const product = await listProduct({ totalLots: 300 });
    const first = await investor();
    expect((await apply(first, { id: product.id, lots: 200 })).status).toBe(1);
    const session = await investor();
    const before = await snapshot(session.userId, product.id);
    expect((await apply(session, { id: product.id, lots: 101 })).msg).toBe('quota_insufficient');
    expect(await snapshot(session.userId, product.id)).toEqual(before);
    expect((await apply(session, { id: product.id, lots: 100 })).status).toBe(1);
  });

  it('refuses a frozen account and moves nothing', async () => {
    const product = await listProduct();
    const session = await investor();
    await t.ctx.db
      .updateTable('users')
      .set({ frozen: true, flag_reason: 'check' })
      .where('id', '=', session.userId)
      .execute();
    t.ctx.sessions.forgetUser(session.userId);
    const before = await snapshot(session.userId, product.id);
    expect((await apply(session, { id: product.id, lots: 100 })).msg).toBe('account_blocked');
    expect(await snapshot(session.userId, product.id)).toEqual(before);
  });
});

describe('a block application from apply to position', () => {
  it('freezes block price × lots once per Idempotency-Key, shows it pending in ustockslist, and approves into a holding position at the block price', async () => {
    const product = await listProduct();
    const session = await investor();
    const headers = { 'Idempotency-Key': `block-${session.userId}` };
    const applied = await apply(session, { id: product.id, lots: 100 }, headers);
    expect(applied).toMatchObject({
      status: 1,
      msg: 'purchase',
      data: { state: 'pending', status: 0, lots: 100, amount: '270000', credit: '270000' },
    });
    const again = await apply(session, { id: product.id, lots: 100 }, headers);
    expect(again.data.id).toBe(applied.data.id);
    const held = (await userBalances(t.ctx.db, session.userId)).JPY;
    expect(held).toMatchObject({ available: 730_000, frozen: { block: 270_000 } });
    expect((await snapshot(session.userId, product.id)).remaining).toBe(900);

    // The seed's list: pending items (status 0) sum to the funds frozen for block trades.
    const list = await api<Application[]>(t.app, '/trade/ustockslist', { type: 'jpy' }, { session });
    const pendingCredit = list.data
      .filter((a) => a.status === 0)
      .reduce((sum, a) => sum + Number(a.credit), 0);
    expect(pendingCredit).toBe(270_000);
    const summary = await api<{ current: { frozenByPurpose: Record<string, string> } }>(
      t.app,
      '/user/summary',
      { type: 'jpy' },
      { session },
    );
    expect(Number(summary.data.current.frozenByPurpose.block)).toBe(pendingCredit);
    const info = await api<{ product: Product; applications: Application[] }>(
      t.app,
      '/trade/blockinfo',
      { type: 'jpy', id: product.id },
      { session },
    );
    expect(info.data.product).toMatchObject({ remainingLots: 900, marketPrice: '2850.0' });
    expect(info.data.applications.map((a) => a.id)).toEqual([applied.data.id]);

    const item = await reviewId(applied.data.id);
    expect(item.details).toMatchObject({ code: CODES.jpy, lots: 100, price: '2700.0', amount: '270000' });
    expect(await decide(t, token, 'block', applied.data.id, 'approve')).toBe(200);

    const detail = await api<Application>(
      t.app,
      '/trade/blockApplyInfo',
      { type: 'jpy', id: applied.data.id },
      { session },
    );
    expect(detail.data).toMatchObject({ state: 'approved', status: 1 });
    expect((await userBalances(t.ctx.db, session.userId)).JPY).toMatchObject({
      available: 730_000,
      frozen: { block: 0, order: 270_000 },
    });
    const open = await api<{ list: PositionAnswer[] }>(
      t.app,
      '/trade/userstocklist',
      { type: 'jpy' },
      { session },
    );
    const position = open.data.list.find((p) => p.id === detail.data.positionId)!;
    expect(position).toMatchObject({
      state: 'holding',
      openPrice: '2700.0',
      buy_price: '2700.0',
      stock_num: 100,
      margin: '270000',
      nowprice: '2850.0',
      yingkui: '15000',
    });
    expect((position as unknown as { source: string; leverage: number }).source).toBe('block');

    // Marked to market, and closed under the normal rules.
    await tick(t, CODES.jpy, '2900.0');
    const marked = await api<PositionAnswer>(
      t.app,
      '/trade/positionInfo',
      { type: 'jpy', id: position.id },
      { session },
    );
    expect(marked.data.yingkui).toBe('20000');
    const closed = await api<PositionAnswer>(t.app, '/trade/close', { id: position.id }, { session });
    expect(closed).toMatchObject({ status: 1, data: { state: 'closed', realisedPnl: '20000' } });
    const after = (await userBalances(t.ctx.db, session.userId)).JPY;
    expect(after.frozen.order ?? 0).toBe(0);
    expect(after.available).toBeGreaterThan(1_000_000);
    await tick(t, CODES.jpy, '2850.0');

    const inbox = await api<{ list: Array<{ title: string }> }>(t.app, '/user/messageList', {}, { session });
    expect(inbox.data.list.some((m) => /ブロック取引が承認/.test(m.title))).toBe(true);
  });

  it('rejects with a reason: releases the funds and returns the lots to the quota', async () => {
    const product = await listProduct();
    const session = await investor();
    const applied = await apply(session, { id: product.id, lots: 300 });
    expect(applied.status).toBe(1);
    expect((await snapshot(session.userId, product.id)).remaining).toBe(700);
    expect(await decide(t, token, 'block', applied.data.id, 'reject')).toBe(400);
    expect(await decide(t, token, 'block', applied.data.id, 'reject', 'allocation full')).toBe(200);
    expect(await decide(t, token, 'block', applied.data.id, 'approve')).toBe(409);
    expect((await userBalances(t.ctx.db, session.userId)).JPY).toMatchObject({
      available: 1_000_000,
      frozen: { block: 0 },
    });
    expect((await snapshot(session.userId, product.id)).remaining).toBe(1_000);
    const detail = await api<Application>(
      t.app,
      '/trade/blockApplyInfo',
      { type: 'jpy', id: applied.data.id },
      { session },
    );
    expect(detail.data).toMatchObject({
      state: 'rejected',
      status: 2,
      reason: 'allocation full',
      positionId: null,
    });
    const inbox = await api<{ list: Array<{ title: string }> }>(t.app, '/user/messageList', {}, { session });
    expect(inbox.data.list.some((m) => /承認されませんでした/.test(m.title))).toBe(true);
  });
});

describe('an allotted position is an ordinary position', () => {
  it('is watched for stop-out from the approval on', async () => {
    const product = await listProduct();
    const session = await investor();
    const applied = await apply(session, { id: product.id, lots: 100 });
    expect(await decide(t, token, 'block', applied.data.id, 'approve')).toBe(200);
    const { positionId } = (
      await api<Application>(
        t.app,
        '/trade/blockApplyInfo',
        { type: 'jpy', id: applied.data.id },
        { session },
      )
    ).data;
    // A loss of 80 % of the ¥270,000 margin: the price falls ¥2,160 below the block price.
    await tick(t, CODES.jpy, '500.0');
    const row = await t.ctx.db
      .selectFrom('positions')
      .select(['state', 'close_reason'])
      .where('id', '=', positionId!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'closed', close_reason: 'stop_out' });
    await tick(t, CODES.jpy, '2850.0');
  });
});

describe('the quota under concurrent applications', () => {
  it(`never over-subscribes a product (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const product = await listProduct({ totalLots: 1_000 });
    const users = await Promise.all(Array.from({ length: 16 }, () => investor()));
    const answers = await Promise.all(users.map((session) => apply(session, { id: product.id, lots: 100 })));
    const accepted = answers.filter((a) => a.status === 1);
    expect(accepted).toHaveLength(10);
    expect(answers.filter((a) => a.status === 0).every((a) => a.msg === 'quota_insufficient')).toBe(true);
    const row = await t.ctx.db
      .selectFrom('block_products')
      .select('remaining_lots')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.remaining_lots).toBe(0);
    const held = await sql<{ n: string; total: string }>`
      SELECT count(*)::text AS n, coalesce(sum(amount_minor), 0)::text AS total
      FROM ledger_holds WHERE purpose = 'block' AND state = 'held'
        AND ref_id IN (SELECT id FROM block_applications WHERE product_id = ${product.id})`.execute(t.ctx.db);
    expect(held.rows[0]).toEqual({ n: '10', total: String(10 * 270_000) });
  });
});
