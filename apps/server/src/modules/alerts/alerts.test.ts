import { ALERT_LIMIT, type Alert } from '@kabuto/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, registerUser, type Session, TEST_NOW, type TestApp } from '../../../test/helpers';
import { CODES, createTradingApp } from '../trading/testing';

/**
 * SPEC §13.3 price alerts on a real database. Toyota (7203) starts at ¥2,850.0, its previous
 * close; TEST_NOW is a Tuesday 10:00 in Tokyo. Prices move only when a test ingests a tick, and
 * each tick waits for the fires it caused to be written.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTradingApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  await tick(CODES.jpy, '2850.0');
});

/** Moves a price at the test clock's time and waits for the alerts it fires to be written. */
async function tick(code: string, price: string): Promise<void> {
  const instrument = t.ctx.market.instrument(code);
  if (!instrument) throw new Error(`unknown code ${code}`);
  t.ctx.market.ingest({
    code,
    market: instrument.market,
    price,
    volume: 100,
    time: t.clock.now().toISOString(),
  });
  await t.app.alerts.watcher.idle();
}

const add = (session: Session, body: Record<string, unknown>) =>
  api<Alert>(t.app, '/user/alertAdd', { code: CODES.jpy, ...body }, { session });
const edit = (session: Session, body: Record<string, unknown>) =>
  api<Alert>(t.app, '/user/alertEdit', body, { session });
const remove = (session: Session, id: number) => api(t.app, '/user/alertDelete', { id }, { session });
const list = (session: Session, body: Record<string, unknown> = {}) =>
  api<{ list: Alert[]; limit: number }>(t.app, '/user/alertList', body, { session });

/** The user's alert messages, oldest first: which catalogue text and its figures. */
async function alertMessages(userId: number) {
  const rows = await t.ctx.db
    .selectFrom('messages')
    .select(['template', 'body'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'alert')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ key: row.template?.key, params: row.template?.params, body: row.body }));
}

async function fires(alertId: number) {
  return t.ctx.db
    .selectFrom('alert_fires')
    .select(['generation', 'period', 'price'])
    .where('alert_id', '=', alertId)
    .orderBy('generation')
    .orderBy('period')
    .execute();
}

/** Everything a refused call must leave unchanged: the user's alert rows as stored. */
const stored = (userId: number) =>
  t.ctx.db.selectFrom('price_alerts').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('the alert list', () => {
  it('adds, lists (all or one stock), edits and deletes an investor’s alerts', async () => {
    const user = await registerUser(t.app);
    const above = await add(user, { kind: 'above', value: '3000', repeat: 'daily' });
    expect(above).toMatchObject({
      status: 1,
      data: {
        code: '7203',
        name: t.ctx.market.instrument('7203')!.name.jp,
        market: 'jpy',
        kind: 'above',
        value: '3000.0',
        repeat: 'daily',
        active: true,
        firedAt: null,
        firedPrice: null,
      },
    });
    const rise = await add(user, { code: CODES.usd, kind: 'rise', value: '2.5' });
    expect(rise.data).toMatchObject({ code: 'AAPL', kind: 'rise', value: '2.50', repeat: 'once' });

    const all = await list(user);
    expect(all.data.limit).toBe(ALERT_LIMIT);
    expect(all.data.list.map((a) => a.id)).toEqual([rise.data.id, above.data.id]);
    expect((await list(user, { code: 'AAPL' })).data.list.map((a) => a.id)).toEqual([rise.data.id]);

    const edited = await edit(user, { id: above.data.id, kind: 'below', value: '2700.5', repeat: 'once' });
    expect(edited.data).toMatchObject({ id: above.data.id, kind: 'below', value: '2700.5', repeat: 'once' });
    const row = (await stored(user.userId)).find((r) => r.id === above.data.id)!;
    expect(row.generation).toBe(2);

    expect((await remove(user, above.data.id)).status).toBe(1);
    expect((await list(user)).data.list.map((a) => a.id)).toEqual([rise.data.id]);
    expect(t.app.alerts.watcher.stats().watching).toBeGreaterThanOrEqual(1);
  });

  it('refuses every bad input with its key and stores nothing', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const kept = await add(user, { kind: 'above', value: '3000.0' });
    const theirs = await add(other, { kind: 'below', value: '2000.0' });
    const before = await stored(user.userId);
    const theirsBefore = await stored(other.userId);

    const refusals: Array<[Promise<{ status: number; msg: string; data: unknown }>, string, string]> = [
      [add(user, { code: 'NOPE', kind: 'above', value: '3000' }), 'not_found', 'code'],
      [add(user, { kind: 'above', value: '0' }), 'bad_request', 'value'],
      [add(user, { kind: 'below', value: '2850.05' }), 'bad_request', 'value'],
      [add(user, { code: CODES.usd, kind: 'above', value: '228.505' }), 'bad_request', 'value'],
      [add(user, { kind: 'rise', value: '0' }), 'bad_request', 'value'],
      [add(user, { kind: 'fall', value: '100.01' }), 'bad_request', 'value'],
      [add(user, { kind: 'rise', value: '250' }), 'bad_request', 'value'],
      [add(user, { kind: 'rise', value: '-5' }), 'bad_request', 'value'],
      [add(user, { kind: 'sideways', value: '5' }), 'bad_request', 'kind'],
      [add(user, { kind: 'above', value: '3000', repeat: 'hourly' }), 'bad_request', 'repeat'],
      [edit(user, { id: kept.data.id, kind: 'rise', value: '101', repeat: 'once' }), 'bad_request', 'value'],
      [edit(user, { id: theirs.data.id, kind: 'above', value: '3000', repeat: 'once' }), 'not_found', 'id'],
      [edit(user, { id: 99_999_999, kind: 'above', value: '3000', repeat: 'once' }), 'not_found', 'id'],
      [remove(user, theirs.data.id), 'not_found', 'id'],
    ];
    for (const [call, key, field] of refusals) {
      const answer = await call;
      expect({ status: answer.status, msg: answer.msg, data: answer.data }).toMatchObject({
        status: 0,
        msg: key,
        data: { field },
      });
    }
    expect(await stored(user.userId)).toEqual(before);
    expect(await stored(other.userId)).toEqual(theirsBefore);
  });

  it(`refuses the ${ALERT_LIMIT + 1}st alert with alert_limit`, async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < ALERT_LIMIT; i++) {
      const answer = await add(user, { kind: 'above', value: String(3000 + i) });
      expect(answer.status).toBe(1);
    }
    const before = await stored(user.userId);
    expect(await add(user, { kind: 'above', value: '4000' })).toMatchObject({
      status: 0,
      msg: 'alert_limit',
      data: { limit: ALERT_LIMIT },
    });
    expect(await stored(user.userId)).toEqual(before);
    // Room again once one goes.
    expect((await remove(user, before[0]!.id)).status).toBe(1);
    expect((await add(user, { kind: 'above', value: '4000' })).status).toBe(1);
  });
});

