/**
 * SPEC §13.2 words of the `trading` namespace (under `protect`): trigger, trail and validity fields
 * of the order sheet, the sentence that says what an order will do, the take-profit / stop-loss
 * sheet and the modify sheet. The Chinese tree sets the shape; English and Japanese must match it.
 */

export const protectCn = {
  trigger: '触发价',
  trailBy: { amount: '按金额', percent: '按比例' },
  trailAmount: '跟踪价差',
  trailPercent: '跟踪比例（%）',
  triggerHint: {
    rise: '价格涨到触发价时发出（现价 {{price}}）',
    fall: '价格跌到触发价时发出（现价 {{price}}）',
  },
  trailHint: {
    rise: '触发价 = 下单后最低价 + 跟踪值，只降不升（现在 {{trigger}}）',
    fall: '触发价 = 下单后最高价 − 跟踪值，只升不降（现在 {{trigger}}）',
  },
  validity: { day: '当日有效', gtc: '长期有效（最多 30 天）' },
  validityShort: { day: '当日有效', gtc: '长期有效' },
  expires: '有效至 {{when}}',
  attach: '止盈止损',
  attachHint: '可选：成交后价格到达其一即按市价平仓，另一个随即取消。留空表示不设。',
  takeProfit: '止盈价',
  stopLoss: '止损价',
  trailingStopLoss: '跟踪止损',
  level: {
    required: '请输入{{label}}',
    invalid: '{{label}}必须是大于 0 的数字',
    decimals: '{{label}}最多 {{decimals}} 位小数',
    above: '{{label}}必须高于 {{price}}',
    below: '{{label}}必须低于 {{price}}',
    trailMax: '跟踪值最多为价格的 50%',
  },
  sentence: {
    now: {
      buy: {
        market: '立即以市价买入 {{name}} {{quantity}} 股',
        limit: '以 {{limit}} 或更低价格买入 {{name}} {{quantity}} 股',
      },
      sell: {
        market: '立即以市价卖出 {{name}} {{quantity}} 股',
        limit: '以 {{limit}} 或更高价格卖出 {{name}} {{quantity}} 股',
      },
    },
    trigger: {
      buy: {
        market: '如果 {{name}} 涨到 {{trigger}}，以市价买入 {{quantity}} 股',
        limit: '如果 {{name}} 涨到 {{trigger}}，以 {{limit}} 或更低价格买入 {{quantity}} 股',
      },
      sell: {
        market: '如果 {{name}} 跌到 {{trigger}}，以市价卖出 {{quantity}} 股',
        limit: '如果 {{name}} 跌到 {{trigger}}，以 {{limit}} 或更高价格卖出 {{quantity}} 股',
      },
    },
    trail: {
      buy: '如果 {{name}} 从下单后的最低价反弹 {{trail}}（触发价现为 {{trigger}}），以市价买入 {{quantity}} 股',
      sell: '如果 {{name}} 从下单后的最高价回落 {{trail}}（触发价现为 {{trigger}}），以市价卖出 {{quantity}} 股',
    },
    attached: {
      both: '成交后，价格到 {{tp}} 止盈或到 {{sl}} 止损，先到者平仓',
      tp: '成交后，价格到 {{tp}} 止盈平仓',
      sl: '成交后，价格到 {{sl}} 止损平仓',
    },
    withExpiry: '{{what}}；{{when}}前有效。',
    plain: '{{what}}。',
    joined: '{{first}}；{{second}}',
  },
  card: {
    trigger: '触发价',
    trailing: '跟踪触发价',
    expires: '有效至',
    tpsl: '止盈 / 止损',
    none: '未设置',
    modify: '改单',
    setTpSl: '止盈止损',
  },
  tpsl: {
    title: '止盈止损',
    hint: '价格到达其一即按市价平仓，另一个随即取消。清空表示取消设置。',
    livePrice: '现价 {{price}}',
    openPrice: '开仓价 {{price}}',
    stopLossKind: { fixed: '固定', amount: '跟踪·金额', percent: '跟踪·比例' },
    save: '保存',
    removeAll: '全部取消',
    saved: '止盈止损已更新',
    removed: '止盈止损已取消',
  },
  modify: {
    title: '修改委托',
    hint: '可修改价格、触发价，数量只能减少。冻结的保证金和手续费随之重新计算。',
    quantityUp: '数量只能减少，最多 {{max}} 股',
    nothing: '没有修改任何内容',
    save: '确认修改',
  },
};

