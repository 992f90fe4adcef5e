import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's copy products, in Japanese. */
export const texts: Shape<typeof us> = {
  copy: {
    leaders: '戦略リーダー',
    products: 'コピー商品',
    list: 'リーダーに商品を掲載',
    leader: 'リーダー',
    strategy: '戦略',
    name: '商品名',
    minAmount: '最低投資額',
    lockDays: 'ロック日数',
    cutoffAt: '締切',
    submit: '掲載する',
    listed: '商品を掲載しました',
    followers: 'フォロー中',
    equity: '純資産',
    totalReturn: '累計リターン（算出）',
    maxDrawdown: '最大ドローダウン（算出）',
    liveFrom: 'ライブ開始',
    note: 'リターンはリーダーの約定と元帳から算出され、ここでは設定できません。',
    editTitle: '{{name}} を変更',
    changed: '商品を変更しました',
    renameLeader: '名称変更',
    renameLeaderTitle: 'リーダー {{name}} の名称変更：フォロワーはそのすべての商品で新しい名称を見ます',
    leaderRenamed: 'リーダーの名称を変更しました',
    close: '終了',
    closeTitle:
      '{{name}} を今すぐ終了：新規のフォローは受け付けず、保有中のものはロック期間の終了まで続きます',
    closed: '商品を終了しました',
    state: '状態',
    states: { open: '募集中', closed: '終了' },
  },
};
