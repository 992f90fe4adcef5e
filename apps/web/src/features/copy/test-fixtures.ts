import type { CopyHolding, CopyProductDetail } from './api/copy';

/** A copy product as /trade/productinfo answers it. */
export function productDetail(overrides: Partial<CopyProductDetail> = {}): CopyProductDetail {
  return {
    id: 3,
    name: 'Trend Follower',
    leader: 'Kabuto Trend',
    strategy: 'trend',
    market: 'jpy',
    currency: 'JPY',
    minAmount: '100000',
    lockDays: 7,
    cutoffAt: '2027-11-17T01:00:00.000Z',
    open: true,
    followers: 12,
    figures: {
      historical: true,
      from: '2025-11-14',
      liveFrom: '2026-11-17T01:00:00.000Z',
      days: 250,
      averageDailyReturn: '0.000412',
      totalReturn: '0.108300',
      maxDrawdown: '0.064100',
      volatility: '0.131000',
      sparkline: ['100000000', '101000000', '99000000', '110830000'],
    },
    curve: [
      { day: '2026-11-13', equity: '100000000', drawdown: '0.000000' },
      { day: '2026-11-16', equity: '99000000', drawdown: '-0.010000' },
      { day: '2026-11-17', equity: '110830000', drawdown: '0.000000' },
    ],
    recentTrades: [
      {
        id: 9,
        code: '7203',
        name: 'Toyota Motor',
        side: 'open',
        quantity: 3000,
        price: '3000.0',
        time: '2026-11-17T01:00:00.000Z',
        simulated: false,
      },
      {
        id: 8,
        code: '6758',
        name: 'Sony Group',
        side: 'close',
        quantity: 1200,
        price: '3650.0',
        time: '2026-10-01T05:50:00.000Z',
        simulated: true,
      },
    ],
    codes: ['7203', '6758'],
    ...overrides,
  };
}

export function holding(overrides: Partial<CopyHolding> = {}): CopyHolding {
  return {
    id: 5,
    orderNo: 'C2026111700000005',
    productId: 3,
    productName: 'Trend Follower',
    currency: 'JPY',
    amount: '1000000',
    money: '999100',
    value: '1029100',
    dailyProfit: '29100',
    totalProfit: '29100',
    state: 'active',
    status: 0,
    createdAt: '2026-11-17T01:00:00.000Z',
    lockUntil: '2026-11-24T01:00:00.000Z',
    endedAt: null,
    returned: null,
    openPositions: 1,
    ...overrides,
  };
}
