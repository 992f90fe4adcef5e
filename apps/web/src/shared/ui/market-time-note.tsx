import type { Market } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { zoneLabel } from '../format/time';
import { useLanguage } from '../i18n/setup';

/** "Times in Japan market time (JST)": the market by its name in the reader's language, never a raw zone id. */
export function MarketTimeNote({ market, className }: { market: Market; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <p className={className} data-testid="market-time-note">
      {t('marketTime', { market: t(`markets.${market}`), zone: zoneLabel(market, language) })}
    </p>
  );
}
