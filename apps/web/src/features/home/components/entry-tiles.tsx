import { ClockCircleOutline, GiftOutline, TeamOutline, TruckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../shared/routing/paths';

type EntryKey = 'newShare' | 'blockTrade' | 'copyTrading' | 'dayTrading';

/** SPEC §2 home entries: new shares, block trade, copy trading, day trading. */
const ENTRIES: ReadonlyArray<{ key: EntryKey; to: string; icon: ReactNode; tone: string }> = [
  { key: 'newShare', to: PATHS.newShare, icon: <GiftOutline />, tone: 'violet' },
  { key: 'blockTrade', to: PATHS.blockTrade, icon: <TruckOutline />, tone: 'blue' },
  { key: 'copyTrading', to: PATHS.copyTrading, icon: <TeamOutline />, tone: 'teal' },
  { key: 'dayTrading', to: PATHS.dayTrading, icon: <ClockCircleOutline />, tone: 'amber' },
];

export function EntryTiles() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  return (
    <nav className="kb-entry-tiles" aria-label={t('entries.title')}>
      {ENTRIES.map((entry) => (
        <button key={entry.key} type="button" className="kb-entry-tile" onClick={() => navigate(entry.to)}>
          <span className={`kb-entry-tile__icon kb-tone-${entry.tone}`} aria-hidden="true">
            {entry.icon}
          </span>
          <span className="kb-entry-tile__label">{t(`entries.${entry.key}`)}</span>
          <span className="kb-entry-tile__hint">{t(`entries.${entry.key}Hint`)}</span>
        </button>
      ))}
    </nav>
  );
}