export const protectUs: typeof protectCn = {
  trigger: 'Trigger price',
  trailBy: { amount: 'By amount', percent: 'By percent' },
  trailAmount: 'Trail amount',
  trailPercent: 'Trail (%)',
  triggerHint: {
    rise: 'Sent when the price rises to it (now {{price}})',
    fall: 'Sent when the price falls to it (now {{price}})',
  },
  trailHint: {
    rise: 'Trigger = lowest price since placing + trail; it only moves down (now {{trigger}})',
    fall: 'Trigger = highest price since placing − trail; it only moves up (now {{trigger}})',
  },
  validity: { day: 'Day', gtc: 'Good till cancelled (30 days max)' },
  validityShort: { day: 'Day', gtc: 'GTC' },
  expires: 'Expires {{when}}',
  attach: 'Take-profit & stop-loss',
  attachHint:
    'Optional: once filled, the position closes at market when the price reaches one; the other is then cancelled. Leave empty for none.',
  takeProfit: 'Take-profit',
  stopLoss: 'Stop-loss',
  trailingStopLoss: 'Trailing stop',
  level: {
    required: 'Enter the {{label}}',
    invalid: '{{label}} must be a number above 0',
    decimals: '{{label}}: at most {{decimals}} decimals',
    above: '{{label}} must be above {{price}}',
    below: '{{label}} must be below {{price}}',
    trailMax: 'The trail can be at most 50% of the price',
  },
  sentence: {
    now: {
      buy: {
        market: 'Buy {{quantity}} {{name}} now at market',
        limit: 'Buy {{quantity}} {{name}} at {{limit}} or lower',
      },
      sell: {
        market: 'Sell {{quantity}} {{name}} now at market',
        limit: 'Sell {{quantity}} {{name}} at {{limit}} or higher',
      },
    },
    trigger: {
      buy: {
        market: 'If {{name}} rises to {{trigger}}, buy {{quantity}} at market',
        limit: 'If {{name}} rises to {{trigger}}, buy {{quantity}} at {{limit}} or lower',
      },
      sell: {
        market: 'If {{name}} falls to {{trigger}}, sell {{quantity}} at market',
        limit: 'If {{name}} falls to {{trigger}}, sell {{quantity}} at {{limit}} or higher',
      },
    },
    trail: {
      buy: 'If {{name}} rises {{trail}} from its lowest price after placing (trigger now {{trigger}}), buy {{quantity}} at market',
      sell: 'If {{name}} falls {{trail}} from its highest price after placing (trigger now {{trigger}}), sell {{quantity}} at market',
    },
    attached: {
      both: 'once filled, it closes at {{tp}} to take profit or at {{sl}} to stop the loss, whichever comes first',
      tp: 'once filled, it closes at {{tp}} to take profit',
      sl: 'once filled, it closes at {{sl}} to stop the loss',
    },
    withExpiry: '{{what}}; expires {{when}}.',
    plain: '{{what}}.',
    joined: '{{first}}; {{second}}',
  },
  card: {
    trigger: 'Trigger',
    trailing: 'Trailing trigger',
    expires: 'Expires',
    tpsl: 'TP / SL',
    none: 'None',
    modify: 'Modify',
    setTpSl: 'TP / SL',
  },
  tpsl: {
    title: 'Take-profit & stop-loss',
    hint: 'The position closes at market when the price reaches one; the other is then cancelled. Empty a field to remove it.',
    livePrice: 'Now {{price}}',
    openPrice: 'Opened at {{price}}',
    stopLossKind: { fixed: 'Fixed', amount: 'Trail by amount', percent: 'Trail by %' },
    save: 'Save',
    removeAll: 'Remove both',
    saved: 'Take-profit and stop-loss saved',
    removed: 'Take-profit and stop-loss removed',
  },
  modify: {
    title: 'Modify order',
    hint: 'Change the price or the trigger, or lower the quantity. The frozen margin and fee follow.',
    quantityUp: 'The quantity can only go down: at most {{max}}',
    nothing: 'Nothing has changed',
    save: 'Modify',
  },
};

