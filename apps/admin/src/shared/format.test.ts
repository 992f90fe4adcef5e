import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, formatDuration, formatTime } from './format';
import { jp } from './i18n/jp';
import { us } from './i18n/us';

beforeAll(async () => {
  await i18next.init({ lng: 'us', resources: { us: { translation: us }, jp: { translation: jp } } });
});

describe('back-office formats', () => {
  it('groups a decimal string without passing it through a float', async () => {
    await i18next.changeLanguage('us');
    expect(formatAmount('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
    expect(formatAmount('-250000')).toBe('-250,000');
    expect(formatAmount(null)).toBe('0');
    expect(formatAmount('-')).toBe('0');
  });

  it('says how long an item has waited in the reader language', async () => {
    await i18next.changeLanguage('us');
    expect(formatDuration(((26 * 60 + 5) * 60 + 30) * 1000)).toBe('1 day 2 h 5 min');
    expect(formatDuration(59_000)).toBe('0 min');
    await i18next.changeLanguage('jp');
    expect(formatDuration(90 * 60_000)).toBe('1時間 30分');
  });

  it("shows a market event on its market's clock and an account event on the reader's, both labelled", async () => {
    await i18next.changeLanguage('jp');
    expect(formatTime('2025-03-14T12:26:07Z', 'jpy')).toBe('2025/03/14 21:26:07 JST');
    // A market named by its currency, as position and application rows carry it.
    expect(formatTime('2025-03-14T12:26:07Z', 'USD')).toBe('2025/03/14 08:26:07 GMT-4');
    await i18next.changeLanguage('us');
    const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date('2025-03-14T12:26:07Z'))
      .find((p) => p.type === 'timeZoneName')!.value;
    expect(formatTime('2025-03-14T12:26:07Z')).toMatch(new RegExp(`^03/14/2025, \\d\\d:26:07 ${zone}$`));
    expect(formatTime('2025-03-14T12:26:07Z', 'reader')).toBe(formatTime('2025-03-14T12:26:07Z'));
    expect(formatTime(null, 'jpy')).toBe('-');
  });
});
