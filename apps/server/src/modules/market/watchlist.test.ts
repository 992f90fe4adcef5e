import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type Session, type TestApp } from '../../../test/helpers';

let t: TestApp;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  t = await createTestApp({ config: { marketCodes: ['7203', '6758', 'AAPL', '600519', '^N225'] } });
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

type Codes = { codes: string[] };
type List = { list: Array<{ code: string; simulated: boolean; price: string }> };
const listOf = async (session: Session) =>
  (await api<List>(t.app, '/market/watchlist', {}, { session })).data.list.map((q) => q.code);

describe('watchlist', () => {
  it('needs a session', async () => {
    expect((await api(t.app, '/market/watchlist', {})).httpStatus).toBe(401);
    expect((await api(t.app, '/market/watchAdd', { code: '7203' })).httpStatus).toBe(401);
  });

  it('adds codes in order, with quotes, and adding one twice changes nothing', async () => {
    expect(await api<Codes>(t.app, '/market/watchAdd', { code: '7203' }, { session: alice })).toMatchObject({
      status: 1,
      msg: 'add',
      data: { codes: ['7203'] },
    });
    await api(t.app, '/market/watchAdd', { code: 'aapl' }, { session: alice, form: true });
    await api(t.app, '/market/watchAdd', { code: '600519' }, { session: alice });
    const again = await api<Codes>(t.app, '/market/watchAdd', { code: '7203' }, { session: alice });
    expect(again).toMatchObject({ status: 1, data: { codes: ['7203', 'AAPL', '600519'] } });
    const list = await api<List>(t.app, '/market/watchlist', {}, { session: alice });
    expect(list.data.list.map((q) => q.code)).toEqual(['7203', 'AAPL', '600519']);
    expect(list.data.list.every((q) => q.simulated && Number(q.price) > 0)).toBe(true);
    expect(await listOf(bob)).toEqual([]);
  });

  it('reorders: the codes given first, the rest after in their order', async () => {
    const res = await api<Codes>(
      t.app,
      '/market/watchOrder',
      { codes: '600519,7203' },
      { session: alice, form: true },
    );
    expect(res).toMatchObject({ status: 1, msg: 'modify', data: { codes: ['600519', '7203', 'AAPL'] } });
    expect(await listOf(alice)).toEqual(['600519', '7203', 'AAPL']);
    await api(t.app, '/market/watchOrder', { codes: 'AAPL, 600519 ,7203' }, { session: alice });
    expect(await listOf(alice)).toEqual(['AAPL', '600519', '7203']);
  });

  it('removes a code', async () => {
    expect(
      await api<Codes>(t.app, '/market/watchDelete', { code: '600519' }, { session: alice }),
    ).toMatchObject({ status: 1, data: { codes: ['AAPL', '7203'] } });
    expect(await listOf(alice)).toEqual(['AAPL', '7203']);
    await api(t.app, '/market/watchAdd', { code: '600519' }, { session: alice });
    expect(await listOf(alice)).toEqual(['AAPL', '7203', '600519']);
  });

  it('refuses bad values and changes nothing', async () => {
    const before = await listOf(alice);
    const refusals = [
      [await api(t.app, '/market/watchAdd', { code: '0000' }, { session: alice }), 'not_found', 'code'],
      [await api(t.app, '/market/watchAdd', { code: '<script>' }, { session: alice }), 'bad_request', 'code'],
      [await api(t.app, '/market/watchDelete', { code: '6758' }, { session: alice }), 'not_found', 'code'],
      [
        await api(t.app, '/market/watchOrder', { codes: '7203,7203' }, { session: alice }),
        'bad_request',
        'codes',
      ],
      [
        await api(t.app, '/market/watchOrder', { codes: '7203,6758' }, { session: alice }),
        'bad_request',
        'codes',
      ],
      [await api(t.app, '/market/watchOrder', { codes: '' }, { session: alice }), 'bad_request', 'codes'],
      [
        await api(t.app, '/market/watchOrder', { codes: '7203,,AAPL' }, { session: alice }),
        'bad_request',
        'codes.1',
      ],
    ] as const;
    for (const [res, msg, field] of refusals) expect(res).toMatchObject({ status: 0, msg, data: { field } });
    expect(await listOf(alice)).toEqual(before);
  });

  it('keeps each code once under concurrent adds', async () => {
    await Promise.all(
      Array.from({ length: 5 }, () => api(t.app, '/market/watchAdd', { code: '^N225' }, { session: bob })),
    );
    expect(await listOf(bob)).toEqual(['^N225']);
  });
});
