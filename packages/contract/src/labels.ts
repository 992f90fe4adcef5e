import type { COPY_STRATEGIES } from './api/copy';
import type { Language, LedgerKind } from './enums';

/**
 * One label table for the enums the apps show (SPEC §0.8: no raw key on a screen). Each table is
 * keyed by the enum's values, so a value added to an enum without its label fails the type check.
 */
export type Labels = Record<Language, string>;

/**
 * A name from the data in the reader's language (a `{cn, us, jp}` map), or `fallback` (the
 * one-language text kept beside it) when the data has none for that language.
 */
export function nameIn(
  names: Partial<Labels> | null | undefined,
  language: Language,
  fallback: string,
): string {
  return names?.[language] || fallback;
}

/** What a ledger transaction records (LEDGER_KINDS), as a fund record's type. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, Labels> = {
  deposit: { cn: '入金', us: 'Deposit', jp: '入金' },
  withdrawal_freeze: { cn: '出金冻结', us: 'Withdrawal (frozen)', jp: '出金（拘束）' },
  withdrawal_paid: { cn: '出金已支付', us: 'Withdrawal paid', jp: '出金（送金済）' },
  withdrawal_release: { cn: '出金退回', us: 'Withdrawal returned', jp: '出金（返還）' },
  exchange: { cn: '货币兑换', us: 'Currency exchange', jp: '両替' },
  order_place: { cn: '委托冻结', us: 'Order placed (frozen)', jp: '注文（拘束）' },
  order_open: { cn: '建仓', us: 'Position opened', jp: '建玉' },
  order_fill: { cn: '委托成交', us: 'Order filled', jp: '約定' },
  order_cancel: { cn: '撤单', us: 'Order cancelled', jp: '注文取消' },
  order_modify: { cn: '改单', us: 'Order modified', jp: '注文訂正' },
  order_expire: { cn: '委托过期', us: 'Order expired', jp: '注文失効' },
  position_close: { cn: '平仓', us: 'Position closed', jp: '決済' },
  stop_out: { cn: '强制平仓', us: 'Stop-out', jp: 'ロスカット' },
  adjustment: { cn: '余额调整', us: 'Adjustment', jp: '残高調整' },
  adjustment_freeze: { cn: '调整冻结', us: 'Adjustment (frozen)', jp: '残高調整（拘束）' },
  adjustment_release: { cn: '调整解冻', us: 'Adjustment (released)', jp: '残高調整（解除）' },
  loan_credit: { cn: '借款到账', us: 'Loan credited', jp: '融資の入金' },
  loan_interest: { cn: '借款利息', us: 'Loan interest', jp: '融資の利息' },
  loan_repay: { cn: '还款', us: 'Loan repayment', jp: '融資の返済' },
  block_freeze: { cn: '大宗申购冻结', us: 'Block application (frozen)', jp: 'ブロック申込（拘束）' },
  block_allot: { cn: '大宗成交', us: 'Block allotment', jp: 'ブロック約定' },
  block_release: { cn: '大宗申购退回', us: 'Block application returned', jp: 'ブロック申込（返還）' },
  ipo_freeze: { cn: '新股申购冻结', us: 'New-share application (frozen)', jp: '新規公開株申込（拘束）' },
  ipo_release: { cn: '新股申购退回', us: 'New-share application returned', jp: '新規公開株申込（返還）' },
  ipo_allot: { cn: '新股中签', us: 'New-share allotment', jp: '新規公開株の当選' },
  copy_follow: { cn: '跟单投入', us: 'Copy trading started', jp: 'コピー取引の開始' },
  copy_open: { cn: '跟单建仓', us: 'Copy trading position', jp: 'コピー取引の建玉' },
  copy_end: { cn: '跟单结束', us: 'Copy trading ended', jp: 'コピー取引の終了' },
  daytrade_freeze: { cn: '日内交易冻结', us: 'Day trading (frozen)', jp: 'デイトレード（拘束）' },
  daytrade_release: { cn: '日内交易退回', us: 'Day trading returned', jp: 'デイトレード（返還）' },
  daytrade_settle: { cn: '日内交易结算', us: 'Day trading settled', jp: 'デイトレード精算' },
};

/** Ledger accounts: a user's available, frozen (by purpose) and debt accounts, and the house's. */
export const LEDGER_ACCOUNT_LABELS: Record<string, Labels> = {
  available: { cn: '可用', us: 'Available', jp: '利用可能' },
  debt: { cn: '负债', us: 'Debt', jp: '借入' },
  'frozen:order': { cn: '冻结（委托）', us: 'Frozen (orders)', jp: '拘束（注文）' },
  'frozen:withdrawal': { cn: '冻结（出金）', us: 'Frozen (withdrawal)', jp: '拘束（出金）' },
  'frozen:ipo': { cn: '冻结（新股）', us: 'Frozen (new shares)', jp: '拘束（新規公開株）' },
  'frozen:copy': { cn: '冻结（跟单）', us: 'Frozen (copy trading)', jp: '拘束（コピー取引）' },
  'frozen:block': { cn: '冻结（大宗）', us: 'Frozen (block trades)', jp: '拘束（ブロック取引）' },
  'frozen:daytrade': { cn: '冻结（日内交易）', us: 'Frozen (day trading)', jp: '拘束（デイトレード）' },
  'frozen:adjustment': { cn: '冻结（调整）', us: 'Frozen (adjustment)', jp: '拘束（残高調整）' },
  'house:bank': { cn: '公司·银行清算', us: 'House · bank clearing', jp: '会社・銀行決済' },
  'house:fees': { cn: '公司·手续费', us: 'House · fees', jp: '会社・手数料' },
  'house:pnl': { cn: '公司·交易损益', us: 'House · trading P&L', jp: '会社・売買損益' },
  'house:fx': { cn: '公司·外汇', us: 'House · FX', jp: '会社・為替' },
  'house:loans': { cn: '公司·借款', us: 'House · loans', jp: '会社・融資' },
  'house:adjustments': { cn: '公司·调整', us: 'House · adjustments', jp: '会社・残高調整' },
};

