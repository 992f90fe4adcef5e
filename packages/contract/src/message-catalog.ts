import type { Currency, Language } from './enums';
import type { MessageParam } from './messages';

/**
 * The texts of site messages (packages/contract/src/messages.ts), apart from their schemas so an
 * app loads them only with the screens that show messages.
 */

type Texts = Record<Language, { title: string; body: string }>;

/** Placeholders are `{name}`; every one names a parameter the sender gives. */
export const MESSAGE_TEMPLATES = {
  deposit_approved: {
    cn: { title: '入金已到账', body: '您的入金 {order}（{amount}）已审核通过并存入账户。' },
    us: {
      title: 'Deposit credited',
      body: 'Your deposit {order} ({amount}) was approved and credited to your account.',
    },
    jp: {
      title: 'ご入金を反映しました',
      body: 'ご入金 {order}（{amount}）が承認され、口座に反映されました。',
    },
  },
  deposit_rejected: {
    cn: { title: '入金未通过', body: '您的入金 {order} 未通过审核。原因：{reason}。' },
    us: { title: 'Deposit rejected', body: 'Your deposit {order} was not approved. Reason: {reason}.' },
    jp: {
      title: 'ご入金が承認されませんでした',
      body: 'ご入金 {order} は承認されませんでした。理由：{reason}。',
    },
  },
  withdrawal_approved: {
    cn: {
      title: '出金已支付',
      body: '您的出金 {order}（{amount}）已审核通过并汇出，通常 24 小时内或下一个营业日 24:00 前到账。',
    },
    us: {
      title: 'Withdrawal paid',
      body: 'Your withdrawal {order} ({amount}) was approved and sent. It arrives within 24 hours, or by midnight of the next business day.',
    },
    jp: {
      title: 'ご出金を実行しました',
      body: 'ご出金 {order}（{amount}）が承認され、送金されました。24時間以内、または翌営業日の24:00までに着金します。',
    },
  },
  withdrawal_rejected: {
    cn: {
      title: '出金未通过',
      body: '您的出金 {order} 未通过审核，冻结金额已退回可用余额。原因：{reason}。',
    },
    us: {
      title: 'Withdrawal rejected',
      body: 'Your withdrawal {order} was not approved; the frozen amount is available again. Reason: {reason}.',
    },
    jp: {
      title: 'ご出金が承認されませんでした',
      body: 'ご出金 {order} は承認されませんでした。拘束金額は利用可能残高に戻りました。理由：{reason}。',
    },
  },
  kyc_approved: {
    cn: { title: '实名认证已通过', body: '您的实名认证已审核通过，现在可以绑定银行卡并出金。' },
    us: {
      title: 'Identity verified',
      body: 'Your identity verification was approved. You can now add a bank card and withdraw.',
    },
    jp: {
      title: '本人確認が完了しました',
      body: '本人確認が承認されました。銀行口座の登録と出金ができるようになりました。',
    },
  },
  kyc_rejected: {
    cn: { title: '实名认证未通过', body: '您的实名认证未通过。原因：{reason}。您可以重新提交。' },
    us: {
      title: 'Identity verification failed',
      body: 'Your identity verification was not approved. Reason: {reason}. You may submit again.',
    },
    jp: {
      title: '本人確認が承認されませんでした',
      body: '本人確認が承認されませんでした。理由：{reason}。再度ご提出いただけます。',
    },
  },
  loan_approved: {
    cn: { title: '贷款已到账', body: '您的贷款 {order}（{amount}）已审核通过并存入账户，期限 {days} 天。' },
    us: {
      title: 'Loan credited',
      body: 'Your loan {order} ({amount}) was approved and credited; its term is {days} days.',
    },
    jp: {
      title: 'ご融資を実行しました',
      body: 'ご融資 {order}（{amount}）が承認され、口座に入金されました。期間は {days} 日です。',
    },
  },
  loan_rejected: {
    cn: { title: '贷款未通过', body: '您的贷款申请 {order} 未通过审核。原因：{reason}。' },
    us: {
      title: 'Loan not approved',
      body: 'Your loan application {order} was not approved. Reason: {reason}.',
    },
    jp: {
      title: 'ご融資は承認されませんでした',
      body: 'ご融資の申込 {order} は承認されませんでした。理由：{reason}。',
    },
  },
  loan_overdue: {
    cn: { title: '贷款已逾期', body: '您的贷款 {order} 已超过期限，请尽快还款。逾期会降低信用分。' },
    us: {
      title: 'Loan overdue',
      body: 'Your loan {order} is past its term. Please repay it soon; being overdue lowers your credit score.',
    },
    jp: {
      title: 'ご融資の返済期限を過ぎました',
      body: 'ご融資 {order} は返済期限を過ぎました。お早めにご返済ください。延滞は信用スコアを下げます。',
    },
  },
  block_approved: {
    cn: {
      title: '大宗交易申请已通过',
      body: '您的大宗交易申请 {order}（{code}，{quantity} 股，价格 {price}）已通过，已按大宗价格建立持仓，金额 {amount}。',
    },
    us: {
      title: 'Block trade approved',
      body: 'Your block trade {order} ({quantity} × {code} at {price}) was approved; the position is open at the block price for {amount}.',
    },
    jp: {
      title: 'ブロック取引が承認されました',
      body: 'ブロック取引 {order}（{code} {quantity} 株、価格 {price}）が承認され、ブロック価格で建玉が作成されました。金額 {amount}。',
    },
  },
  block_rejected: {
    cn: {
      title: '大宗交易申请未通过',
      body: '您的大宗交易申请 {order} 未通过，冻结资金已退回可用余额。原因：{reason}。',
    },
    us: {
      title: 'Block trade not approved',
      body: 'Your block trade {order} was not approved; the frozen funds are back in your available balance. Reason: {reason}.',
    },
    jp: {
      title: 'ブロック取引は承認されませんでした',
      body: 'ブロック取引 {order} は承認されませんでした。拘束資金は利用可能残高に戻りました。理由：{reason}。',
    },
  },
  order_filled: {
    cn: { title: '订单成交', body: '订单 {order}：{code} {side} {quantity} 股，成交价 {price}。' },
    us: { title: 'Order filled', body: 'Order {order}: {side} {quantity} × {code} filled at {price}.' },
    jp: {
      title: '約定しました',
      body: '注文 {order}：{code} {side} {quantity} 株が {price} で約定しました。',
    },
  },
  stop_out: {
    cn: {
      title: '强制平仓',
      body: '持仓 {order}（{code}，{quantity} 股）亏损达到保证金的规定比例，已按市价 {price} 平仓，盈亏 {pnl}。',
    },
    us: {
      title: 'Position stopped out',
      body: 'Position {order} ({quantity} × {code}) reached the stop-out loss and was closed at market, {price}; P&L {pnl}.',
    },
    jp: {
      title: 'ロスカットされました',
      body: '建玉 {order}（{code} {quantity} 株）の損失が証拠金の所定割合に達したため、成行 {price} で決済しました。損益 {pnl}。',
    },
  },
  order_expired: {
    cn: {
      title: '委托已失效',
      body: '限价委托 {order}（{code}，{quantity} 股，限价 {price}）在收盘时未成交，已失效，冻结资金已释放。',
    },
    us: {
      title: 'Order expired',
      body: 'Limit order {order} ({quantity} × {code} at {price}) did not fill by the session close and expired; its funds are released.',
    },
    jp: {
      title: '注文が失効しました',
      body: '指値注文 {order}（{code} {quantity} 株、指値 {price}）は大引けまでに約定せず失効しました。拘束資金は解放されました。',
    },
  },
  order_triggered: {
    cn: {
      title: '条件单已触发',
      body: '委托 {order}（{code} {side} {quantity} 股）的触发价已在 {price} 达到，委托已发出。',
    },
    us: {
      title: 'Trigger reached',
      body: 'Order {order} ({side} {quantity} × {code}): its trigger was reached at {price} and the order was sent.',
    },
    jp: {
      title: '逆指値が発動しました',
      body: '注文 {order}（{code} {side} {quantity} 株）は {price} で発動条件に達し、発注されました。',
    },
  },
  take_profit_closed: {
    cn: {
      title: '止盈已平仓',
      body: '持仓 {order}（{code}，{quantity} 股）达到止盈价，已按 {price} 平仓，盈亏 {pnl}。',
    },
    us: {
      title: 'Take-profit reached',
      body: 'Position {order} ({quantity} × {code}) reached its take-profit and was closed at {price}; P&L {pnl}.',
    },
    jp: {
      title: '利確注文が約定しました',
      body: '建玉 {order}（{code} {quantity} 株）は利確価格に達し、{price} で決済しました。損益 {pnl}。',
    },
  },
  stop_loss_closed: {
    cn: {
      title: '止损已平仓',
      body: '持仓 {order}（{code}，{quantity} 股）达到止损价，已按 {price} 平仓，盈亏 {pnl}。',
    },
    us: {
      title: 'Stop-loss reached',
      body: 'Position {order} ({quantity} × {code}) reached its stop-loss and was closed at {price}; P&L {pnl}.',
    },
    jp: {
      title: '損切り注文が約定しました',
      body: '建玉 {order}（{code} {quantity} 株）は損切り価格に達し、{price} で決済しました。損益 {pnl}。',
    },
  },
  ipo_won: {
    cn: {
      title: '新股中签',
      body: '您申购的 {code} 中签 {quantity} 股，应缴 {amount}，请在 {due} 前缴款或放弃。',
    },
    us: {
      title: 'New share won',
      body: 'Your subscription to {code} won {quantity} shares. {amount} is due: pay or decline before {due}.',
    },
    jp: {
      title: 'IPO当選',
      body: '{code} の抽選で {quantity} 株当選しました。{amount} を {due} までに購入または辞退してください。',
    },
  },
  ipo_paid: {
    cn: { title: '新股已缴款', body: '您已为 {code} 的 {quantity} 股缴款 {amount}，上市日将转为持仓。' },
    us: {
      title: 'New share paid',
      body: 'You paid {amount} for {quantity} shares of {code}; they become a holding on listing day.',
    },
    jp: {
      title: 'IPO購入完了',
      body: '{code} の {quantity} 株について {amount} を購入しました。上場日に保有ポジションになります。',
    },
  },
  ipo_not_won: {
    cn: { title: '新股未中签', body: '您申购的 {code} 未中签，冻结资金 {amount} 已解冻。' },
    us: {
      title: 'New share not won',
      body: 'Your subscription to {code} was not drawn; the frozen {amount} is released.',
    },
    jp: { title: 'IPO落選', body: '{code} の抽選は落選となりました。拘束金 {amount} を解除しました。' },
  },
  ipo_waived: {
    cn: { title: '已放弃认购', body: '您已放弃 {code} 的中签股份，冻结资金 {amount} 已解冻。' },
    us: {
      title: 'Allotment declined',
      body: 'You declined the shares of {code} you won; the frozen {amount} is released.',
    },
    jp: {
      title: '購入を辞退しました',
      body: '{code} の当選株を辞退しました。拘束金 {amount} を解除しました。',
    },
  },
  ipo_failed: {
    cn: {
      title: '缴款逾期',
      body: '{code} 的中签股份未在期限前缴款，认购失效，冻结资金 {amount} 已解冻。',
    },
    us: {
      title: 'Payment deadline passed',
      body: 'The shares of {code} you won were not paid by the deadline; the allotment lapsed and the frozen {amount} is released.',
    },
    jp: {
      title: '購入期限切れ',
      body: '{code} の当選株は期限までに購入されなかったため失効し、拘束金 {amount} を解除しました。',
    },
  },
  ipo_listed: {
    cn: { title: '新股上市', body: '{code} 今日上市，您的 {quantity} 股已按申购价 {price} 转为持仓。' },
    us: {
      title: 'New share listed',
      body: '{code} listed today; your {quantity} shares are now a holding at the subscription price {price}.',
    },
    jp: {
      title: '新規上場',
      body: '{code} は本日上場しました。{quantity} 株が申込価格 {price} で保有ポジションになりました。',
    },
  },
  daytrade_approved: {
    cn: {
      title: '日内交易申请已通过',
      body: '您的日内交易申请 {order}（{amount}，{day}）已通过。当日可用日内模式交易，收盘时全部平仓并结算。',
    },
    us: {
      title: 'Day trading approved',
      body: 'Your day-trading application {order} ({amount}, {day}) was approved. Trade in day mode that day; every day position is closed and settled at the session close.',
    },
    jp: {
      title: 'デイトレードが承認されました',
      body: 'デイトレードの申込 {order}（{amount}、{day}）が承認されました。当日はデイトレードモードで取引でき、大引けで全建玉を決済し精算します。',
    },
  },
  daytrade_rejected: {
    cn: {
      title: '日内交易申请未通过',
      body: '您的日内交易申请 {order} 未通过，冻结资金已释放。原因：{reason}。',
    },
    us: {
      title: 'Day trading not approved',
      body: 'Your day-trading application {order} was not approved and its funds are released. Reason: {reason}.',
    },
    jp: {
      title: 'デイトレードは承認されませんでした',
      body: 'デイトレードの申込 {order} は承認されず、拘束資金は解放されました。理由：{reason}。',
    },
  },
  daytrade_failed: {
    cn: {
      title: '日内交易未能进行',
      body: '日内交易 {order}（{day}）在收盘前未能开始，冻结资金 {amount} 已释放。',
    },
    us: {
      title: 'Day trading could not take place',
      body: 'Day trade {order} ({day}) could not start before the session close; the frozen {amount} is released.',
    },
    jp: {
      title: 'デイトレードは実施できませんでした',
      body: 'デイトレード {order}（{day}）は大引けまでに開始できなかったため、拘束資金 {amount} を解放しました。',
    },
  },
  daytrade_settled: {
    cn: {
      title: '日内交易已结算',
      body: '日内交易 {order}（{day}）已在收盘时平仓结算：盈亏 {pnl}，返还可用资金 {returned}。',
    },
    us: {
      title: 'Day trade settled',
      body: 'Day trade {order} ({day}) was closed and settled at the session close: P&L {pnl}, {returned} returned to available funds.',
    },
    jp: {
      title: 'デイトレードを精算しました',
      body: 'デイトレード {order}（{day}）を大引けで決済・精算しました。損益 {pnl}、利用可能資金へ {returned} を返金しました。',
    },
  },
  // SPEC §13.3 price alerts: the stock (its name in the investor's language), the condition, the price.
  alert_above: {
    cn: { title: '价格提醒：{name}', body: '{name}（{code}）现价 {price}，已达到或高于您设定的 {value}。' },
    us: {
      title: 'Price alert: {name}',
      body: '{name} ({code}) is at {price}, at or above your alert price of {value}.',
    },
    jp: {
      title: '株価アラート：{name}',
      body: '{name}（{code}）が {price} になり、設定価格 {value} 以上に達しました。',
    },
  },
  alert_below: {
    cn: { title: '价格提醒：{name}', body: '{name}（{code}）现价 {price}，已达到或低于您设定的 {value}。' },
    us: {
      title: 'Price alert: {name}',
      body: '{name} ({code}) is at {price}, at or below your alert price of {value}.',
    },
    jp: {
      title: '株価アラート：{name}',
      body: '{name}（{code}）が {price} になり、設定価格 {value} 以下に達しました。',
    },
  },
  alert_rise: {
    cn: {
      title: '价格提醒：{name}',
      body: '{name}（{code}）今日上涨 {change}%，现价 {price}，已达到您设定的涨幅 +{value}%。',
    },
    us: {
      title: 'Price alert: {name}',
      body: '{name} ({code}) is up {change}% today at {price}, reaching your alert of +{value}%.',
    },
    jp: {
      title: '株価アラート：{name}',
      body: '{name}（{code}）は本日 {change}% 上昇して {price} になり、設定した上昇率 +{value}% に達しました。',
    },
  },
  alert_fall: {
    cn: {
      title: '价格提醒：{name}',
      body: '{name}（{code}）今日下跌 {change}%，现价 {price}，已达到您设定的跌幅 −{value}%。',
    },
    us: {
      title: 'Price alert: {name}',
      body: '{name} ({code}) is down {change}% today at {price}, reaching your alert of −{value}%.',
    },
    jp: {
      title: '株価アラート：{name}',
      body: '{name}（{code}）は本日 {change}% 下落して {price} になり、設定した下落率 −{value}% に達しました。',
    },
  },
} as const satisfies Record<string, Texts>;

