import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  fund,
  registerUser,
  type Session,
  setFundPassword,
  type TestApp,
} from '../../test/helpers';
import { userBalances } from '../ledger/ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function funded(): Promise<Session> {
  const session = await registerUser(t.app);
  await setFundPassword(t.app, session);
  await fund(t.ctx, session.userId, 'JPY', 1_000_000);
  return session;
}

const exchange = (session: Session, key: string, amount = '10000') =>
  api(
    t.app,
    '/user/exchange',
    { type: 'jpy', from: 'JPY', to: 'USD', amount, fund_password: 'fund1234' },
    { session, headers: { 'Idempotency-Key': key } },
  );

const exchanges = async (userId: number) =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*)::text AS n FROM exchanges WHERE user_id = ${userId}`.execute(
        t.ctx.db,
      )
    ).rows[0]!.n,
  );

describe('Idempotency-Key (SPEC §8): the answer is stored with the business write', () => {
  it('replays the first answer to a repeat, applied once', async () => {
    const session = await funded();
    const first = await exchange(session, 'once');
    expect(first.status).toBe(1);
    const again = await exchange(session, 'once');
    expect(again).toEqual(first);
    expect(await exchanges(session.userId)).toBe(1);
  });

  it('gives concurrent duplicates the first answer, applied once', async () => {
    const session = await funded();
    const answers = await Promise.all(Array.from({ length: 5 }, () => exchange(session, 'together')));
    expect(answers.every((a) => a.status === 1)).toBe(true);
    for (const answer of answers) expect(answer.data).toEqual(answers[0]!.data);
    expect(await exchanges(session.userId)).toBe(1);
  });

  it('leaves no trace when the work dies between the business write and the answer, so the retry applies once', async () => {
    const session = await funded();
    const before = await userBalances(t.ctx.db, session.userId);
    // The database refuses to store the answer once: the business write has happened in the
    // transaction, then the work dies before the answer is written.
    // A sequence, not a table: its count survives the rollback of the transaction that fails.
    await sql`CREATE SEQUENCE fault_once`.execute(t.ctx.db);
    await sql
      .raw(`CREATE FUNCTION fault_answer() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF nextval('fault_once') = 1 THEN
            RAISE EXCEPTION 'work died before its answer was stored';
          END IF;
          RETURN NEW;
        END $$`)
      .execute(t.ctx.db);
    await sql`CREATE TRIGGER fault_answer BEFORE UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION fault_answer()`.execute(
      t.ctx.db,
    );
    try {
      const died = await exchange(session, 'crash');
      expect(died.httpStatus).toBe(500);
      expect(await exchanges(session.userId)).toBe(0);
      expect(await userBalances(t.ctx.db, session.userId)).toEqual(before);

      const retry = await exchange(session, 'crash');
      expect(retry.status).toBe(1);
      const again = await exchange(session, 'crash');
      expect(again).toEqual(retry);
      expect(await exchanges(session.userId)).toBe(1);
    } finally {
      await sql`DROP TRIGGER fault_answer ON idempotency_keys`.execute(t.ctx.db);
      await sql`DROP FUNCTION fault_answer()`.execute(t.ctx.db);
      await sql`DROP SEQUENCE fault_once`.execute(t.ctx.db);
    }
  });

  it('stores a refusal whose statement failed in the database and replays it, nothing moved', async () => {
    const session = await funded();
    const before = await userBalances(t.ctx.db, session.userId);
    const order = () =>
      api(
        t.app,
        '/trade/order',
        {
          type: 'jpy',
          code: '7203',
          direction: 'long',
          order_type: 'market',
          quantity: 1_000_000,
          leverage: 1,
        },
        { session, headers: { 'Idempotency-Key': 'too-big' } },
      );
    const refused = await order();
    expect(refused).toMatchObject({ status: 0, msg: 'balance_insufficient' });
    expect(await order()).toEqual(refused);
    expect(await userBalances(t.ctx.db, session.userId)).toEqual(before);
  });

  it('keeps a wrong fund password counted when the refusal is stored', async () => {
    const session = await funded();
    const wrong = await api(
      t.app,
      '/user/exchange',
      { type: 'jpy', from: 'JPY', to: 'USD', amount: '10000', fund_password: 'nope9999' },
      { session, headers: { 'Idempotency-Key': 'wrong-password' } },
    );
    expect(wrong.msg).toBe('fund_password_wrong');
    const row = await t.ctx.db
      .selectFrom('users')
      .select('login_failures')
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow();
    // Every wrong secret counts towards the user's one lock (http/secrets.ts).
    expect(row.login_failures).toBe(1);
  });
});
