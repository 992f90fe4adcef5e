import { CURRENCY_DECIMALS, type Currency, type Language, minorToDecimal } from '@kabuto/contract';
import type { TFunction } from 'i18next';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { amountProblem } from '../lib/amount';

/**
 * The antd Form rule for an amount: validates as the user types and says what is wrong in the
 * user's language, with the limit in the currency (SPEC §12).
 */
export function amountRule(
  t: TFunction<'money'>,
  language: Language,
  currency: Currency,
  limits: { minMinor?: number | null; maxMinor?: number | null },
) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const problem = amountProblem(value, currency, limits);
      if (!problem) return;
      const money = (minor: number | null | undefined) =>
        formatMoneyWithSymbol(minorToDecimal(minor ?? 0, currency), currency, language);
      if (problem === 'required') throw new Error(t('amount.required'));
      if (problem === 'invalid') throw new Error(t('amount.invalid'));
      if (problem === 'decimals')
        throw new Error(
          CURRENCY_DECIMALS[currency] === 0
            ? t('amount.noDecimals')
            : t('amount.decimals', { n: CURRENCY_DECIMALS[currency] }),
        );
      if (problem === 'below') throw new Error(t('amount.below', { min: money(limits.minMinor) }));
      throw new Error(t('amount.above', { max: money(limits.maxMinor) }));
    },
  };
}
