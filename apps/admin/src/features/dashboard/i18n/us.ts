/** The back office's dashboard, in English (sets the keys). */
export const texts = {
  dashboard: {
    queues: 'Review queues',
    pending: 'Waiting',
    oldestWaiting: 'Oldest waiting',
    nextDue: 'Earliest promise',
    overdue: 'Past promise',
    depositsToday: 'Deposits today',
    withdrawalsToday: 'Withdrawals paid today',
    ordersToday: 'Orders today',
    house: 'House accounts',
    account: 'Account',
    balance: 'Balance',
    invariant: 'Ledger check',
    runCheck: 'Run now',
    invariantOk: 'Balanced: every transaction sums to zero and every balance matches its postings',
    invariantFailed: 'The ledger check found a problem',
    checkedAt: 'Checked {{time}}',
    neverChecked: 'Not checked yet',
  },
};
