import { describe, expect, it } from 'vitest';
import { cardNumberProblem, groupCardNumber, isCardType, maskedCardText, normalizeCardNumber } from './card';

describe('card numbers', () => {
  it('drops spaces and hyphens and reads full-width digits', () => {
    expect(normalizeCardNumber('1234 5678-9012')).toBe('123456789012');
    expect(normalizeCardNumber('１２３４５６７')).toBe('1234567');
  });

  it('needs 6 to 30 digits', () => {
    expect(cardNumberProblem('')).toBe('required');
    expect(cardNumberProblem('12345')).toBe('length');
    expect(cardNumberProblem('123456')).toBeNull();
    expect(cardNumberProblem('1'.repeat(31))).toBe('length');
    expect(cardNumberProblem('1234abcd')).toBe('digits');
  });

  it('groups digits in fours while typing', () => {
    expect(groupCardNumber('6222021234567890')).toBe('6222 0212 3456 7890');
    expect(groupCardNumber('12345')).toBe('1234 5');
    expect(groupCardNumber('1234')).toBe('1234');
  });

  it('shows only the last four digits of a saved card', () => {
    expect(maskedCardText('**** **** **** 7890')).toBe('•••• 7890');
    expect(maskedCardText('****')).toBe('••••');
  });

  it('knows the offered card types', () => {
    expect(isCardType('savings')).toBe(true);
    expect(isCardType('gold')).toBe(false);
  });
});
