import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's dashboard, in Japanese. */
export const texts: Shape<typeof us> = {
  dashboard: {
    queues: '審査キュー',
    pending: '待ち件数',
    oldestWaiting: '最長待ち時間',
    nextDue: '最も早い約束期限',
    overdue: '期限超過',
    depositsToday: '本日の入金',
    withdrawalsToday: '本日送金済みの出金',
    ordersToday: '本日の注文',
    house: '自社勘定',
    account: '勘定',
    balance: '残高',
    invariant: '元帳チェック',
    runCheck: '今すぐ実行',
    invariantOk: '一致：すべての取引の合計がゼロで、すべての残高が仕訳と一致しています',
    invariantFailed: '元帳チェックで問題が見つかりました',
    checkedAt: '{{time}} にチェック',
    neverChecked: 'まだチェックしていません',
  },
};
