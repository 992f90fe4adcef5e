import { convertMinor } from '@kabuto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, setFundPassword, type TestApp } from '../../../test/helpers';
import { checkInvariant, userBalances } from '../../ledger/ledger';
import {
  decide,
  jpegImage,
  multipartApi,
  operatorToken,
  pngImage,
  reviewList,
  TEST_REAL_NAME,
} from '../identity/testing';
import { midRate } from './exchange';
import { FUND_PASSWORD } from './testing';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('money and identity, end to end through the API', () => {
  it('verifies, binds a card, deposits, exchanges and withdraws, with every step in the fund records', async () => {
    const token = await operatorToken(t);
    const session = await registerUser(t.app);
    await setFundPassword(t.app, session, FUND_PASSWORD);

    // Real name with two images, approved by an operator.
    const verify = await multipartApi(
      t.app,
      '/user/verify',
      { name: TEST_REAL_NAME, id_number: 'TK0012345', agree: 'on' },
      {
        front: { data: await jpegImage({ exif: true }) },
        back: { data: await pngImage(), type: 'image/png', filename: 'back.png' },
      },
      { session },
    );
    expect(verify).toMatchObject({ status: 1, data: { state: 'pending' } });
    const kyc = (await reviewList(t, token, 'kyc')).list.find((i) => i.userId === session.userId)!;
    expect(await decide(t, token, 'kyc', kyc.id, 'approve')).toBe(200);
    expect((await api(t.app, '/user/getUserinfo', {}, { session })).data).toMatchObject({
      kyc: 'verified',
      realName: TEST_REAL_NAME,
      creditScore: 600,
    });

    // A card in the verified name.
    const card = await api<{ id: number; cardNumber: string }>(
      t.app,
      '/user/bankAdd',
      {
        holder: TEST_REAL_NAME,
        card_number: '6222021234567890',
        card_type: 'debit',
        institution: 'Demo Bank',
        branch: 'Ginza',
        branch_code: '101',
      },
      { session },
    );
    expect(card).toMatchObject({ status: 1, data: { cardNumber: '**** **** **** 7890' } });

    // Deposit ¥1,000,000 with a receipt; approved.
    const deposit = await multipartApi<{ id: number; orderNo: string }>(
      t.app,
      '/user/deposit',
      { type: 'jpy', channel: 'bank', amount: '1000000', fund_password: FUND_PASSWORD },
      { receipt: { data: await jpegImage() } },
      { session },
    );
    expect(deposit).toMatchObject({ status: 1, msg: 'recharge' });
    expect(await decide(t, token, 'deposit', deposit.data.id, 'approve')).toBe(200);

    // Exchange ¥100,000 to dollars.
    const rate = midRate(t.ctx, 'JPY', 'USD')!;
    const { toMinor } = convertMinor({
      amountMinor: 100_000,
      from: 'JPY',
      to: 'USD',
      rate,
      spreadBps: t.ctx.config.exchangeSpreadBps,
    });
    const fx = await api<{ orderNo: string; toAmount: string }>(
      t.app,
      '/user/exchange',
      { from: 'JPY', to: 'USD', amount: '100000', fund_password: FUND_PASSWORD },
      { session },
    );
    expect(fx).toMatchObject({ status: 1, msg: 'exchange' });

    // Withdraw ¥30,000; paid.
    const withdrawal = await api<{ id: number; orderNo: string }>(
      t.app,
      '/user/withdraw',
      { type: 'jpy', amount: '30000', card_id: card.data.id, fund_password: FUND_PASSWORD },
      { session },
    );
    expect(withdrawal).toMatchObject({ status: 1, msg: 'withdraw', data: { status: 0 } });
    const summary = await api<{
      current: { available: string; frozen: string; frozenByPurpose: Record<string, string> };
    }>(t.app, '/user/summary', { type: 'jpy' }, { session });
    expect(summary.data.current).toMatchObject({ available: '870000', frozen: '30000' });
    expect(await decide(t, token, 'withdrawal', withdrawal.data.id, 'approve')).toBe(200);

    // Balances come from the ledger.
    const balances = await userBalances(t.ctx.db, session.userId);
    expect(balances.JPY).toMatchObject({ available: 870_000, frozen: { withdrawal: 0 } });
    expect(balances.USD.available).toBe(toMinor);
    const info = await api<Record<string, unknown>>(t.app, '/user/getUserinfo', {}, { session });
    expect(info.data).toMatchObject({ jpy: '870000', usd: (toMinor / 100).toFixed(2) });

    // SPEC §0.2: every movement appears in the fund records with type, order number, amount and time.
    const ledger = await api<{
      list: Array<{
        kind: string;
        currency: string;
        amount: string;
        frozenChange: string;
        orderNo: string;
        createdAt: string;
      }>;
    }>(t.app, '/user/fundRecords', { kind: 'transactions' }, { session });
    expect(ledger.data.list.map((r) => [r.kind, r.currency, r.amount, r.frozenChange])).toEqual([
      ['withdrawal_paid', 'JPY', '0', '-30000'],
      ['withdrawal_freeze', 'JPY', '-30000', '30000'],
      ['exchange', 'JPY', '-100000', '0'],
      ['exchange', 'USD', (toMinor / 100).toFixed(2), '0.00'],
      ['deposit', 'JPY', '1000000', '0'],
    ]);
    for (const record of ledger.data.list) {
      expect(record.orderNo).toMatch(/^\d+$/);
      expect(Number.isNaN(Date.parse(record.createdAt))).toBe(false);
    }
    const deposits = await api<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/user/fundRecords',
      { kind: 'deposits' },
      { session },
    );
    expect(deposits.data.list).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        orderNo: deposit.data.orderNo,
        amount: '1000000',
        state: 'approved',
      }),
    ]);
    const withdrawals = await api<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/user/fundRecords',
      { kind: 'withdrawals' },
      { session },
    );
    expect(withdrawals.data.list).toEqual([
      expect.objectContaining({
        kind: 'withdrawal',
        orderNo: withdrawal.data.orderNo,
        amount: '-30000',
        state: 'approved',
        balanceAfter: '870000',
      }),
    ]);

    // SPEC §0.6: each review is audited and its outcome sent to the user.
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('operator_id', 'is not', null)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['kyc_approve', 'deposit_approve', 'withdrawal_approve']),
    );
    const messages = await api<{ list: Array<{ kind: string }> }>(
      t.app,
      '/user/messageList',
      {},
      { session },
    );
    expect(messages.data.list.filter((m) => m.kind === 'review_outcome')).toHaveLength(3);

    expect(await checkInvariant(t.ctx.db)).toMatchObject({ ok: true });
  });
});
