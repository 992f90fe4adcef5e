import type { Alert, API, getUserinfoCall, QuoteView, ResponseOf } from '@kabuto/contract';

type Position = ResponseOf<typeof API.userStockListCall>['list'][number];

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

/** A live quote of Toyota (7203) on the Tokyo market, as /market/quote answers it. */
export const toyotaQuote: QuoteView = {
  code: '7203',
  market: 'jpy',
  kind: 'stock',
  name: 'Toyota Motor',
  names: { cn: '丰田汽车', us: 'Toyota Motor', jp: 'トヨタ自動車' },
  sector: 'auto',
  sectorName: 'Autos',
  currency: 'JPY',
  price: '2600.0',
  previousClose: '2590.0',
  open: '2595.0',
  high: '2610.0',
  low: '2580.0',
  change: '10.0',
  changePercent: '0.39',
  volume: 1_000_000,
  turnover: '2600000000',
  limitUp: '3090.0',
  limitDown: '2090.0',
  time: '2026-11-17T01:00:00.000Z',
  simulated: true,
};

/** A long Toyota position closed at a profit, as /trade/userstocklists answers it. */
export function closedPosition(overrides: Partial<Position> = {}): Position {
  return {
    id: 41,
    orderNo: 'P2026111700041',
    code: '7203',
    name: 'Toyota Motor',
    market: 'jpy',
    currency: 'JPY',
    direction: 'long',
    orderType: 'market',
    mode: 'normal',
    leverage: 1,
    quantity: 100,
    state: 'closed',
    closeReason: 'user',
    source: 'order',
    limitPrice: null,
    openPrice: '2600.0',
    openedAt: '2026-11-16T01:00:00.000Z',
    openedTradingDay: '2026-11-16',
    expiresAt: null,
    validity: 'day',
    triggerPrice: null,
    trailAmount: null,
    trailPercent: null,
    triggeredAt: null,
    takeProfit: null,
    stopLoss: null,
    stopLossTrailAmount: null,
    stopLossTrailPercent: null,
    currentPrice: '2650.0',
    margin: '260000',
    openFee: '780',
    frozen: '0',
    marketValue: '0',
    pnl: '5000',
    closePrice: '2650.0',
    closedAt: '2026-11-17T01:00:00.000Z',
    closeFee: '795',
    realisedPnl: '5000',
    houseAbsorbed: '0',
    createdAt: '2026-11-16T01:00:00.000Z',
    updatedAt: '2026-11-17T01:00:00.000Z',
    status: 1,
    nowprice: '2650.0',
    stock_num: 100,
    buy_price: '2600.0',
    yingkui: '5000',
    money: '0',
    ...overrides,
  } as Position;
}

/** /trade/preview of buying one Toyota share at market with ¥1,000,000 available, `overrides` on top. */
export function orderPreview(overrides: Record<string, unknown> = {}) {
  return {
    code: '7203',
    market: 'jpy',
    currency: 'JPY',
    price: '2600.0',
    quantity: 1,
    leverage: 1,
    notional: '260000',
    margin: '260000',
    fee: '780',
    total: '260780',
    available: '1000000',
    enough: true,
    limitUp: '3090.0',
    limitDown: '2090.0',
    marketOpen: true,
    sentence: {
      when: 'now',
      trigger: null,
      trail: null,
      action: 'buy',
      quantity: 1,
      at: 'market',
      limit: null,
    },
    expiresAt: null,
    ...overrides,
  };
}

/** The same position still held: nothing of a close yet, `overrides` on top (state, prices). */
export function openPosition(overrides: Partial<Position> = {}): Position {
  return closedPosition({
    state: 'holding',
    closeReason: null,
    closePrice: null,
    closedAt: null,
    closeFee: null,
    realisedPnl: null,
    status: 0,
    ...overrides,
  });
}

/** /user/securityInfo of a reader with `passkeys` passkeys and no authenticator app. */
export function securityInfo(passkeys: number) {
  return {
    passkeys: Array.from({ length: passkeys }, (_, i) => ({
      id: i + 1,
      name: 'iPhone',
      createdAt: '2026-11-20T00:00:00.000Z',
      lastUsedAt: null,
    })),
    totp: false,
    recoveryCodesLeft: 0,
    secondFactor: passkeys > 0,
    requireSecondFactor: false,
    steppedUpUntil: null,
  };
}

/** One market's wallet in /user/summary: nothing held unless `overrides` say so. */
export function wallet(market: string, currency: string, overrides: Record<string, unknown> = {}) {
  return {
    market,
    currency,
    totalAssets: '0',
    positionValue: '0',
    available: '0',
    frozen: '0',
    frozenByPurpose: {},
    debt: '0',
    unrealisedPnl: '0',
    creditScore: null,
    loanableQuota: '0',
    loanedQuota: '0',
    ...overrides,
  };
}

/** A subscription to the sample new share 5591 (300 shares at ¥2,200), applied for. */
export function subscription(overrides: Record<string, unknown> = {}) {
  return {
    id: 31,
    orderNo: 'N2026111701000000000031',
    shareId: 4,
    code: '5591',
    name: 'Fuji Cloud Services (sample)',
    market: 'jpy',
    currency: 'JPY',
    price: '2200',
    quantity: 300,
    amount: '660000',
    wonQuantity: 0,
    wonAmount: '0',
    paidAmount: '0',
    state: 'applied',
    status: 1,
    rjmoney: '660000',
    createdAt: '2026-11-17T01:00:00.000Z',
    drawnAt: null,
    paidAt: null,
    resolvedAt: null,
    positionId: null,
    ...overrides,
  };
}

/** A day-trading application of ¥200,000 at 5× leverage for 2026-11-17, approved. */
export function dayTrade(overrides: Record<string, unknown> = {}) {
  return {
    id: 11,
    orderNo: 'T2026111701000000000011',
    market: 'jpy',
    currency: 'JPY',
    tradingDay: '2026-11-17',
    amount: '200000',
    leverage: 5,
    buyingPower: '1000000',
    state: 'approved',
    reason: null,
    reasonMessage: null,
    createdAt: '2026-11-17T01:00:00.000Z',
    reviewedAt: '2026-11-17T01:05:00.000Z',
    closeAt: '2026-11-17T06:30:00.000Z',
    settledAt: null,
    returned: null,
    pnl: null,
    fees: null,
    capitalLeft: '150000',
    status: 1,
    money: '200000',
    ...overrides,
  };
}

/** /trade/dayInfo of the Tokyo day-trading program (¥100,000 minimum, 5×), nothing applied for. */
export function dayInfo(overrides: Record<string, unknown> = {}) {
  return {
    market: 'jpy',
    currency: 'JPY',
    minAmount: '100000',
    leverage: 5,
    feeRateBps: 10,
    minFee: '100',
    tradingDay: '2026-11-17',
    closeAt: '2026-11-17T06:30:00.000Z',
    available: '970000',
    current: null,
    active: null,
    ...overrides,
  };
}

/** A price alert on Toyota: above ¥3,100, once, still watching; `over` on top. */
export const anAlert = (over: Partial<Alert> = {}): Alert => ({
  id: 7,
  code: '7203',
  name: 'Toyota Motor',
  market: 'jpy',
  kind: 'above',
  value: '3100',
  repeat: 'once',
  active: true,
  createdAt: '2026-11-20T00:00:00.000Z',
  firedAt: null,
  firedPrice: null,
  ...over,
});
