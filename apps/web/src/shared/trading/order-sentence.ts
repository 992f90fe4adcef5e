import type { Market } from '@kabuto/contract';
import type { OrderSentence } from '@kabuto/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPriceWithSymbol } from '../format/money';
import { formatWhen } from '../format/time';
import { useLanguage } from '../i18n/setup';

export interface SentenceInput {
  /** The stock as the reader's language names it. */
  name: string;
  market: Market;
  sentence: OrderSentence;
  /** When the order lapses if nothing happens (null: it fills now). */
  expiresAt?: string | null;
  takeProfit?: string | null;
  stopLoss?: string | null;
}

/**
 * SPEC §13.2: the plain words of what an order will do ("If Toyota falls to ¥2,700.0, sell 100
 * at market; expires 2026/12/25 15:30 JST") in the reader's language, prices with the market's
 * decimals and currency, the expiry on the market's clock.
 */
export function useOrderSentence(): (input: SentenceInput) => string {
  const { t } = useTranslation('trading');
  const language = useLanguage();
  return useCallback(
    ({ name, market, sentence, expiresAt, takeProfit, stopLoss }: SentenceInput) => {
      const shown = (value: string | null) => formatPriceWithSymbol(value, market, language);
      const vars = {
        name,
        quantity: sentence.quantity.toLocaleString(),
        trigger: shown(sentence.trigger),
        limit: shown(sentence.limit),
        trail: sentence.trail
          ? 'amount' in sentence.trail
            ? shown(sentence.trail.amount)
            : `${sentence.trail.percent}%`
          : '',
      };
      let what: string;
      if (sentence.when === 'now') what = t(`protect.sentence.now.${sentence.action}.${sentence.at}`, vars);
      else if (sentence.trail) what = t(`protect.sentence.trail.${sentence.action}`, vars);
      else what = t(`protect.sentence.trigger.${sentence.action}.${sentence.at}`, vars);
      const tp = takeProfit ? shown(takeProfit) : null;
      const sl = stopLoss ? shown(stopLoss) : null;
      const attached =
        tp && sl
          ? t('protect.sentence.attached.both', { tp, sl })
          : tp
            ? t('protect.sentence.attached.tp', { tp })
            : sl
              ? t('protect.sentence.attached.sl', { sl })
              : null;
      if (attached) what = t('protect.sentence.joined', { first: what, second: attached });
      return expiresAt
        ? t('protect.sentence.withExpiry', { what, when: formatWhen(expiresAt, language, market) })
        : t('protect.sentence.plain', { what });
    },
    [t, language],
  );
}
