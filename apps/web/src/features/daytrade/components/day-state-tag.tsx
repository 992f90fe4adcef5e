import type { DayTradeState } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';

/** An application's state (SPEC §5 day trade), always in words. */
export function DayStateTag({ state }: { state: DayTradeState }) {
  const { t } = useTranslation('daytrade');
  return (
    <span className={`kb-day-state kb-day-state--${state}`} data-testid="day-state" data-state={state}>
      {t(`state.${state}`)}
    </span>
  );
}
