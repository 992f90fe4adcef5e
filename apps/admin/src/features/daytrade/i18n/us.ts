/** The back office's day-trading review, in English (sets the keys). */
export const texts = {
  daytrades: {
    title: 'Day-trading applications',
    all: 'All',
    orderNo: 'Application',
    account: 'Account',
    market: 'Market',
    tradingDay: 'Trading day',
    amount: 'Participation',
    leverage: 'Leverage',
    state: 'State',
    pnl: 'P&L',
    fees: 'Fees',
    returned: 'Settled back',
    createdAt: 'Applied',
    closeAt: 'Forced close',
    states: {
      pending: 'Under review',
      rejected: 'Rejected',
      approved: 'Approved',
      trading: 'Trading',
      executed: 'Settled',
      failed: 'Failed',
    },
  },
};
