import { ClockCircleOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/setup';
import { depositArrival, formatDeadline } from '../lib/arrival';

/** Re-evaluates "about 2 hours from now" while the screen stays open. */
const NOW_TICK_MS = 60_000;

/**
 * SPEC §6.4: a deposit arrives normally within about 2 hours, at the latest T+1 24:00; both
 * times are shown for a deposit made now (Japan time).
 */
export function ArrivalNote({
  arrivalHours,
  latestArrival,
}: {
  arrivalHours: number;
  latestArrival: string;
}) {
  const { t } = useTranslation('money');
  const language = useLanguage();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const arrival = depositArrival(now, arrivalHours, latestArrival);
  return (
    <div className="kb-arrival" data-testid="arrival-note">
      <ClockCircleOutline aria-hidden="true" className="kb-arrival__icon" />
      <div>
        <p className="kb-arrival__rule">{t('arrival.rule', { hours: arrivalHours })}</p>
        {arrival && (
          <p className="kb-arrival__times">
            {t('arrival.times', {
              normally: formatDeadline(arrival.normally, language),
              latest: formatDeadline(arrival.latest, language),
            })}
          </p>
        )}
      </div>
    </div>
  );
}
