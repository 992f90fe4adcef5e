import { describe, expect, it } from 'vitest';
import { formatDay, formatWhen, zoneLabel } from './time';

const AT = '2025-03-14T12:26:00Z';

describe('one time convention', () => {
  it("shows a market event on the market's clock, labelled with the zone, in every language", () => {
    expect(formatWhen(AT, 'jp', 'jpy')).toBe('2025/03/14 21:26 JST');
    expect(formatWhen(AT, 'cn', 'jpy')).toBe('2025/03/14 21:26 GMT+9');
    expect(formatWhen(AT, 'us', 'jpy')).toBe('03/14/2025, 21:26 GMT+9');
    expect(formatWhen(AT, 'us', 'usd')).toBe('03/14/2025, 08:26 EDT');
    expect(formatWhen(AT, 'cn', 'cny')).toBe('2025/03/14 20:26 GMT+8');
  });

  it("shows the reader's own action on the reader's clock, labelled with the reader's zone", () => {
    const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date(AT))
      .find((p) => p.type === 'timeZoneName')!.value;
    const clock = new Intl.DateTimeFormat('en-US', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(AT));
    expect(formatWhen(AT, 'us', 'reader')).toMatch(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d \S+$/);
    expect(formatWhen(AT, 'us', 'reader')).toContain(`${clock} ${zone}`);
    expect(zoneLabel('reader', 'us', new Date(AT))).toBe(zone);
  });

  it('shows the same moment with the same label on every screen of one basis', () => {
    // A block-trade approval read on its product's screen and on the application's detail.
    expect(formatWhen(AT, 'us', 'jpy')).toBe(formatWhen(new Date(AT), 'us', 'jpy'));
    expect(formatWhen(AT, 'jp', 'jpy', 'time')).toBe('21:26 JST');
  });

  it('shows seconds for the back office’s tables, still labelled', () => {
    expect(formatWhen('2025-03-14T12:26:07Z', 'jp', 'jpy', 'seconds')).toBe('2025/03/14 21:26:07 JST');
    expect(formatWhen('2025-03-14T12:26:07Z', 'us', 'usd', 'seconds')).toBe('03/14/2025, 08:26:07 EDT');
  });

  it('shows the date alone without a zone, on the basis’s calendar', () => {
    expect(formatWhen('2025-03-14T16:00:00Z', 'jp', 'jpy', 'date')).toBe('2025/03/15');
    expect(formatWhen('2025-03-14T16:00:00Z', 'cn', 'usd', 'date')).toBe('2025/03/14');
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
    expect(formatWhen(null, 'jp', 'reader', 'seconds')).toBe('—');
  });
});
