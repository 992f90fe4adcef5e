import { MARKETS, type Market } from '@kabuto/contract';
import { Segmented } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useMarketStore } from '../session/market-store';

/** Chooses the market (SPEC §1, stored under `stock`); cached answers are keyed by it. */
export function MarketSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const market = useMarketStore((s) => s.market);
  const setMarket = useMarketStore((s) => s.setMarket);
  return (
    <Segmented
      className={`kb-market-switch ${className ?? ''}`}
      block
      value={market}
      options={MARKETS.map((m) => ({ label: t(`markets.${m}`), value: m }))}
      onChange={(value) => {
        const next = MARKETS.find((m: Market) => m === value);
        if (next) setMarket(next);
      }}
    />
  );
}
