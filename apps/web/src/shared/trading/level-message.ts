import { type Market, PRICE_DECIMALS } from '@kabuto/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPriceWithSymbol } from '../format/money';
import { useLanguage } from '../i18n/setup';
import type { LevelError } from './order-form';

/** The fields a level message names, by their label under `protect`. */
const LEVEL_LABEL = {
  trigger: 'protect.trigger',
  amount: 'protect.trailAmount',
  percent: 'protect.trailPercent',
  takeProfit: 'protect.takeProfit',
  stopLoss: 'protect.stopLoss',
} as const;
export type LevelLabel = keyof typeof LEVEL_LABEL;

/**
 * What is wrong with a trigger, trail, take-profit or stop-loss, in the reader's language and
 * naming the field: "Stop-loss must be below ¥2,600.0" (SPEC §13.2 `trigger_invalid` before it
 * is sent). Null when nothing is wrong.
 */
export function useLevelMessage(): (
  problem: LevelError | null | undefined,
  label: LevelLabel,
  market: Market,
  reference?: string | null,
) => string | null {
  const { t } = useTranslation('trading');
  const language = useLanguage();
  return useCallback(
    (problem, label, market, reference = null) =>
      problem
        ? t(`protect.level.${problem}`, {
            label: t(LEVEL_LABEL[label]),
            decimals: label === 'percent' ? 2 : PRICE_DECIMALS[market],
            price: formatPriceWithSymbol(reference, market, language),
          })
        : null,
    [t, language],
  );
}
