import { CURRENCY_DECIMALS, type Currency, minorToDecimal } from '@kabuto/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyWithSymbol } from '../format/money';
import { useLanguage } from '../i18n/setup';
import { type AmountLimits, amountProblem } from './amount';

/** An antd-mobile Form rule: its validator throws the message shown under the field. */
export interface FieldRule {
  validator: (rule: unknown, value: string | undefined) => Promise<void>;
}

/**
 * The one form pattern for an amount (SPEC §12): an antd Form rule that validates as the user
 * types and again when the form is submitted — before any confirmation opens, since `onFinish`
 * runs only once every rule passes — and says what is wrong in the reader's language, with the
 * limit in the currency.
 */
export function useAmountRule(): (currency: Currency, limits?: AmountLimits) => FieldRule {
  const { t } = useTranslation('common');
  const language = useLanguage();
  return useCallback(
    (currency, limits = {}) => ({
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
        if (problem === 'balance')
          throw new Error(t('amount.balance', { available: money(limits.balanceMinor) }));
        throw new Error(t('amount.above', { max: money(limits.maxMinor) }));
      },
    }),
    [t, language],
  );
}
