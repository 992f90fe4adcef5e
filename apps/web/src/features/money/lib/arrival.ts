import { LANGUAGE_LOCALE, type Language } from '@kabuto/contract';
import { dateTimeFormat } from '../../../shared/format/intl';
import { zoneLabel } from '../../../shared/format/time';

/** Deposits, withdrawals and their deadlines are stated in Japan time (SPEC §6.4: Asia/Tokyo). */
export const FUND_TIME_ZONE = 'Asia/Tokyo';

const HOUR_MS = 3_600_000;

/** SPEC §6.4 deposit arrival: normally within about `arrivalHours`, at the latest T+1 24:00. */
export function depositArrival(
  now: Date,
  arrivalHours: number,
  latestIso: string,
): { normally: Date; latest: Date } | null {
  const latest = new Date(latestIso);
  if (Number.isNaN(latest.getTime()) || !Number.isFinite(arrivalHours)) return null;
  const normally = new Date(Math.min(now.getTime() + arrivalHours * HOUR_MS, latest.getTime()));
  return { normally, latest };
}

function parts(date: Date, language: Language): Record<string, string> {
  const out: Record<string, string> = {};
  const format = dateTimeFormat(LANGUAGE_LOCALE[language], {
    timeZone: FUND_TIME_ZONE,
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const part of format.formatToParts(date)) out[part.type] = part.value;
  return out;
}

/** Date and time stay on one line when the sentence wraps. */
const NBSP = '\u00a0';

const dayText = (p: Record<string, string>) => `${p.month}/${p.day}`;

/**
 * A deadline in Japan time, labelled with its zone. Midnight is written the way the promise is made, "24:00" of the day
 * that ends ("T+1 24:00"), not "00:00" of the day after.
 */
export function formatDeadline(value: Date | string, language: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '—';
  const p = parts(date, language);
  // Labelled with its zone as every time is (Japan time is the Tokyo market's: "JST", "GMT+9").
  const zone = `${NBSP}${zoneLabel('jpy', language, date)}`;
  if (p.hour === '00' && p.minute === '00') {
    const dayBefore = parts(new Date(date.getTime() - 1), language);
    return `${dayText(dayBefore)}${NBSP}24:00${zone}`;
  }
  return `${dayText(p)}${NBSP}${p.hour}:${p.minute}${zone}`;
}
