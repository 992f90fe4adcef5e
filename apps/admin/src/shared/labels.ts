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
