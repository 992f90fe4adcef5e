import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's day-trading review, in Simplified Chinese. */
export const texts: Shape<typeof us> = {
  daytrades: {
    title: '日内交易申请',
    all: '全部',
    orderNo: '申请编号',
    account: '账户',
    market: '市场',
    tradingDay: '交易日',
    amount: '参与金额',
    leverage: '杠杆',
    state: '状态',
    pnl: '盈亏',
    fees: '手续费',
    returned: '结算返还',
    createdAt: '申请时间',
    closeAt: '强制平仓时间',
    states: {
      pending: '审核中',
      rejected: '已拒绝',
      approved: '已通过',
      trading: '交易中',
      executed: '已结算',
      failed: '未能进行',
    },
  },
};
