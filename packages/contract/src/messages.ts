import { z } from 'zod';
import { CURRENCIES, type Currency, type Language } from './enums';

/**
 * Site messages as a key with parameters (SPEC §6.6): the server stores which message it is and
 * the figures in it; the reader's app writes amounts, prices and dates in the reader's language
 * and currency rules. The texts live here, once, for both sides: the server also stores them
 * rendered plainly, for a reader that does not know the key.
 */

/** One figure or word of a message, typed so the reader can format it. */
export const zMessageParam = z.union([
  z.object({ money: z.string(), currency: z.enum(CURRENCIES) }),
  z.object({ price: z.string() }),
  z.object({ count: z.number() }),
  z.object({ date: z.string() }),
  z.object({ word: z.enum(['long', 'short']) }),
  z.object({ text: z.string() }),
]);
export type MessageParam = z.infer<typeof zMessageParam>;

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
} as const satisfies Record<string, Texts>;

export type MessageKey = keyof typeof MESSAGE_TEMPLATES;
export const MESSAGE_KEYS = Object.keys(MESSAGE_TEMPLATES) as MessageKey[];

export const MESSAGE_WORDS: Record<'long' | 'short', Record<Language, string>> = {
  long: { cn: '买入', us: 'Long', jp: '買い' },
  short: { cn: '卖空', us: 'Short', jp: '売り' },
};

export const zMessageTemplate = z.object({
  key: z.string().describe('a key of MESSAGE_TEMPLATES (packages/contract/src/messages.ts)'),
  params: z.record(z.string(), zMessageParam),
});
export interface MessageTemplate {
  key: MessageKey;
  params: Record<string, MessageParam>;
}

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
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const param = template.params[name];
      return param === undefined ? whole : format(param, language);
    });
  return { title: fill(texts.title), body: fill(texts.body) };
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
