import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../../../test/helpers';
import { addTestCard, operatorToken, submitKyc, TEST_REAL_NAME, verifiedUser } from './testing';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t);
});
afterAll(() => t.close());

const card = (overrides: Record<string, string> = {}) => ({
  holder: TEST_REAL_NAME,
  card_number: '6222 0212 3456 7890',
  card_type: 'debit',
  institution: 'Demo Bank',
  branch: 'Shinjuku',
  branch_code: '123',
  ...overrides,
});

describe('bank cards', () => {
  it('refuses a card before the real name is verified (kyc_required)', async () => {
    const session = await registerUser(t.app);
    expect(await api(t.app, '/user/bankAdd', card(), { session })).toMatchObject({
      status: 0,
      msg: 'kyc_required',
    });
    await submitKyc(t.app, session);
    expect(await api(t.app, '/user/bankAdd', card(), { session })).toMatchObject({
      status: 0,
      msg: 'kyc_required',
    });
    expect((await api<unknown[]>(t.app, '/user/bankList', {}, { session })).data).toEqual([]);
  });

  it('binds a card in the verified name and shows its number masked', async () => {
    const session = await verifiedUser(t, token);
    const res = await api(t.app, '/user/bankAdd', card({ holder: ' yamada  TARO ' }), { session });
    expect(res).toMatchObject({
      status: 1,
      msg: 'add',
      data: {
        cardNumber: '**** **** **** 7890',
        institution: 'Demo Bank',
        branch: 'Shinjuku',
        branchCode: '123',
        cardType: 'debit',
      },
    });
    const list = await api<Array<{ cardNumber: string }>>(t.app, '/user/bankList', {}, { session });
    expect(list.data.map((c) => c.cardNumber)).toEqual(['**** **** **** 7890']);
    expect(JSON.stringify(list.data)).not.toContain('6222021234567890');
  });

  it('refuses a holder other than the verified name', async () => {
    const session = await verifiedUser(t, token);
    const res = await api(
      t.app,
      '/user/bankAdd',
      card({ holder: 'Suzuki Hanako', card_number: '1111222233334444' }),
      { session },
    );
    expect(res).toMatchObject({ status: 0, msg: 'bad_request', data: { field: 'holder' } });
    expect((await api<unknown[]>(t.app, '/user/bankList', {}, { session })).data).toEqual([]);
  });

  it('refuses a card already bound (card_exists), for the same user and for another', async () => {
    const first = await verifiedUser(t, token);
    const second = await verifiedUser(t, token);
    await addTestCard(t.app, first, '4000111122223333');
    expect(
      await api(t.app, '/user/bankAdd', card({ card_number: '4000-1111-2222-3333' }), { session: first }),
    ).toMatchObject({
      status: 0,
      msg: 'card_exists',
    });
    expect(
      await api(t.app, '/user/bankAdd', card({ card_number: '4000111122223333' }), { session: second }),
    ).toMatchObject({
      status: 0,
      msg: 'card_exists',
    });
  });

  it('refuses a malformed card number as a bad request naming the field', async () => {
    const session = await verifiedUser(t, token);
    expect(await api(t.app, '/user/bankAdd', card({ card_number: '12ab' }), { session })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'card_number' },
    });
  });

  it('unbinds a card; deleting someone else’s or an unbound card answers card_missing', async () => {
    const owner = await verifiedUser(t, token);
    const other = await verifiedUser(t, token);
    const id = await addTestCard(t.app, owner, '5000111122223333');
    expect(await api(t.app, '/user/bankDelete', { id }, { session: other })).toMatchObject({
      status: 0,
      msg: 'card_missing',
    });
    expect(await api(t.app, '/user/bankDelete', { id }, { session: owner })).toMatchObject({
      status: 1,
      msg: 'unbind',
    });
    expect(await api(t.app, '/user/bankDelete', { id }, { session: owner })).toMatchObject({
      status: 0,
      msg: 'card_missing',
    });
    expect((await api<unknown[]>(t.app, '/user/bankList', {}, { session: owner })).data).toEqual([]);
    // Once unbound, the number may be bound again.
    expect(await addTestCard(t.app, other, '5000111122223333')).toBeGreaterThan(id);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const session = await verifiedUser(t, token);
    const headers = { 'Idempotency-Key': 'card-add-1' };
    const first = await api(t.app, '/user/bankAdd', card({ card_number: '7000111122223333' }), {
      session,
      headers,
    });
    const second = await api(t.app, '/user/bankAdd', card({ card_number: '7000111122223333' }), {
      session,
      headers,
    });
    expect(first.status).toBe(1);
    expect(second).toEqual(first);
    expect((await api<unknown[]>(t.app, '/user/bankList', {}, { session })).data).toHaveLength(1);
  });
});
