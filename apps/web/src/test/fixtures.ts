import type { getUserinfoCall, ResponseOf } from '@kabuto/contract';

/** /user/getUserinfo of a verified reader with a fund password, `overrides` on top (balances). */
export function userInfo(overrides: Partial<ResponseOf<typeof getUserinfoCall>> = {}) {
  return {
    id: 7,
    account: 'reader1',
    status: 1,
    inviteCode: 'K7',
    kyc: 'verified',
    realName: 'Yamada Taro',
    creditScore: 80,
    fundPasswordSet: true,
    riskAccepted: true,
    flags: { banned: false, frozen: false, tradeBarred: false, reason: null },
    createdAt: '2026-11-01T00:00:00.000Z',
    jpy: '2000000',
    jpyyjed: '0',
    usd: '0.00',
    usdyjed: '0.00',
    cny: '0.00',
    cnyyjed: '0.00',
    ...overrides,
  };
}
