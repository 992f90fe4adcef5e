import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatWhen, zoneLabel } from './time';

const AT = '2025-03-14T12:26:00Z';

describe('time display', () => {
  it("shows a market event on the market's clock, labelled with the zone, in every language", () => {
    expect(formatWhen(AT, 'jp', 'jpy')).toBe('2025/03/14 21:26 JST');
    expect(formatWhen(AT, 'cn', 'jpy')).toBe('2025/03/14 21:26 GMT+9');
    expect(formatWhen(AT, 'us', 'jpy')).toBe('03/14/2025, 21:26 GMT+9');
    expect(formatWhen(AT, 'us', 'usd')).toBe('03/14/2025, 08:26 EDT');
    expect(formatWhen(AT, 'cn', 'cny')).toBe('2025/03/14 20:26 GMT+8');
  });

  it("shows the reader's own action on the reader's clock, still labelled", () => {
    const own = formatWhen(AT, 'us', 'reader');
    expect(own).toMatch(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d \S+$/);
    expect(formatWhen(AT, 'us', 'reader')).toBe(formatDateTime(AT, 'us'));
  });

  it('shows the time alone with its zone, and the date alone without one', () => {
    expect(formatWhen(AT, 'jp', 'jpy', 'time')).toBe('21:26 JST');
    expect(formatWhen('2025-03-14T16:00:00Z', 'jp', 'jpy', 'date')).toBe('2025/03/15');
  });

  it('uses a 24-hour clock that never shows 24:00', () => {
    expect(formatWhen('2025-03-14T15:00:00Z', 'us', 'jpy', 'time')).toBe('00:00 GMT+9');
  });

  it("names a market's zone the way its times are labelled", () => {
    expect(zoneLabel('jpy', 'jp', new Date(AT))).toBe('JST');
    expect(zoneLabel('cny', 'cn', new Date(AT))).toBe('GMT+8');
  });

  it("shows a trading day as written, in the reader's date style, never shifted by a zone", () => {
    expect(formatDay('2026-11-17', 'jp')).toBe('2026/11/17');
    expect(formatDay('2026-11-17', 'us')).toBe('11/17/2026');
    expect(formatDay('17 Nov', 'cn')).toBe('—');
  });

  it('shows a dash for a missing or invalid time', () => {
    expect(formatWhen(undefined, 'cn', 'jpy')).toBe('—');
    expect(formatWhen('not a date', 'us', 'reader')).toBe('—');
    expect(formatDateTime(undefined, 'cn')).toBe('—');
    expect(formatDate('not a date', 'jp')).toBe('—');
  });

  it('keeps the explicit-zone forms for callers holding a zone', () => {
    expect(formatDateTime('2025-03-14T00:30:00Z', 'jp', 'Asia/Tokyo')).toBe('2025/03/14 09:30 JST');
    expect(formatDate('2025-03-14T00:30:00+09:00', 'cn', 'Asia/Shanghai')).toBe('2025/03/13');
  });
});
