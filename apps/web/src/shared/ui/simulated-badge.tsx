import { useTranslation } from 'react-i18next';
import { useConfigValue } from '../config/config-store';

/**
 * SPEC §0.8, §12: prices from the simulated feed always carry a small "Simulated" badge. The
 * server says whether its feed is simulated (config `simulated`); unknown counts as simulated.
 */
export function SimulatedBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const simulated = useConfigValue('simulated', 'true') !== 'false';
  if (!simulated) return null;
  return (
    <span className={`kb-sim-badge ${className ?? ''}`} title={t('simulatedHint')}>
      <span className="kb-sim-badge__tag">{t('simulated')}</span>
    </span>
  );
}
