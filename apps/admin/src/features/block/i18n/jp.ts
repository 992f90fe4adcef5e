import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's block trades, in Japanese. */
export const texts: Shape<typeof us> = {
  block: {
    band: '許容範囲：市場価格の上下 {{percent}}% 以内',
    closed: '商品を終了しました',
    closeEarly: '早期終了',
    closeTitle: '{{name}} を早期終了：新規の申込を停止します。審査待ちの申込は引き続き審査できます',
    editTitle: '{{name}} を変更',
    endsAt: '申込締切',
    list: 'ブロック取引の商品',
    create: '商品を掲載',
    created: '商品を掲載しました',
    code: '銘柄コード',
    market: '市場',
    price: 'ブロック価格',
    marketPrice: '時価',
    minLots: '最低株数',
    totalLots: '総枠（株）',
    remainingLots: '残り',
    window: '申込期間',
    state: '状態',
    states: { upcoming: '受付前', open: '受付中', closed: '終了' },
    applications: '申込',
    submit: '掲載する',
    name: '銘柄',
  },
};
