import { type Currency, Decimal, minorToDecimal, parseMinor } from '@kabuto/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyWithSymbol } from '../format/money';
import { useLanguage } from '../i18n/setup';

/** What is wrong with a quantity of shares as chosen, if anything. */
export type QuantityProblem = 'required' | 'below' | 'above' | 'lot' | 'balance';

export interface QuantityLimits {
  min: number;
  max?: number | null;
  /** The trading unit: the quantity must be a whole number of lots. */
  lot: number;
  /** Price per share and the cash available, to refuse what the reader cannot pay for. */
  price?: string;
  availableMinor?: number | null;
  currency?: Currency;
}

/** The cost of `quantity` shares at `price`, exact (decimal string). */
export function costOf(price: string, quantity: number): string {
  return new Decimal(price).times(quantity).toFixed();
}

/**
 * SPEC §12: checks a quantity before any confirmation — a whole number, within the minimum and
 * the cap, a multiple of the lot, and (when a price and the cash are given) affordable.
 */
export function quantityProblem(
  quantity: number | null | undefined,
  limits: QuantityLimits,
): QuantityProblem | null {
  if (quantity === null || quantity === undefined || !Number.isInteger(quantity) || quantity <= 0)
    return 'required';
  if (quantity < limits.min) return 'below';
  if (limits.max != null && quantity > limits.max) return 'above';
  if (limits.lot > 0 && quantity % limits.lot !== 0) return 'lot';
  if (limits.price && limits.availableMinor != null && limits.currency) {
    const cost = parseMinor(costOf(limits.price, quantity), limits.currency);
    if (cost === null || cost > limits.availableMinor) return 'balance';
  }
  return null;
}

/** The reader's-language reason a quantity is refused (null when it is fine). */
export function useQuantityMessage(): (
  quantity: number | null | undefined,
  limits: QuantityLimits,
) => string | null {
  const { t } = useTranslation('common');
  const language = useLanguage();
  return useCallback(
    (quantity, limits) => {
      const problem = quantityProblem(quantity, limits);
      if (!problem) return null;
      const shares = (n: number | null | undefined) => (n ?? 0).toLocaleString();
      if (problem === 'required') return t('quantity.required');
      if (problem === 'below') return t('quantity.below', { min: shares(limits.min) });
      if (problem === 'above') return t('quantity.above', { max: shares(limits.max) });
      if (problem === 'lot') return t('quantity.lot', { lot: shares(limits.lot) });
      const currency = limits.currency!;
      return t('quantity.balance', {
        amount: formatMoneyWithSymbol(costOf(limits.price!, quantity!), currency, language),
        available: formatMoneyWithSymbol(
          minorToDecimal(limits.availableMinor ?? 0, currency),
          currency,
          language,
        ),
      });
    },
    [t, language],
  );
}
