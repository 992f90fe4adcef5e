import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's copy products, in Simplified Chinese. */
export const texts: Shape<typeof us> = {
  copy: {
    leaders: '策略主账户',
    products: '跟单产品',
    list: '在主账户上发布产品',
    leader: '主账户',
    strategy: '策略',
    name: '产品名称',
    minAmount: '最低投资额',
    lockDays: '锁定天数',
    cutoffAt: '截止时间',
    submit: '发布产品',
    listed: '产品已发布',
    followers: '跟随人数',
    equity: '净值',
    totalReturn: '累计收益（计算所得）',
    maxDrawdown: '最大回撤（计算所得）',
    liveFrom: '实盘开始',
    note: '收益由主账户的成交和账本计算，不能在此设置。',
    editTitle: '修改 {{name}}',
    changed: '产品已修改',
    renameLeader: '改名',
    renameLeaderTitle: '为策略主 {{name}} 改名：跟单者在其所有产品上看到新名称',
    leaderRenamed: '策略主已改名',
    close: '结束',
    closeTitle: '立即结束 {{name}}：不再接受新的跟随，已有持仓持续到锁定期结束',
    closed: '产品已结束',
    state: '状态',
    states: { open: '进行中', closed: '已结束' },
  },
};