/** Industry sectors of listed and new shares (the market universe's sectors). */
export const SECTOR_LABELS: Record<string, Labels> = {
  automobiles: { cn: '汽车', us: 'Automobiles', jp: '自動車' },
  auto_parts: { cn: '汽车零部件', us: 'Auto Parts', jp: '自動車部品' },
  electronics: { cn: '电子设备', us: 'Electronics', jp: '電気機器' },
  semiconductors: { cn: '半导体', us: 'Semiconductors', jp: '半導体' },
  telecom: { cn: '通信', us: 'Telecommunications', jp: '情報・通信' },
  banks: { cn: '银行', us: 'Banks', jp: '銀行' },
  insurance: { cn: '保险', us: 'Insurance', jp: '保険' },
  securities: { cn: '证券', us: 'Securities', jp: '証券' },
  chemicals: { cn: '化工', us: 'Chemicals', jp: '化学' },
  retail: { cn: '零售', us: 'Retail', jp: '小売' },
  machinery: { cn: '机械', us: 'Machinery', jp: '機械' },
  pharma: { cn: '医药', us: 'Pharmaceuticals', jp: '医薬品' },
  trading: { cn: '综合商社', us: 'Trading Companies', jp: '卸売（商社）' },
  services: { cn: '服务', us: 'Services', jp: 'サービス' },
  games: { cn: '游戏娱乐', us: 'Games & Entertainment', jp: 'ゲーム・娯楽' },
  internet: { cn: '互联网', us: 'Internet', jp: 'インターネット' },
  software: { cn: '软件', us: 'Software', jp: 'ソフトウェア' },
  payments: { cn: '支付', us: 'Payments', jp: '決済' },
  media: { cn: '传媒', us: 'Media', jp: 'メディア' },
  energy: { cn: '能源', us: 'Energy', jp: 'エネルギー' },
  beverages: { cn: '饮料', us: 'Beverages', jp: '飲料' },
  conglomerate: { cn: '多元化控股', us: 'Conglomerates', jp: 'コングロマリット' },
  batteries: { cn: '电池', us: 'Batteries', jp: '電池' },
  solar: { cn: '光伏', us: 'Solar', jp: '太陽光' },
  appliances: { cn: '家电', us: 'Home Appliances', jp: '家電' },
  utilities: { cn: '公用事业', us: 'Utilities', jp: '電力・ガス' },
  mining: { cn: '矿业', us: 'Mining', jp: '鉱業' },
  index: { cn: '指数', us: 'Index', jp: '指数' },
};

/** Copy-trading strategies (COPY_STRATEGIES). */
export const COPY_STRATEGY_LABELS: Record<(typeof COPY_STRATEGIES)[number], Labels> = {
  trend: { cn: '趋势跟踪', us: 'Trend following', jp: 'トレンドフォロー' },
  meanReversion: { cn: '均值回归', us: 'Mean reversion', jp: '平均回帰' },
  basket: { cn: '一篮子股票', us: 'Stock basket', jp: 'バスケット' },
};

/** Bank card types a user links (SPEC §2). */
export const CARD_TYPE_LABELS: Record<'savings' | 'checking' | 'debit', Labels> = {
  savings: { cn: '储蓄账户', us: 'Savings account', jp: '普通預金' },
  checking: { cn: '活期支票账户', us: 'Checking account', jp: '当座預金' },
  debit: { cn: '借记卡', us: 'Debit card', jp: 'デビットカード' },
};

/** The sample content's source name ("Kabuto (sample)"), in each language. */
export const SAMPLE_SOURCE_LABELS: Labels = {
  cn: 'Kabuto（示例）',
  us: 'Kabuto (sample)',
  jp: 'Kabuto（サンプル）',
};
