import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './time';

describe('time display', () => {
  it('shows a wire time in the given zone with a 24-hour clock', () => {
    expect(formatDateTime('2025-03-14T00:30:00Z', 'jp', 'Asia/Tokyo')).toBe('2025/03/14 09:30');
    expect(formatDateTime('2025-03-14T00:30:00Z', 'us', 'America/New_York')).toBe('03/13/2025, 20:30');
  });

  it('shows a dash for a missing or invalid time', () => {
    expect(formatDateTime(undefined, 'cn')).toBe('—');
    expect(formatDate('not a date', 'jp')).toBe('—');
  });

  it('shows the calendar date alone when asked', () => {
    expect(formatDate('2025-03-14T00:30:00+09:00', 'cn', 'Asia/Shanghai')).toBe('2025/03/13');
  });
});
