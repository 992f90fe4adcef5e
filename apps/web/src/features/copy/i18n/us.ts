import type { messages as cn } from './cn';

/** The `copy` namespace in English. */
export const messages: typeof cn = {
  list: {
    title: 'Copy trading',
    intro:
      'Each product follows a leader account traded by a built-in quantitative strategy. All returns below are historical, computed from the leader’s real fills; they do not predict or guarantee future returns.',
    mine: 'My copy holdings',
    followers: '{{n}} following',
    closed: 'Closed',
  },
  strategy: { trend: 'Trend following', meanReversion: 'Mean reversion', basket: 'Index-weighted basket' },
  figures: {
    averageDaily: 'Avg. daily return (historical)',
    total: 'Total return (historical)',
    drawdown: 'Max drawdown',
    volatility: 'Volatility (annualised)',
    days: '{{n}} trading days',
    historical:
      'Historical, not guaranteed. Record from {{from}}; before {{live}} it is simulated history (the strategy run over past market data through the same order engine).',
    record:
      'Record from {{from}}; before {{live}} it is simulated history (the strategy run over past market data through the same order engine).',
    sparkline: 'Equity trend',
    equity: 'Equity curve',
    drawdownChart: 'Drawdown',
    worst: 'worst',
  },
  detail: {
    title: 'Product details',
    issuer: 'Issuer (strategy leader)',
    rules: 'Rules',
    minimum: 'Minimum amount',
    lockDays: 'Lock-in',
    lockDaysValue_one: '{{n}} day',
    lockDaysValue_other: '{{n}} days',
    cutoff: 'Cutoff',
    rulesText:
      'Following freezes your amount for the lock-in. Each of the leader’s fills is copied into your holding scaled by your amount ÷ the leader’s equity, in whole shares, with your own fees; the remainder stays as cash in the holding. At the end of the lock-in the mirrored positions close at market and the value returns to your available funds.',
    trades: 'Leader’s recent trades',
    noTrades: 'No trades yet',
    open: 'Buy',
    close: 'Sell',
    simulated: 'Simulated history',
    live: 'Live',
    missing: 'This product does not exist',
    fill: '{{quantity}} shares × {{price}}',
    fees: 'Fee per mirrored fill',
    feesValue: '{{rate}} %, at least {{min}}',
    feesNote:
      'Each of the leader’s fills mirrored into your holding (a buy and a sell count as one fill each) is charged {{rate}} % of its value, at least {{min}} per fill, taken from the amount you follow with.',
  },
  follow: {
    title: 'Follow',
    amount: 'Amount to follow with',
    amountPlaceholder: 'At least the minimum',
    submit: 'Follow',
    confirm_one: 'Follow {{name}}: {{amount}} will be frozen for {{days}} day.',
    confirm_other: 'Follow {{name}}: {{amount}} will be frozen for {{days}} days.',
    closed: 'This product is past its cutoff and cannot be followed any more.',
    available: 'Available',
    passwordRequired: 'Enter your fund password',
  },
  holdings: {
    title: 'Copy-trading orders',
    amount: 'Amount',
    value: 'Value now',
    daily: 'Today’s P&L',
    total: 'Total P&L',
    buyTime: 'Followed at',
    lockUntil: 'Locked until',
    returned: 'Returned',
    state: { active: 'Following', ended: 'Ended' },
    positions: 'Mirrored positions',
    noPositions: 'No mirrored positions yet',
    browse: 'Browse copy products',
  },
};
