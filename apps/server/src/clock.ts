/** Time comes from a clock so tests can freeze and move it (CONVENTIONS §8). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements AdjustableClock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** A clock that can be moved forward (tests and the browser journeys' server). */
export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

/**
 * The system's time plus an offset that only grows: the browser journeys' server runs on it so a
 * journey can reach a deadline, a draw or a session close (KABUTO_CLOCK_TRAVEL, never in
 * production; docs/operations.md).
 */
export class TravelClock implements AdjustableClock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export const isAdjustable = (clock: Clock): clock is AdjustableClock =>
  typeof (clock as Partial<AdjustableClock>).advance === 'function';
