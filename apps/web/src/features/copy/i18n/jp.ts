import type { messages as cn } from './cn';

/** The `copy` namespace in Japanese. */
export const messages: typeof cn = {
  list: {
    title: 'コピートレード',
    intro:
      '各商品は、内蔵のクオンツ戦略で売買するリーダー口座に連動します。以下のリターンはすべてリーダーの実際の約定から計算した過去の実績であり、将来の収益を示唆・保証するものではありません。',
    mine: 'マイコピー',
    followers: '{{n}} 人がフォロー中',
    closed: '締切済み',
  },
  strategy: { trend: 'トレンドフォロー', meanReversion: '平均回帰', basket: '指数ウェイトバスケット' },
  figures: {
    averageDaily: '過去の平均日次リターン',
    total: '過去の累計リターン',
    drawdown: '最大ドローダウン',
    volatility: 'ボラティリティ（年率）',
    days: '{{n}} 営業日',
    historical:
      '過去の実績であり保証ではありません。{{from}} からの記録のうち、{{live}} より前はシミュレーション履歴（過去の相場で同じ注文エンジンを通して戦略を実行）です。',
    record:
      '{{from}} からの記録のうち、{{live}} より前はシミュレーション履歴（過去の相場で同じ注文エンジンを通して戦略を実行）です。',
    sparkline: '資産推移',
    equity: '資産曲線',
    drawdownChart: 'ドローダウン',
    worst: '最大',
  },
  detail: {
    title: '商品詳細',
    issuer: '発行者（戦略リーダー）',
    rules: 'ルール',
    minimum: '最低金額',
    lockDays: 'ロック期間',
    lockDaysValue_one: '{{n}} 日',
    lockDaysValue_other: '{{n}} 日',
    cutoff: '締切',
    rulesText:
      'フォローすると金額はロック期間中拘束されます。リーダーの約定は「フォロー金額 ÷ リーダーの純資産」の比率で整数株としてお客様の保有にコピーされ、手数料はお客様ご自身の料率です。残りは保有内の現金として残ります。ロック期間終了時にミラー建玉は成行で決済され、価値は利用可能資金に戻ります。',
    trades: 'リーダーの最近の約定',
    noTrades: '約定はまだありません',
    open: '買い',
    close: '売り',
    simulated: 'シミュレーション履歴',
    live: 'ライブ',
    missing: 'この商品は存在しません',
    fill: '{{quantity}} 株 × {{price}}',
    fees: 'コピー約定の手数料',
    feesValue: '1 約定 {{rate}}%、最低 {{min}}',
    feesNote:
      'リーダーの約定があなたの保有にコピーされるたびに（買い・売りそれぞれ 1 約定）、約定代金の {{rate}}%（1 約定あたり最低 {{min}}）の手数料がかかり、フォロー金額から差し引かれます。',
  },
  follow: {
    title: 'フォロー',
    amount: 'フォロー金額',
    amountPlaceholder: '最低金額以上',
    submit: 'フォローする',
    confirm_one: '{{name}} をフォローします。{{amount}} を {{days}} 日間拘束します。',
    confirm_other: '{{name}} をフォローします。{{amount}} を {{days}} 日間拘束します。',
    closed: 'この商品は締切を過ぎたためフォローできません。',
    available: '利用可能資金',
    passwordRequired: '資金パスワードを入力してください',
  },
  holdings: {
    title: 'コピートレード履歴',
    amount: 'フォロー金額',
    value: '現在価値',
    daily: '本日の損益',
    total: '累計損益',
    buyTime: 'フォロー日時',
    lockUntil: 'ロック期限',
    returned: '返還額',
    state: { active: 'フォロー中', ended: '終了' },
    positions: 'ミラー建玉',
    noPositions: 'ミラー建玉はまだありません',
    browse: 'コピー商品を見る',
  },
};