export type MessageKey = keyof typeof MESSAGE_TEMPLATES;

/** A stored site message: which one it is and its figures (messages.ts `zMessageTemplate`). */
export interface MessageTemplate {
  key: MessageKey;
  params: Record<string, MessageParam>;
}

export const MESSAGE_KEYS = /* @__PURE__ */ Object.keys(MESSAGE_TEMPLATES) as MessageKey[];

export const MESSAGE_WORDS: Record<'long' | 'short', Record<Language, string>> = {
  long: { cn: '买入', us: 'Long', jp: '買い' },
  short: { cn: '卖空', us: 'Short', jp: '売り' },
};

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGE_TEMPLATES, key);

/**
 * A message's title and body in one language, each parameter written by `format` (the reader's
 * app formats with its number and date rules; the server with plain ones). Null for a key this
 * version does not know.
 */
export function renderMessage(
  template: { key: string; params: Record<string, MessageParam> },
  language: Language,
  format: (param: MessageParam, language: Language) => string,
): { title: string; body: string } | null {
  if (!isMessageKey(template.key)) return null;
  const texts: { title: string; body: string } = MESSAGE_TEMPLATES[template.key][language];
  const fill = (text: string) => fillTemplate(text, template.params, language, format);
  return { title: fill(texts.title), body: fill(texts.body) };
}

/** A text's `{name}` placeholders, each filled with its parameter written by `format` (kept when missing). */
export function fillTemplate(
  text: string,
  params: Record<string, MessageParam>,
  language: Language,
  format: (param: MessageParam, language: Language) => string,
): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const param = params[name];
    return param === undefined ? whole : format(param, language);
  });
}

/** The plain writing of a parameter: grouped digits, the currency's code, an ISO date. */
export function plainParam(param: MessageParam, language: Language): string {
  if ('word' in param) return MESSAGE_WORDS[param.word][language];
  if ('text' in param) return param.text;
  if ('date' in param) return param.date;
  if ('count' in param) return String(param.count);
  const value = 'money' in param ? param.money : param.price;
  const [whole = '0', fraction] = value.replace(/^-/, '').split('.');
  const grouped = `${value.startsWith('-') ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
  return 'money' in param ? `${grouped} ${param.currency satisfies Currency}` : grouped;
}
