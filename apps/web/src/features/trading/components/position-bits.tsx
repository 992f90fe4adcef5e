import { useTranslation } from 'react-i18next';
import { shownState } from '../lib/position-view';
import type { Position } from '../lib/types';

/** Long / short in the reader's up / down colour, always with its word (SPEC §12: never colour alone). */
export function DirectionBadge({ direction }: { direction: Position['direction'] }) {
  const { t } = useTranslation('trading');
  return <span className={`kb-direction kb-direction--${direction}`}>{t(`direction.${direction}`)}</span>;
}

/** Marks a day-trading position (SPEC §6.5: day-mode orders and positions are marked in every list). */
export function ModeBadge({ mode }: { mode: Position['mode'] }) {
  const { t } = useTranslation('trading');
  if (mode !== 'day') return null;
  return (
    <span className="kb-mode-badge" data-testid="position-mode-day">
      {t('mode.day')}
    </span>
  );
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