describe('firing (once)', () => {
  it.each([
    // kind, value, a price just short of it, the price that meets it
    ['above', '2900.0', '2899.9', '2900.0'],
    ['below', '2800.0', '2800.1', '2800.0'],
    // +5 % of the ¥2,850.0 close is ¥2,992.5; −3 % is ¥2,764.5.
    ['rise', '5', '2992.4', '2992.5'],
    ['fall', '3', '2764.6', '2764.5'],
  ])('%s %s fires on the first tick that meets it, once', async (kind, value, short, meets) => {
    const user = await registerUser(t.app);
    const alert = await add(user, { kind, value });
    await tick(CODES.jpy, short);
    expect(await alertMessages(user.userId)).toEqual([]);

    await tick(CODES.jpy, meets);
    const sent = await alertMessages(user.userId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      key: `alert_${kind}`,
      params: {
        code: { text: '7203' },
        name: { text: t.ctx.market.instrument('7203')!.name.jp },
        price: { price: meets },
      },
    });
    expect(sent[0]!.body.jp).toContain(t.ctx.market.instrument('7203')!.name.jp);
    const [row] = await stored(user.userId);
    expect(row).toMatchObject({ active: false, fired_price: expect.stringMatching(new RegExp(`^${meets}`)) });
    expect(await fires(alert.data.id)).toEqual([
      { generation: 1, period: 'once', price: expect.any(String) },
    ]);
    expect((await list(user)).data.list[0]).toMatchObject({ active: false, firedPrice: meets });

    // Further ticks past it, back and forth, send nothing more.
    await tick(CODES.jpy, '2850.0');
    await tick(CODES.jpy, meets);
    expect(await alertMessages(user.userId)).toHaveLength(1);
  });

  it('names the day’s change of a rise or fall alert in its message', async () => {
    const user = await registerUser(t.app);
    await add(user, { kind: 'fall', value: '2.5' });
    await tick(CODES.jpy, '2700.0');
    const [sent] = await alertMessages(user.userId);
    // (2,850.0 − 2,700.0) / 2,850.0 = 5.26 %.
    expect(sent?.params).toMatchObject({ change: { text: '5.26' }, value: { text: '2.50' } });
    expect(sent?.body.us).toContain('is down 5.26% today at 2,700.0, reaching your alert of −2.50%');
  });

  it('an edited alert watches again and fires again', async () => {
    const user = await registerUser(t.app);
    const alert = await add(user, { kind: 'above', value: '2900.0' });
    await tick(CODES.jpy, '2950.0');
    expect(await alertMessages(user.userId)).toHaveLength(1);

    const edited = await edit(user, { id: alert.data.id, kind: 'above', value: '2960.0', repeat: 'once' });
    expect(edited.data).toMatchObject({ active: true, firedAt: null });
    await tick(CODES.jpy, '2955.0');
    expect(await alertMessages(user.userId)).toHaveLength(1);
    await tick(CODES.jpy, '2961.0');
    expect(await alertMessages(user.userId)).toHaveLength(2);
    expect((await fires(alert.data.id)).map((f) => [f.generation, f.period])).toEqual([
      [1, 'once'],
      [2, 'once'],
    ]);
  });

  it('a deleted alert never fires', async () => {
    const user = await registerUser(t.app);
    const alert = await add(user, { kind: 'below', value: '2800.0' });
    await remove(user, alert.data.id);
    await tick(CODES.jpy, '2700.0');
    expect(await alertMessages(user.userId)).toEqual([]);
    expect(await fires(alert.data.id)).toEqual([]);
  });

  it('an alert deleted or added behind this node’s back: dropped when it triggers, found by the poll', async () => {
    const user = await registerUser(t.app);
    const gone = await add(user, { kind: 'below', value: '2800.0' });
    // As another node would: straight in the database, without telling this one.
    await sql`DELETE FROM price_alerts WHERE id = ${gone.data.id}`.execute(t.ctx.db);
    const now = t.clock.now();
    const { rows } = await sql<{ id: number }>`
      INSERT INTO price_alerts (user_id, code, kind, value, repeat, created_at, updated_at)
      VALUES (${user.userId}, '7203', 'below', 2790, 'once', ${now}, ${now}) RETURNING id`.execute(t.ctx.db);
    const unseen = rows[0]!.id;

    await tick(CODES.jpy, '2780.0');
    expect(await alertMessages(user.userId)).toEqual([]);
    expect(await t.app.alerts.watcher.poll()).toBeGreaterThanOrEqual(1);
    await tick(CODES.jpy, '2850.0');
    await tick(CODES.jpy, '2780.0');
    expect((await alertMessages(user.userId)).map((m) => m.key)).toEqual(['alert_below']);
    expect((await fires(unseen)).length).toBe(1);
  });
});