export const protectJp: typeof protectCn = {
  trigger: 'トリガー価格',
  trailBy: { amount: '値幅', percent: '比率' },
  trailAmount: 'トレール幅',
  trailPercent: 'トレール率（%）',
  triggerHint: {
    rise: '価格がここまで上がると発注（現在値 {{price}}）',
    fall: '価格がここまで下がると発注（現在値 {{price}}）',
  },
  trailHint: {
    rise: 'トリガー = 発注後の安値 + トレール幅。下がる一方です（現在 {{trigger}}）',
    fall: 'トリガー = 発注後の高値 − トレール幅。上がる一方です（現在 {{trigger}}）',
  },
  validity: { day: '当日中', gtc: '無期限（最長30日）' },
  validityShort: { day: '当日中', gtc: '無期限' },
  expires: '有効期限 {{when}}',
  attach: '利確・損切り',
  attachHint:
    '任意：約定後、価格がどちらかに届くと成行で決済し、もう一方は取り消されます。空欄なら設定なし。',
  takeProfit: '利確価格',
  stopLoss: '損切り価格',
  trailingStopLoss: 'トレーリングストップ',
  level: {
    required: '{{label}}を入力してください',
    invalid: '{{label}}は0より大きい数字で入力してください',
    decimals: '{{label}}は小数点以下{{decimals}}桁までです',
    above: '{{label}}は{{price}}より高くしてください',
    below: '{{label}}は{{price}}より低くしてください',
    trailMax: 'トレール幅は価格の50%までです',
  },
  sentence: {
    now: {
      buy: {
        market: '{{name}}を今すぐ成行で{{quantity}}株買う',
        limit: '{{name}}を{{limit}}以下で{{quantity}}株買う',
      },
      sell: {
        market: '{{name}}を今すぐ成行で{{quantity}}株売る',
        limit: '{{name}}を{{limit}}以上で{{quantity}}株売る',
      },
    },
    trigger: {
      buy: {
        market: '{{name}}が{{trigger}}まで上がったら、成行で{{quantity}}株買う',
        limit: '{{name}}が{{trigger}}まで上がったら、{{limit}}以下で{{quantity}}株買う',
      },
      sell: {
        market: '{{name}}が{{trigger}}まで下がったら、成行で{{quantity}}株売る',
        limit: '{{name}}が{{trigger}}まで下がったら、{{limit}}以上で{{quantity}}株売る',
      },
    },
    trail: {
      buy: '{{name}}が発注後の安値から{{trail}}上がったら（現在のトリガー {{trigger}}）、成行で{{quantity}}株買う',
      sell: '{{name}}が発注後の高値から{{trail}}下がったら（現在のトリガー {{trigger}}）、成行で{{quantity}}株売る',
    },
    attached: {
      both: '約定後は{{tp}}で利確、{{sl}}で損切り（先に届いた方で決済）',
      tp: '約定後は{{tp}}で利確',
      sl: '約定後は{{sl}}で損切り',
    },
    withExpiry: '{{what}}（{{when}}まで有効）。',
    plain: '{{what}}。',
    joined: '{{first}}。{{second}}',
  },
  card: {
    trigger: 'トリガー',
    trailing: 'トレール中のトリガー',
    expires: '有効期限',
    tpsl: '利確 / 損切り',
    none: 'なし',
    modify: '訂正',
    setTpSl: '利確・損切り',
  },
  tpsl: {
    title: '利確・損切り',
    hint: '価格がどちらかに届くと成行で決済し、もう一方は取り消されます。空欄にすると取り消します。',
    livePrice: '現在値 {{price}}',
    openPrice: '建値 {{price}}',
    stopLossKind: { fixed: '固定', amount: 'トレール・値幅', percent: 'トレール・比率' },
    save: '保存',
    removeAll: '両方取り消す',
    saved: '利確・損切りを設定しました',
    removed: '利確・損切りを取り消しました',
  },
  modify: {
    title: '注文の訂正',
    hint: '価格・トリガーの変更、数量の減少ができます。拘束中の証拠金と手数料も再計算されます。',
    quantityUp: '数量は減らすことだけできます（最大{{max}}株）',
    nothing: '変更がありません',
    save: '訂正する',
  },
};
