import { describe, expect, it } from 'vitest';
import { dueSlots } from './schedule';

const at = (iso: string) => new Date(iso);

describe('dueSlots', () => {
  it('gives an interval job its latest slot once', () => {
    const schedule = { kind: 'every', ms: 10_000 } as const;
    const [slot] = dueSlots(schedule, at('2026-11-17T01:00:07Z'), null);
    expect(slot).toEqual({ key: '2026-11-17T01:00:00.000Z', dueAt: at('2026-11-17T01:00:00Z') });
    expect(dueSlots(schedule, at('2026-11-17T01:00:09Z'), slot!.dueAt)).toEqual([]);
    expect(dueSlots(schedule, at('2026-11-17T01:00:31Z'), slot!.dueAt)).toHaveLength(1);
  });

  it('runs a daily job at its wall-clock time in its zone, not before', () => {
    const schedule = { kind: 'daily', at: '00:05', timeZone: 'Asia/Tokyo' } as const;
    // 00:04 Tokyo on 18 Nov: the 17th's run is the latest due.
    expect(dueSlots(schedule, at('2026-11-17T15:04:00Z'), null)).toEqual([
      { key: '2026-11-17', dueAt: at('2026-11-16T15:05:00Z') },
    ]);
    expect(dueSlots(schedule, at('2026-11-17T15:05:00Z'), null)[0]!.key).toBe('2026-11-18');
  });

  it('catches up every missed day after downtime, oldest first', () => {
    const schedule = { kind: 'daily', at: '00:05', timeZone: 'Asia/Tokyo' } as const;
    const slots = dueSlots(schedule, at('2026-11-20T01:00:00Z'), at('2026-11-16T15:05:00Z'));
    expect(slots.map((s) => s.key)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
  });

  it('settles each trading day at the market close, skipping weekends and holidays', () => {
    const schedule = { kind: 'sessionClose', market: 'jpy' } as const;
    // Friday 20 Nov 15:30 Tokyo close; Monday 23 Nov 2026 is Labour Thanksgiving Day (a holiday).
    const slots = dueSlots(schedule, at('2026-11-24T07:00:00Z'), at('2026-11-19T06:30:00Z'));
    expect(slots.map((s) => s.key)).toEqual(['2026-11-20', '2026-11-24']);
    expect(slots[0]!.dueAt).toEqual(at('2026-11-20T06:30:00Z'));
  });

  it('is not due before the close of the day', () => {
    const schedule = { kind: 'sessionClose', market: 'cny' } as const;
    const slots = dueSlots(schedule, at('2026-11-17T06:59:00Z'), at('2026-11-16T07:00:00Z'));
    expect(slots).toEqual([]);
    expect(dueSlots(schedule, at('2026-11-17T07:00:00Z'), at('2026-11-16T07:00:00Z'))[0]!.key).toBe(
      '2026-11-17',
    );
  });
});