describe('daily alerts and the trading day', () => {
  const TUESDAY_LATE = '2026-11-17T13:00:00.000Z'; // 22:00 in Tokyo, still Tuesday
  const WEDNESDAY = '2026-11-18T01:00:00.000Z';
  const THURSDAY = '2026-11-19T01:00:00.000Z';

  it('fires at most once a trading day, again on the next one', async () => {
    const user = await registerUser(t.app);
    const alert = await add(user, { kind: 'above', value: '2900.0', repeat: 'daily' });
    await tick(CODES.jpy, '2950.0');
    await tick(CODES.jpy, '2960.0');
    t.clock.set(TUESDAY_LATE);
    await tick(CODES.jpy, '2970.0');
    expect(await alertMessages(user.userId)).toHaveLength(1);
    expect((await stored(user.userId))[0]).toMatchObject({ active: true });

    t.clock.set(WEDNESDAY);
    await tick(CODES.jpy, '2940.0');
    await tick(CODES.jpy, '2945.0');
    expect(await alertMessages(user.userId)).toHaveLength(2);
    expect((await fires(alert.data.id)).map((f) => f.period)).toEqual(['2026-11-17', '2026-11-18']);
  });

  it('rise / fall thresholds follow the new previous close', async () => {
    t.clock.set(THURSDAY);
    // Thursday's first tick: the close before it (Wednesday's last price) is the base.
    await tick(CODES.jpy, '2900.0');
    const base = t.ctx.market.quote(CODES.jpy)!.previousClose;
    const user = await registerUser(t.app);
    await add(user, { kind: 'rise', value: '10' });
    const friday = '2026-11-20T01:00:00.000Z';
    t.clock.set(friday);
    // Added on Thursday over a close of ¥2,850.0, it would fire at ¥3,135.0; Friday's base is
    // Thursday's last price, ¥2,900.0, so +10 % is ¥3,190.0.
    expect(base).toBe('2850.0');
    await tick(CODES.jpy, '3150.0');
    expect(await alertMessages(user.userId)).toEqual([]);
    await tick(CODES.jpy, '3190.0');
    expect((await alertMessages(user.userId)).map((m) => m.params?.change)).toEqual([{ text: '10.00' }]);
  });
});
