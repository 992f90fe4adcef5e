import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's day-trading review, in Japanese. */
export const texts: Shape<typeof us> = {
  daytrades: {
    title: 'デイトレード申込',
    all: 'すべて',
    orderNo: '申込番号',
    account: 'アカウント',
    market: '市場',
    tradingDay: '取引日',
    amount: '参加金額',
    leverage: 'レバレッジ',
    state: '状態',
    pnl: '損益',
    fees: '手数料',
    returned: '精算額',
    createdAt: '申込日時',
    closeAt: '強制決済時刻',
    states: {
      pending: '審査中',
      rejected: '却下',
      approved: '承認済み',
      trading: '取引中',
      executed: '精算済み',
      failed: '実施不可',
    },
  },
};
