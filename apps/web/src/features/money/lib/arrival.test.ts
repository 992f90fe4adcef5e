import { describe, expect, it } from 'vitest';
import { depositArrival, formatDeadline } from './arrival';

describe('deposit arrival', () => {
  it('promises about two hours from now, at the latest T+1 24:00', () => {
    const now = new Date('2026-11-24T01:00:00Z'); // Tue 10:00 Tokyo
    const arrival = depositArrival(now, 2, '2026-11-25T15:00:00Z');
    expect(arrival?.normally.toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(arrival?.latest.toISOString()).toBe('2026-11-25T15:00:00.000Z');
  });

  it('never promises the usual time later than the latest one', () => {
    const now = new Date('2026-11-25T14:30:00Z');
    const arrival = depositArrival(now, 2, '2026-11-25T15:00:00Z');
    expect(arrival?.normally.toISOString()).toBe('2026-11-25T15:00:00.000Z');
  });

  it('gives no promise for a malformed deadline', () => {
    expect(depositArrival(new Date(), 2, 'soon')).toBeNull();
  });
});

describe('deadline text', () => {
  it('writes midnight Tokyo as 24:00 of the day that ends', () => {
    // 2026-11-26 00:00 in Tokyo is the end of 11/25.
    expect(formatDeadline('2026-11-25T15:00:00Z', 'us')).toBe('11/25\u00a024:00\u00a0GMT+9');
    expect(formatDeadline('2026-11-25T15:00:00Z', 'jp')).toBe('11/25\u00a024:00\u00a0JST');
  });

  it('writes other times in Japan time, 24-hour clock', () => {
    expect(formatDeadline('2026-11-24T03:05:00Z', 'cn')).toBe('11/24\u00a012:05\u00a0GMT+9');
    expect(formatDeadline(new Date('2026-11-24T13:30:00Z'), 'us')).toBe('11/24\u00a022:30\u00a0GMT+9');
  });

  it('shows a dash for a time it cannot read', () => {
    expect(formatDeadline('later', 'jp')).toBe('—');
  });
});
