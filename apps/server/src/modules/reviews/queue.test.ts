import type { ReviewKindName } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers';
import { checkInvariant } from '../../ledger/ledger';
import { decide, operatorToken, submitKyc } from '../identity/testing';
import { loanReview } from '../loans/port';
import { depositWithReceipt, moneyUser } from '../money/testing';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t);
});
afterAll(() => t.close());

const queue = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/reviews?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    list: Array<{
      id: number;
      kind: string;
      userId: number;
      state: string;
      dueAt: string;
      createdAt: string;
    }>;
    total: number;
  };
};

describe('the one review queue (SPEC §5, §9)', () => {
  it('lists every kind together, oldest first, each with its promised time', async () => {
    const { session } = await moneyUser(t, token);
    t.clock.advance(60_000);
    const newcomer = await registerUser(t.app);
    expect((await submitKyc(t.app, newcomer)).status).toBe(1);
    t.clock.advance(60_000);
    expect((await depositWithReceipt(t.app, session, { channel: 'bank', amount: '50000' })).status).toBe(1);

    const all = await queue('state=pending');
    const mine = all.list.filter((i) => [session.userId, newcomer.userId].includes(i.userId));
    expect(mine.map((i) => i.kind)).toEqual(['kyc', 'deposit']);
    const created = all.list.map((i) => Date.parse(i.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    for (const item of mine) expect(Date.parse(item.dueAt)).toBeGreaterThan(Date.parse(item.createdAt));
    const deposits = await queue('kind=deposit&state=pending');
    expect(deposits.list.every((i) => i.kind === 'deposit')).toBe(true);
  });

  it('takes one decision per item, with the audit entry and the message in the same transaction', async () => {
    const { session } = await moneyUser(t, token);
    await depositWithReceipt(t.app, session, { channel: 'bank', amount: '60000' });
    const item = (await queue('kind=deposit&state=pending')).list.find((i) => i.userId === session.userId)!;
    expect(await decide(t, token, 'deposit', item.id, 'reject')).toBe(400);
    expect(await decide(t, token, 'deposit', item.id, 'reject', 'Receipt unreadable')).toBe(200);
    expect(await decide(t, token, 'deposit', item.id, 'approve')).toBe(409);
    expect(await decide(t, token, 'deposit', item.id, 'reject', 'again')).toBe(409);

    const review = await t.ctx.db
      .selectFrom('reviews')
      .selectAll()
      .where('kind', '=', 'deposit')
      .where('subject_id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(review).toMatchObject({ state: 'rejected', reason: 'Receipt unreadable' });
    const audits = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_type', '=', 'deposit')
      .where('target_id', '=', String(item.id))
      .execute();
    expect(audits).toEqual([{ action: 'deposit_reject', reason: 'Receipt unreadable' }]);
    const messages = await t.ctx.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', session.userId)
      .where('kind', '=', 'review_outcome')
      .execute();
    // The real-name approval and this rejection.
    expect(messages).toHaveLength(2);
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('refuses to register a kind twice or to queue a kind nobody registered', async () => {
    expect(t.ctx.reviewQueue.registered()).toEqual(
      expect.arrayContaining(['block', 'daytrade', 'deposit', 'kyc', 'loan', 'withdrawal']),
    );
    expect(() => t.ctx.reviewQueue.register(loanReview)).toThrow(/registered twice/);
    await expect(
      t.ctx.db
        .transaction()
        .execute((trx) =>
          t.ctx.reviewQueue.submit(
            trx,
            { kind: 'unheard' as ReviewKindName, subjectId: 1, userId: 1, dueAt: new Date() },
            new Date(),
          ),
        ),
    ).rejects.toThrow(/not registered/);
  });
});
