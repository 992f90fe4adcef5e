import { describe, expect, it } from 'vitest';
import { formatPercent, formatPrice, formatSigned, trendColor, trendOf, upColorOf } from './price';

describe('price colour convention', () => {
  it('paints rises red and falls green for Chinese and Japanese readers', () => {
    for (const language of ['cn', 'jp'] as const) {
      expect(trendColor('up', language, 'auto')).toBe('red');
      expect(trendColor('down', language, 'auto')).toBe('green');
    }
  });

  it('paints rises green and falls red for English readers', () => {
    expect(trendColor('up', 'us', 'auto')).toBe('green');
    expect(trendColor('down', 'us', 'auto')).toBe('red');
  });

  it('lets the setting override the language convention either way', () => {
    expect(upColorOf('us', 'redUp')).toBe('red');
    expect(upColorOf('jp', 'greenUp')).toBe('green');
    expect(trendColor('down', 'cn', 'greenUp')).toBe('red');
  });

  it('leaves an unchanged price uncoloured', () => {
    expect(trendColor('flat', 'cn', 'auto')).toBe('neutral');
  });
});

describe('trend', () => {
  it('reads the sign of wire decimals and treats garbage as flat', () => {
    expect(trendOf('1.5')).toBe('up');
    expect(trendOf('-0.01')).toBe('down');
    expect(trendOf('0.00')).toBe('flat');
    expect(trendOf('-')).toBe('flat');
    expect(trendOf('')).toBe('flat');
    expect(trendOf(null)).toBe('flat');
  });
});

describe('number formatting', () => {
  it('always shows a sign on a change so colour is never the only cue', () => {
    expect(formatSigned('12.5', 2, 'us')).toBe('+12.50');
    expect(formatSigned('-3', 2, 'jp')).toBe('-3.00');
    expect(formatSigned('0', 2, 'cn')).toBe('0.00');
  });

  it('formats percentages with a sign and two decimals by default', () => {
    expect(formatPercent('1.234', 'us')).toBe('+1.23%');
    expect(formatPercent('-0.005', 'jp')).toBe('-0.01%');
  });

  it('groups thousands and keeps exact digits for large prices', () => {
    expect(formatPrice('1234567.8', 1, 'jp')).toBe('1,234,567.8');
    expect(formatPrice('9007199254740993.25', 2, 'us')).toBe('9,007,199,254,740,993.25');
  });

  it('shows zero for empty, dash or invalid values', () => {
    expect(formatPrice('-', 2, 'us')).toBe('0.00');
    expect(formatPrice(undefined, 0, 'jp')).toBe('0');
    expect(formatSigned('abc', 1, 'cn')).toBe('0.0');
  });
});
