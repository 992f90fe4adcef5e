import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './time';

describe('time display', () => {
  it('shows a wire time in the given zone with a 24-hour clock and says the zone', () => {
    expect(formatDateTime('2025-03-14T00:30:00Z', 'jp', 'Asia/Tokyo')).toBe('2025/03/14 09:30 JST');
    expect(formatDateTime('2025-03-14T00:30:00Z', 'us', 'America/New_York')).toBe('03/13/2025, 20:30 EDT');
    expect(formatDateTime('2025-03-14T00:30:00Z', 'cn', 'Asia/Shanghai')).toBe('2025/03/14 08:30 GMT+8');
  });

  it("labels a time in the reader's own zone too", () => {
    const text = formatDateTime('2025-03-14T00:30:00Z', 'us');
    expect(text).toMatch(/\d\d:\d\d \S+$/);
  });

  it('shows a dash for a missing or invalid time', () => {
    expect(formatDateTime(undefined, 'cn')).toBe('—');
    expect(formatDate('not a date', 'jp')).toBe('—');
  });

  it('shows the calendar date alone when asked', () => {
    expect(formatDate('2025-03-14T00:30:00+09:00', 'cn', 'Asia/Shanghai')).toBe('2025/03/13');
  });
});
