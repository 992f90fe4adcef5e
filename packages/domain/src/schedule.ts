import type { Market } from '@kabuto/contract';
import { addLocalDays, isTradingDay, localDateIn, localDateOf, sessionClose, zonedInstant } from './calendar';

/**
 * When a scheduled job is due (ARCHITECTURE "jobs/"): every N milliseconds, daily at a wall-clock
 * time in a time zone, or at each trading day's close of a market. Pure: the jobs runner asks
 * which slots fell due since the last one it finished, so a node that was down catches up.
 */
export type Schedule =
  | { kind: 'every'; ms: number }
  | { kind: 'daily'; at: string; timeZone: string }
  | { kind: 'sessionClose'; market: Market };

export interface Slot {
  /** Names the slot (one run per job and key). */
  key: string;
  dueAt: Date;
}

/** How far back a job catches up at most (missed days or closes). */
export const MAX_CATCH_UP_DAYS = 14;

/**
 * The slots of `schedule` due in (`after`, `now`], oldest first. An interval job has one slot: the
 * latest. A daily or session-close job returns every slot it missed since `after` (bounded by
 * MAX_CATCH_UP_DAYS); with no `after` (never run) only the latest slot, so a new job does not
 * replay history.
 */
export function dueSlots(schedule: Schedule, now: Date, after: Date | null): Slot[] {
  if (schedule.kind === 'every') {
    if (!(schedule.ms > 0)) throw new RangeError('an interval must be positive');
    const start = Math.floor(now.getTime() / schedule.ms) * schedule.ms;
    if (after && start <= after.getTime()) return [];
    return [{ key: new Date(start).toISOString(), dueAt: new Date(start) }];
  }
  const today =
    schedule.kind === 'daily' ? localDateIn(schedule.timeZone, now) : localDateOf(schedule.market, now);
  const slots: Slot[] = [];
  for (let back = MAX_CATCH_UP_DAYS; back >= 0; back--) {
    const date = addLocalDays(today, -back);
    let dueAt: Date;
    if (schedule.kind === 'daily') dueAt = zonedInstant(schedule.timeZone, date, schedule.at);
    else {
      if (!isTradingDay(schedule.market, date)) continue;
      dueAt = sessionClose(schedule.market, date);
    }
    if (dueAt.getTime() > now.getTime()) continue;
    if (after && dueAt.getTime() <= after.getTime()) continue;
    slots.push({ key: date, dueAt });
  }
  return after ? slots : slots.slice(-1);
}
