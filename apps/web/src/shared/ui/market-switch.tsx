import { MARKETS, type Market } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useMarketStore } from '../session/market-store';
import { SegmentedControl } from './segmented-control';

/** Chooses the market (SPEC §1, stored under `stock`); cached answers are keyed by it. */
export function MarketSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const market = useMarketStore((s) => s.market);
  const setMarket = useMarketStore((s) => s.setMarket);
  return (
    <SegmentedControl<Market>
      className={`kb-market-switch ${className ?? ''}`}
      label={t('markets.label')}
      value={market}
      options={MARKETS.map((m) => ({ label: t(`markets.${m}`), value: m }))}
      onChange={setMarket}
    />
  );
}
