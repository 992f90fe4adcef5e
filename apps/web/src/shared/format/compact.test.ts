import { describe, expect, it } from 'vitest';
import { formatCompact, formatCompactMoney } from './compact';

describe('formatCompact', () => {
  it('shortens large numbers in each language', () => {
    expect(formatCompact(1_234_567, 'us')).toBe('1.23M');
    expect(formatCompact(1_234_567, 'cn')).toBe('123.46万');
    expect(formatCompact(123_456_789, 'jp')).toBe('1.23億');
  });

  it('keeps small numbers whole', () => {
    expect(formatCompact(950, 'us')).toBe('950');
  });

  it('shows a dash for missing values', () => {
    expect(formatCompact(null, 'us')).toBe('—');
    expect(formatCompact('-', 'cn')).toBe('—');
  });
});

describe('formatCompactMoney', () => {
  it('shortens market capitalisations with the currency', () => {
    expect(formatCompactMoney('3200000000000', 'USD', 'us')).toBe('$3.2T');
    expect(formatCompactMoney('43600000000000', 'JPY', 'jp')).toBe('￥43.6兆');
  });
});
