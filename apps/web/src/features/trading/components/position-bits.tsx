import { useTranslation } from 'react-i18next';
import { shownState } from '../lib/position-view';
import type { Position } from '../lib/types';

/** Long / short in the reader's up / down colour, always with its word (SPEC §12: never colour alone). */
export function DirectionBadge({ direction }: { direction: Position['direction'] }) {
  const { t } = useTranslation('trading');
  return <span className={`kb-direction kb-direction--${direction}`}>{t(`direction.${direction}`)}</span>;
}

export function StateTag({ position }: { position: Pick<Position, 'state' | 'closeReason'> }) {
  const { t } = useTranslation('trading');
  const label = shownState(position);
  return (
    <span className={`kb-pos-card__state kb-pos-card__state--${position.state}`} data-testid="position-state">
      {t(`state.${label}`)}
    </span>
  );
}
