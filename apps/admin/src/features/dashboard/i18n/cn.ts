import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's dashboard, in Simplified Chinese. */
export const texts: Shape<typeof us> = {
  dashboard: {
    queues: '审核队列',
    pending: '待审核',
    oldestWaiting: '最久等待',
    nextDue: '最早承诺时间',
    overdue: '已超时',
    depositsToday: '今日入金',
    withdrawalsToday: '今日已汇出出金',
    ordersToday: '今日委托',
    house: '公司账户',
    account: '账户',
    balance: '余额',
    invariant: '账本校验',
    runCheck: '立即校验',
    invariantOk: '账平：每笔交易合计为零，每个余额与分录一致',
    invariantFailed: '账本校验发现问题',
    checkedAt: '校验时间 {{time}}',
    neverChecked: '尚未校验',
  },
};
