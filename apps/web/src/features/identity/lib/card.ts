/** Card numbers the contract accepts: 6 to 30 digits once spaces and hyphens are gone. */
export const CARD_DIGITS_MIN = 6;
export const CARD_DIGITS_MAX = 30;

export function normalizeCardNumber(text: string): string {
  return text.normalize('NFKC').replace(/[\s-]/g, '');
}

export type CardNumberProblem = 'required' | 'digits' | 'length';

export function cardNumberProblem(text: string | undefined): CardNumberProblem | null {
  const value = normalizeCardNumber(text ?? '');
  if (!value) return 'required';
  if (!/^\d+$/.test(value)) return 'digits';
  if (value.length < CARD_DIGITS_MIN || value.length > CARD_DIGITS_MAX) return 'length';
  return null;
}

/** Groups digits in fours while typing, so a long number can be checked at a glance. */
export function groupCardNumber(text: string): string {
  const value = normalizeCardNumber(text).slice(0, CARD_DIGITS_MAX);
  return value.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The masked number as the list shows it (SPEC §4: masked after save). The server sends
 * "**** **** **** 1234"; the list writes it compactly as "•••• 1234".
 */
export function maskedCardText(masked: string): string {
  const last = /(\d{1,4})\s*$/.exec(masked)?.[1];
  return last ? `•••• ${last}` : '••••';
}

/** Card types offered when adding a card; stored as these codes, shown translated. */
export const CARD_TYPES = ['savings', 'checking', 'debit'] as const;
export type CardType = (typeof CARD_TYPES)[number];

export function isCardType(value: string): value is CardType {
  return (CARD_TYPES as readonly string[]).includes(value);
}

/** Free-text bank fields (institution, branch, branch code) and their contract limits. */
export const BANK_FIELD_MAX = { institution: 100, branch: 100, branch_code: 20, holder: 100 } as const;
