import { useTranslation } from 'react-i18next';
import type { Position } from '../lib/types';

/** Long / short in the reader's up / down colour, always with its word (SPEC §12: never colour alone). */
export function DirectionBadge({ direction }: { direction: Position['direction'] }) {
  const { t } = useTranslation('trading');
  return <span className={`kb-direction kb-direction--${direction}`}>{t(`direction.${direction}`)}</span>;
}

export function StateTag({ state }: { state: Position['state'] }) {
  const { t } = useTranslation('trading');
  return (
    <span className={`kb-pos-card__state kb-pos-card__state--${state}`} data-testid="position-state">
      {t(`state.${state}`)}
    </span>
  );
}
