import {
  CARD_TYPE_LABELS,
  COPY_STRATEGY_LABELS,
  type Labels,
  LEDGER_ACCOUNT_LABELS,
  LEDGER_KIND_LABELS,
  SECTOR_LABELS,
} from '@kabuto/contract';
import i18next from 'i18next';
import type { Language } from './i18n';

/** The one label table of the enums the back office shows (packages/contract/src/labels.ts). */
export const LABEL_TABLES = {
  ledgerKind: LEDGER_KIND_LABELS,
  ledgerAccount: LEDGER_ACCOUNT_LABELS,
  sector: SECTOR_LABELS,
  strategy: COPY_STRATEGY_LABELS,
  cardType: CARD_TYPE_LABELS,
} as const satisfies Record<string, Record<string, Labels>>;
export type LabelTable = keyof typeof LABEL_TABLES;

const language = (): Language => {
  const l = i18next.language;
  return l === 'cn' || l === 'jp' ? l : 'us';
};

/**
 * A value no table knows yet, made readable rather than shown as a key: `frozen:margin` reads
 * "frozen · margin", `some_kind` "some kind", `someKind` "some kind".
 */
export function humanize(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_:]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** The label of `value` in the reader's language. */
export function label(table: LabelTable, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const labels = (LABEL_TABLES[table] as Record<string, Labels>)[value];
  return labels ? labels[language()] : humanize(value);
}

/** Options of a select over a whole table, labelled in the reader's language. */
export function labelOptions(table: LabelTable): Array<{ value: string; label: string }> {
  return Object.keys(LABEL_TABLES[table]).map((value) => ({ value, label: label(table, value) }));
}

/** An i18n key's text, or the humanized value when the namespace lacks it (never a raw key). */
export function textOr(key: string, value: string): string {
  return i18next.exists(key) ? i18next.t(key) : humanize(value);
}

/** The words of the memos the server writes on ledger transactions, per language. */
const MEMO_WORDS: Record<Exclude<Language, 'us'>, Array<[RegExp, string]>> = {
  cn: [
    [/^strategy capital:/, '策略资金：'],
    [/\bday trade\b/g, '日内交易'],
    [/\bdeposit\b/g, '入金'],
    [/\bwithdrawal\b/g, '出金'],
    [/\bexchange\b/g, '兑换'],
    [/\bblock\b/g, '大宗'],
    [/\bloan\b/g, '借款'],
    [/\binterest\b/g, '利息'],
    [/\bnot won in part\b/g, '部分未中签'],
    [/\bnot won\b/g, '未中签'],
    [/\bwon\b/g, '中签'],
    [/\bsettled\b/g, '已结算'],
    [/\bfailed\b/g, '失败'],
    [/\brejected\b/g, '已驳回'],
    [/\bhouse absorbs\b/g, '公司承担'],
    [/\blong\b/g, '买涨'],
    [/\bshort\b/g, '买跌'],
    [/\bat\b/g, '汇率'],
  ],
  jp: [
    [/^strategy capital:/, '戦略の資金：'],
    [/\bday trade\b/g, 'デイトレード'],
    [/\bdeposit\b/g, '入金'],
    [/\bwithdrawal\b/g, '出金'],
    [/\bexchange\b/g, '両替'],
    [/\bblock\b/g, 'ブロック'],
    [/\bloan\b/g, '融資'],
    [/\binterest\b/g, '利息'],
    [/\bnot won in part\b/g, '一部落選'],
    [/\bnot won\b/g, '落選'],
    [/\bwon\b/g, '当選'],
    [/\bsettled\b/g, '精算済'],
    [/\bfailed\b/g, '不成立'],
    [/\brejected\b/g, '却下'],
    [/\bhouse absorbs\b/g, '会社負担'],
    [/\blong\b/g, '買い'],
    [/\bshort\b/g, '売り'],
    [/\bat\b/g, 'レート'],
  ],
};

/**
 * A ledger memo in the reader's language. The server writes its own memos in English words
 * around numbers and codes ("deposit 1024", "loan 88 interest 2026-11-20"); those words are
 * translated. An adjustment's memo is the operator's own reason and is shown as written.
 */
export function memoText(kind: string, memo: string | null | undefined): string {
  if (!memo) return '';
  const lang = language();
  if (lang === 'us' || kind.startsWith('adjustment')) return memo;
  return MEMO_WORDS[lang].reduce((text, [pattern, word]) => text.replace(pattern, word), memo);
}
