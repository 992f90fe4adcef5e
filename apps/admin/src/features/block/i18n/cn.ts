import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's block trades, in Simplified Chinese. */
export const texts: Shape<typeof us> = {
  block: {
    band: '允许范围：市价上下 {{percent}}% 以内',
    closed: '产品已结束',
    closeEarly: '提前结束',
    closeTitle: '提前结束 {{name}}：不再接受新申购；待审核的申购仍可审核',
    editTitle: '修改 {{name}}',
    endsAt: '申购截止',
    list: '大宗交易产品',
    create: '发布产品',
    created: '产品已发布',
    code: '股票代码',
    market: '市场',
    price: '大宗价格',
    marketPrice: '市价',
    minLots: '最低股数',
    totalLots: '总额度（股）',
    remainingLots: '剩余',
    window: '申购时间',
    state: '状态',
    states: { upcoming: '未开始', open: '申购中', closed: '已结束' },
    applications: '申请',
    submit: '发布产品',
    name: '股票',
  },
};
